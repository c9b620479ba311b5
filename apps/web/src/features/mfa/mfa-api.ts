import type { CurrentUser } from '@turnout/shared';
import { answerData, api } from '../../api/index.ts';

export interface MfaEnrolment {
  /** A PNG data URL of the otpauth:// QR code. */
  qr_code_image: string;
  /** The secret, for typing into an authenticator by hand. */
  key: string;
}

/** GET /user/enrol-mfa: a new secret, pending until finished (409 when already enrolled). */
export function startMfaEnrolment(): Promise<MfaEnrolment> {
  return api.get('/user/enrol-mfa', { schema: answerData<MfaEnrolment>() });
}

/** POST /user/finish-mfa: the first code proves the authenticator holds the secret; answers the updated user. */
export function finishMfaEnrolment(code: string): Promise<CurrentUser> {
  return api.post('/user/finish-mfa', { code }, { schema: answerData<CurrentUser>() });
}
