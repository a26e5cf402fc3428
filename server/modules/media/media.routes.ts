import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as endpoints from '../../../shared/api/media.js';
import * as schemas from '../../../shared/api/media.schemas.js';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '../../../shared/api/media.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { limiter } from '../../lib/rate-limit.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';
import type { UploadedFile } from './media.service.js';

/**
 * Picture uploads (the original admin client's `upload/` and the console's). Multipart bodies are
 * accepted in this plugin's scope only.
 */
export async function mediaRoutes(app: FastifyInstance, { services }: ApiOptions) {
  const media = services.media;
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: UPLOAD_MAX_FILES, fields: 10, parts: UPLOAD_MAX_FILES + 10 },
  });
  // Resizing is the heaviest thing the API does; staff upload in bursts, not streams.
  const uploadLimit = limiter(app, 'media-upload', {
    max: 60,
    minutes: 10,
    key: (request) => currentStaff(request).id,
  });

  registerEndpoint(
    app,
    endpoints.uploadImages,
    schemas.uploadImages,
    async (_input, request) => media.upload(currentStaff(request), await readImages(request)),
    { preValidation: [uploadLimit] },
  );
  registerEndpoint(app, endpoints.deleteImage, schemas.deleteImage, ({ params }, request) =>
    media.remove(currentStaff(request), params.public_id),
  );
}

/** Every file under `images`, in the order sent. */
async function readImages(request: FastifyRequest): Promise<UploadedFile[]> {
  if (!request.isMultipart()) {
    throw badRequest('Send the pictures as multipart/form-data, each in a part named "images".');
  }
  const files: UploadedFile[] = [];
  let current = '';
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      current = part.filename || 'A file';
      if (part.fieldname !== 'images') {
        // Drain it so the request can finish, then refuse.
        await part.toBuffer().catch(() => {});
        throw badRequest(
          `Send the pictures under the field name "images" (got "${part.fieldname.slice(0, 40)}").`,
        );
      }
      files.push({ filename: part.filename, data: await part.toBuffer() });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badRequest(`${current.slice(0, 120)} is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`);
    }
    if (code === 'FST_FILES_LIMIT')
      throw badRequest(`Upload at most ${UPLOAD_MAX_FILES} pictures at a time.`);
    if (code?.startsWith('FST_')) throw badRequest('The upload could not be read. Please try again.');
    throw error;
  }
  if (files.length === 0) throw badRequest('Choose at least one picture to upload.');
  return files;
}
