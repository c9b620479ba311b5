import { type LoginResponse, loginResponse, messageResponse } from '@turnout/shared';
import { api } from '../../api/index.ts';

/** The sign-in calls of spec 01 §7, checked with the shared contract schemas. */
export interface LoginRequest {
  email: string;
  password: string;
  mfa_code?: string;
}

export function login(body: LoginRequest): Promise<LoginResponse> {
  return api.post('/user/login', body, { schema: loginResponse });
}

export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return api.post('/user/password-reset', { email, source: 'web' }, { schema: messageResponse });
}

export interface PasswordUpdate {
  email: string;
  password: string;
  password_confirmation: string;
  token: string;
}

export function updatePassword(body: PasswordUpdate): Promise<{ message: string }> {
  return api.post('/user/password-reset/update', body, { schema: messageResponse });
}
