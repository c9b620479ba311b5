import type { LoginResponse } from '@turnout/shared';
import { api } from '../../api/index.ts';

/**
 * The sign-in calls of spec 01 §7, checked with the shared contract schemas. The schemas (and
 * zod with them) load with the first call, in parallel with it, not with the sign-in screen:
 * its first download stays within 150 KB (issue 20, decision 0022).
 */
const contract = () => import('@turnout/shared/contract/identity');

export interface LoginRequest {
  email: string;
  password: string;
  mfa_code?: string;
}

export async function login(body: LoginRequest): Promise<LoginResponse> {
  const [answer, { loginResponse }] = await Promise.all([api.post('/user/login', body), contract()]);
  return loginResponse.parse(answer);
}

export async function requestPasswordReset(email: string): Promise<{ message: string }> {
  const [answer, { messageResponse }] = await Promise.all([api.post('/user/password-reset', { email, source: 'web' }), contract()]);
  return messageResponse.parse(answer);
}

export interface PasswordUpdate {
  email: string;
  password: string;
  password_confirmation: string;
  token: string;
}

export async function updatePassword(body: PasswordUpdate): Promise<{ message: string }> {
  const [answer, { messageResponse }] = await Promise.all([api.post('/user/password-reset/update', body), contract()]);
  return messageResponse.parse(answer);
}
