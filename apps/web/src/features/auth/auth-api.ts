import { api } from '../../api/index.ts';

/** The sign-in calls of spec 01 §7. Their contract schemas join '@turnout/shared' with the identity module. */
export interface LoginRequest {
  email: string;
  password: string;
  mfa_code?: string;
}

export interface LoginResponse {
  access_token: string;
  user?: unknown;
}

const loginResponse = {
  parse(data: unknown): LoginResponse {
    const token = (data as { access_token?: unknown } | null)?.access_token;
    if (typeof token !== 'string' || token === '') throw new Error('the server answered without an access token');
    return data as LoginResponse;
  },
};

export function login(body: LoginRequest): Promise<LoginResponse> {
  return api.post('/user/login', body, { schema: loginResponse });
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return api.post('/user/password-reset', { email, source: 'web' });
}

export interface PasswordUpdate {
  email: string;
  password: string;
  password_confirmation: string;
  token: string;
}

export function updatePassword(body: PasswordUpdate): Promise<unknown> {
  return api.post('/user/password-reset/update', body);
}
