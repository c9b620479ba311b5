/**
 * One error type for everything the API refuses on purpose. Each has a code the web app can
 * switch on, a message people can read and an HTTP status; the error handler maps it to JSON
 * `{ message, errors? }` once, at the edge.
 */
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** More of the answer beside message and errors (e.g. the current record of a 409). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const VALIDATION_MESSAGE = 'The given data was invalid.';

export const invalid = (errors: FieldErrors, message = VALIDATION_MESSAGE) => new AppError(422, 'validation_failed', message, errors);
export const badRequest = (message: string) => new AppError(400, 'bad_request', message);
export const unauthenticated = (message = 'Unauthenticated.') => new AppError(401, 'unauthenticated', message);
export const forbidden = (message = 'This action is unauthorized.') => new AppError(403, 'forbidden', message);
/** Missing and forbidden-to-see answer alike, so ids of other tenants reveal nothing. */
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts. Please try again later.') =>
  new AppError(429, 'too_many_requests', message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** Adds a message to a field's list, the shape the web app shows under each field. */
export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  const list = errors[field] ?? [];
  list.push(message);
  errors[field] = list;
}
