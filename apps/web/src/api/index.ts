import { environmentStore } from '../app/environment.ts';
import { authStore } from './auth-store.ts';
import { BUILD_INFO } from './build-info.ts';
import { createApiClient } from './client.ts';

export { answer, answerData, messageAnswer } from './answers.ts';
export type { ApiClient, Parser, QueryParams, RequestOptions } from './client.ts';
export { ApiError, type FieldErrors, isSignedOut, SignedOutError } from './errors.ts';

/** The app's one API client: token from the auth store, environment from the environment store. */
export const api = createApiClient({
  auth: authStore,
  environment: () => environmentStore.current(),
  build: BUILD_INFO,
});
