import { GLOBAL_ADMIN_ROLE, LOGIN_MESSAGES, type LoginBody, type LoginResponse } from '@turnout/shared';
import { sql } from 'kysely';
import { open } from '../../platform/crypto.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { AppError, forbidden, invalid, tooManyRequests } from '../../platform/http/errors.ts';
import type { IdentityDeps, RequestOrigin } from './deps.ts';
import { verifyAgainstNothing, verifyPassword } from './passwords.ts';
import { createSession } from './sessions.ts';
import { claimAttempt } from './throttle.ts';
import { totpTimeStep } from './totp.ts';
import { loginAnswer, roleAssignments } from './user.ts';

type Outcome =
  | 'success'
  | 'bad_credentials'
  | 'mfa_required'
  | 'bad_mfa_code'
  | 'user_disabled'
  | 'tenant_disabled'
  | 'no_tenant'
  | 'throttled';

/**
 * Every attempt is written down (who, when in UTC, where from, outcome) and logged: the row
 * claimAttempt wrote before the password was checked gets its outcome here.
 */
async function recordAttempt(
  deps: IdentityDeps,
  attemptId: number,
  email: string,
  userId: string | null,
  origin: RequestOrigin,
  outcome: Outcome,
): Promise<void> {
  await deps.db
    .updateTable('sign_in_attempt')
    .set({ user_id: userId, outcome, succeeded: outcome === 'success' })
    .where('id', '=', attemptId)
    .execute();
  deps.log.info({ event: 'sign_in', email, userId, ip: origin.ip, outcome, at: new Date().toISOString() }, 'sign-in attempt');
}

const credentialsFailed = () => invalid({ email: [LOGIN_MESSAGES.failed], password: [LOGIN_MESSAGES.failed] });

/** Accepts a TOTP code once: the step must be newer than the last accepted one (RFC 6238 §5.2). */
export async function acceptTotp(
  deps: IdentityDeps,
  userId: string,
  sealedSecret: string,
  lastStep: number | null,
  code: string,
): Promise<boolean> {
  const step = await totpTimeStep(open(deps.config.secretKey, sealedSecret), code, lastStep);
  if (step === null) return false;
  // Conditional write: of two requests racing with the same code, only one wins.
  const updated = await deps.db
    .updateTable('app_user')
    .set({ mfa_last_time_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('mfa_last_time_step', 'is', null), eb('mfa_last_time_step', '<', step)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** POST /user/login (spec 01 §7): password, then the second factor, then the acting context. */
export async function signIn(deps: IdentityDeps, input: LoginBody, origin: RequestOrigin): Promise<LoginResponse> {
  const email = input.email.trim().toLowerCase();
  const { attemptId, retryAfter } = await claimAttempt(deps.db, email, origin.ip);
  if (retryAfter > 0) {
    await recordAttempt(deps, attemptId, email, null, origin, 'throttled');
    throw tooManyRequests(retryAfter, LOGIN_MESSAGES.throttled);
  }

  const user = await deps.db
    .selectFrom('app_user')
    .select(['id', 'password_hash', 'sign_in_enabled', 'sign_in_disabled_error', 'mfa_secret', 'mfa_enrolled_at', 'mfa_last_time_step'])
    .where(sql`lower(email)`, '=', email)
    .executeTakeFirst();
  const passwordOk = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstNothing(input.password, deps.config.argon2);
  if (!user || !passwordOk) {
    await recordAttempt(deps, attemptId, email, user?.id ?? null, origin, 'bad_credentials');
    throw credentialsFailed();
  }

  if (!user.sign_in_enabled) {
    await recordAttempt(deps, attemptId, email, user.id, origin, 'user_disabled');
    throw forbidden(user.sign_in_disabled_error || LOGIN_MESSAGES.signInDisabled);
  }

  if (user.mfa_enrolled_at && user.mfa_secret) {
    const code = input.mfa_code?.trim();
    if (!code) {
      await recordAttempt(deps, attemptId, email, user.id, origin, 'mfa_required');
      throw invalid({ mfa_code: [LOGIN_MESSAGES.mfaRequired] });
    }
    if (!(await acceptTotp(deps, user.id, user.mfa_secret, user.mfa_last_time_step, code))) {
      await recordAttempt(deps, attemptId, email, user.id, origin, 'bad_mfa_code');
      throw invalid({ mfa_code: [LOGIN_MESSAGES.mfaInvalid] });
    }
  }

  const context = await initialContext(deps, user.id);
  if (context instanceof AppError) {
    await recordAttempt(deps, attemptId, email, user.id, origin, context.code === 'no_tenant' ? 'no_tenant' : 'tenant_disabled');
    throw forbidden(context.message);
  }
  const token = await createSession(
    deps.db,
    { userId: user.id, ...context, ip: origin.ip, userAgent: origin.userAgent },
    deps.config.session.maxDays,
  );
  await recordAttempt(deps, attemptId, email, user.id, origin, 'success');
  return loginAnswer(deps.db, token, { userId: user.id, ...context }, deps.config.signInAsAdmins);
}

/**
 * Where a user lands after sign-in: global admins at global level; everyone else in the first
 * department (by name) whose sign-in is enabled, acting as their personnel role when they hold
 * it there, else their first role there.
 */
async function initialContext(deps: IdentityDeps, userId: string) {
  const roles = await roleAssignments(deps.db, userId);
  if (roles.some((r) => r.role_key === GLOBAL_ADMIN_ROLE && r.tenant_id === null)) {
    return { tenantId: null, actingRole: GLOBAL_ADMIN_ROLE, isGlobal: true };
  }
  const inTenants = roles.filter((r) => r.tenant_id !== null);
  const enabled = inTenants.filter((r) => r.sign_in_enabled);
  if (enabled.length === 0) {
    if (inTenants.length === 0)
      return new AppError(403, 'no_tenant', 'Your account is not attached to a department. Please contact your administrator.');
    return new AppError(403, 'tenant_disabled', inTenants[0]!.sign_in_disabled_error || LOGIN_MESSAGES.tenantSignInDisabled);
  }
  const tenantId = enabled[0]!.tenant_id!;
  const held = roles.filter((r) => r.tenant_id === tenantId || r.tenant_id === null).map((r) => r.role_key);
  const personnel = await withContext(deps.db, { tenantId, userId, isGlobal: false }, (tx) =>
    tx.selectFrom('personnel').select('role').where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst(),
  );
  const actingRole = personnel && held.includes(personnel.role) ? personnel.role : held[0]!;
  return { tenantId, actingRole, isGlobal: false };
}
