/**
 * Errors a customer or client can act on. Services throw these; the error handler turns them
 * into `{message}` JSON with the status, so routes never build error responses by hand.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** Headers the answer carries (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, message, fields);
export const unauthorized = (message = 'Please log in to continue.') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const serviceUnavailable = (
  message = 'The shop is briefly unavailable. Please try again in a moment.',
) => new AppError(503, message);
