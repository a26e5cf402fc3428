/**
 * The API's answer types in one place for older imports. Each is inferred from its schema in
 * shared/api/*.schemas.ts (the single definition the server validates and documents with);
 * nothing here is written by hand.
 */
export type { ApiBlog } from './api/blog.schemas.js';
export type { ApiColor, ApiImage, ApiProduct, ApiRating } from './api/catalog.schemas.js';
export type { ApiErrorBody as ApiError } from './api/endpoint.js';
export type { ApiEnquiry } from './api/enquiries.schemas.js';
