/** A failure a person can act on: an HTTP status, a sentence, and a machine code. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'bad_request', details?: Record<string, unknown>) =>
  new AppError(400, code, message, details);
export const notFound = (message = 'We could not find what you asked for.', code = 'not_found') =>
  new AppError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
export const tooLarge = (limitBytes: number) =>
  new AppError(413, 'payload_too_large', `The request body is too large. Send at most ${Math.floor(limitBytes / 1024)} KB.`);
export const unprocessable = (message: string, code = 'business_rule') => new AppError(422, code, message);
