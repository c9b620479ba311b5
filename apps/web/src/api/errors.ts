import { errorBody } from '@turnout/shared';

export type FieldErrors = Record<string, string[]>;

/** A non-2xx answer of the API (spec 01 §8), or statusCode 0 when the server could not be reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  /** The parsed response body: `{ message, errors? }` from our API, or whatever else came back. */
  readonly body: unknown;

  constructor(statusCode: number, message: string, body: unknown = null) {
    super(message);
    this.statusCode = statusCode;
    this.body = body;
  }

  /** Per-field messages of a 422 answer, keyed by field property; empty when there are none. */
  get fieldErrors(): FieldErrors {
    const parsed = errorBody.safeParse(this.body);
    return parsed.success ? (parsed.data.errors ?? {}) : {};
  }
}

/**
 * The answer was 401 to a request that carried a token: the token is gone and the app is on
 * its way to the sign-in screen. Screens treat it as settled: no banner, no toast, no retry.
 */
export class SignedOutError extends Error {
  override readonly name = 'SignedOutError';
  constructor() {
    super('Your session has ended. Please sign in again.');
  }
}

export function isSignedOut(error: unknown): error is SignedOutError {
  return error instanceof SignedOutError;
}

export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

export function toApiError(status: number, statusText: string, body: unknown): ApiError {
  const parsed = errorBody.safeParse(body);
  const message = parsed.success ? parsed.data.message : statusText || `Request failed with status ${status}`;
  return new ApiError(status, message, body);
}

/** The network failed before any answer (offline, DNS, connection refused): statusCode 0. */
export function networkError(error: unknown): ApiError {
  const message = error instanceof Error && error.message ? error.message : 'Failed to fetch';
  return new ApiError(0, message, null);
}
