import { endpoint } from './endpoint.js';
import type * as schemas from './media.schemas.js';

const tag = 'Catalogue admin';

export const uploadImages = endpoint<typeof schemas.uploadImages>({
  method: 'POST',
  path: '/api/upload',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Upload pictures',
  description:
    'multipart/form-data with 1 to 10 files under the field `images`: JPEG, PNG or WebP (judged by their ' +
    'content, not their name) up to 10 MB each. Each is turned, if needed, and saved as WebP at most 1,600 px ' +
    'wide (never enlarged), with 400 and 600 px copies beside it (`x-400.webp`, `x-600.webp`). Answers one ' +
    'entry per file, in order, with an absolute `url` (200, as the original admin client expects). A file ' +
    'that is not a picture, or too large, is a 400 naming it. 60 uploads per 10 minutes per staff member.',
  errors: [400, 429],
});

export const deleteImage = endpoint<typeof schemas.deleteImage>({
  method: 'DELETE',
  path: '/api/upload/delete-img/:public_id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Delete an uploaded picture',
  description:
    'Deletes the picture and its smaller copies. 404 for an id no upload has; 409 while a product shows it ' +
    '(remove it from the product first).',
  errors: [400, 404, 409],
});
