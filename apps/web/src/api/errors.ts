import type { ErrorBody } from '@turnout/shared';

/**
 * The API's error answer `{ message, errors? }` (the shared contract's errorBody), checked by
 * hand: every screen reads errors, and zod stays out of the sign-in route's first download
 * (issue 20, decision 0022).
 */
export function asErrorBody(body: unknown): ErrorBody | null {
  if (typeof body !== 'object' || body === null) return null;
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  if (typeof message !== 'string') return null;
  if (errors === undefined) return { message };
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return null;
  for (const list of Object.values(errors)) {
    if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) return null;
  }
  return { message, errors: errors as Record<string, string[]> };
}

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
    return asErrorBody(this.body)?.errors ?? {};
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
  const message = asErrorBody(body)?.message ?? (statusText || `Request failed with status ${status}`);
  return new ApiError(status, message, body);
}

/** The network failed before any answer (offline, DNS, connection refused): statusCode 0. */
export function networkError(error: unknown): ApiError {
  const message = error instanceof Error && error.message ? error.message : 'Failed to fetch';
  return new ApiError(0, message, null);
}
