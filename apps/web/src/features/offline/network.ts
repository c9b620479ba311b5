import { ApiError } from '../../api/errors.ts';

/** The request never reached the server ('Failed to fetch'), whatever navigator.onLine says. */
export const isNetworkFailure = (error: unknown) => (error instanceof ApiError && error.statusCode === 0) || error instanceof TypeError;

/** The browser says it has no network. */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
