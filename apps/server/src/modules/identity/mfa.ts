import { LOGIN_MESSAGES } from '@turnout/shared';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import type { AuthContext } from '../../platform/auth/context.ts';
import { open, seal } from '../../platform/crypto.ts';
import { conflict, invalid } from '../../platform/http/errors.ts';
import { actorOf, recordSensitiveAction } from '../sensitive-actions/service.ts';
import type { IdentityDeps } from './deps.ts';
import { totpTimeStep } from './totp.ts';

export const MFA_ISSUER = 'Turnout';

/** GET /user/enrol-mfa: a new TOTP secret (RFC 6238, 30 s, 6 digits), kept pending until finished. */
export async function startMfaEnrolment(deps: IdentityDeps, auth: AuthContext): Promise<{ qr_code_image: string; key: string }> {
  const user = await deps.db
    .selectFrom('app_user')
    .select(['email', 'mfa_enrolled_at'])
    .where('id', '=', auth.userId)
    .executeTakeFirstOrThrow();
  if (user.mfa_enrolled_at) throw conflict('Multi-factor authentication is already set up for this account.');
  const key = generateSecret();
  await deps.db
    .updateTable('app_user')
    .set({ mfa_pending_secret: seal(deps.config.secretKey, key) })
    .where('id', '=', auth.userId)
    .execute();
  const uri = generateURI({ issuer: MFA_ISSUER, label: user.email, secret: key });
  return { qr_code_image: await QRCode.toDataURL(uri, { margin: 1, width: 240 }), key };
}

/** POST /user/finish-mfa: the first code proves the authenticator holds the secret. */
export async function finishMfaEnrolment(deps: IdentityDeps, auth: AuthContext, code: string): Promise<void> {
  const user = await deps.db
    .selectFrom('app_user')
    .select(['mfa_pending_secret', 'mfa_enrolled_at'])
    .where('id', '=', auth.userId)
    .executeTakeFirstOrThrow();
  if (user.mfa_enrolled_at) throw conflict('Multi-factor authentication is already set up for this account.');
  if (!user.mfa_pending_secret) throw invalid({ code: ['Start the enrolment first.'] });
  const step = await totpTimeStep(open(deps.config.secretKey, user.mfa_pending_secret), code);
  if (step === null) throw invalid({ code: [LOGIN_MESSAGES.mfaInvalid] });
  await deps.db
    .updateTable('app_user')
    .set({ mfa_secret: user.mfa_pending_secret, mfa_pending_secret: null, mfa_enrolled_at: new Date(), mfa_last_time_step: step })
    .where('id', '=', auth.userId)
    .execute();
  await recordSensitiveAction(deps.db, {
    actor: actorOf(auth),
    tenantId: auth.tenantId,
    name: 'MFA enrolled',
    content: `${auth.email} set up multi-factor authentication.`,
  });
}
