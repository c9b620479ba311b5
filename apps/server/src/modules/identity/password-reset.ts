import { PASSWORD_RESET_TOKEN_INVALID, PASSWORD_UPDATED, RESENT_WELCOME } from '@turnout/shared';
import { sql } from 'kysely';
import { type AuthContext, hashToken, newToken } from '../../platform/auth/context.ts';
import { forbidden, invalid, notFound } from '../../platform/http/errors.ts';
import { actorOf, recordSensitiveAction } from '../sensitive-actions/service.ts';
import type { IdentityDeps } from './deps.ts';
import { hashPassword, newPasswordProblems } from './passwords.ts';
import { endSessionsOfUser } from './sessions.ts';

export const RESET_LINK_MINUTES = 60;
export const WELCOME_LINK_DAYS = 7;
/** Reset mails per account per hour; more are dropped silently (the answer never changes). */
export const RESET_MAILS_PER_HOUR = 3;

function link(deps: IdentityDeps, email: string, token: string, newAccount: boolean): string {
  const params = new URLSearchParams({ email, token });
  if (newAccount) params.set('new_account', '1');
  return `${deps.config.publicUrl}/reset-password?${params.toString()}`;
}

async function issueToken(deps: IdentityDeps, userId: string, purpose: 'reset' | 'welcome'): Promise<string> {
  const token = newToken();
  const lifetimeMs = purpose === 'reset' ? RESET_LINK_MINUTES * 60_000 : WELCOME_LINK_DAYS * 86_400_000;
  await deps.db
    .insertInto('password_reset_token')
    .values({ token_hash: hashToken(token), user_id: userId, purpose, expires_at: new Date(Date.now() + lifetimeMs) })
    .execute();
  return token;
}

/**
 * POST /user/password-reset. Runs in the background so the answer, and how long it takes, is
 * the same whether or not the address exists.
 */
export async function sendPasswordReset(deps: IdentityDeps, email: string, source: 'web' | 'mobile'): Promise<void> {
  const user = await deps.db
    .selectFrom('app_user')
    .select(['id', 'email', 'display_name', 'sign_in_enabled'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user?.sign_in_enabled) return;
  const recent = await deps.db
    .selectFrom('password_reset_token')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.id)
    .where('purpose', '=', 'reset')
    .where('created_at', '>', new Date(Date.now() - 3_600_000))
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= RESET_MAILS_PER_HOUR) return;
  const token = await issueToken(deps, user.id, 'reset');
  const url = link(deps, user.email, token, false);
  await deps.mailer.send({
    to: user.email,
    subject: 'Reset your Turnout password',
    text: `Hello ${user.display_name},\n\nSomeone asked to reset the password of your Turnout account (from the ${source} app). To choose a new password, open this link within ${RESET_LINK_MINUTES} minutes:\n\n${url}\n\nIf it was not you, ignore this email: your password stays as it is.\n`,
  });
}

/** The welcome email of a new account: a link to set the first password (new_account=1). */
export async function sendWelcome(deps: IdentityDeps, user: { id: string; email: string; display_name: string }): Promise<void> {
  const token = await issueToken(deps, user.id, 'welcome');
  const url = link(deps, user.email, token, true);
  await deps.mailer.send({
    to: user.email,
    subject: 'Welcome to Turnout',
    text: `Hello ${user.display_name},\n\nAn account has been made for you on Turnout. Set your password with this link (valid for ${WELCOME_LINK_DAYS} days):\n\n${url}\n`,
  });
}

/** POST /user/resend-welcome: global admins for anyone, tenant admins for people of their tenant. */
export async function resendWelcome(deps: IdentityDeps, auth: AuthContext, email: string): Promise<string> {
  const user = await deps.db
    .selectFrom('app_user')
    .select(['id', 'email', 'display_name'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!auth.isGlobalAdmin) {
    if (auth.actingRole !== 'Tenant Admin' || !auth.tenantId) throw forbidden();
    const inTenant = user
      ? await deps.db
          .selectFrom('role_assignment')
          .select('id')
          .where('user_id', '=', user.id)
          .where('tenant_id', '=', auth.tenantId)
          .executeTakeFirst()
      : undefined;
    if (!inTenant) throw notFound();
  }
  if (!user) throw notFound();
  await sendWelcome(deps, user);
  await recordSensitiveAction(deps.db, {
    actor: actorOf(auth),
    tenantId: auth.tenantId,
    name: 'Welcome email resent',
    content: `Welcome email resent to ${user.email}.`,
  });
  return RESENT_WELCOME;
}

/** POST /user/password-reset/update: a valid, unused, unexpired link sets the password once. */
export async function updatePasswordWithToken(
  deps: IdentityDeps,
  input: { email: string; token: string; password: string; password_confirmation: string },
): Promise<string> {
  const problems = newPasswordProblems(input.password, input.password_confirmation);
  if (Object.keys(problems).length) throw invalid(problems);
  const hash = hashToken(input.token);
  const row = await deps.db
    .selectFrom('password_reset_token as p')
    .innerJoin('app_user as u', 'u.id', 'p.user_id')
    .select(['p.user_id', 'p.purpose', 'u.email', 'u.display_name'])
    .where('p.token_hash', '=', hash)
    .where('p.used_at', 'is', null)
    .where('p.expires_at', '>', new Date())
    .where(sql`lower(u.email)`, '=', input.email.trim().toLowerCase())
    .executeTakeFirst();
  if (!row) throw invalid({ token: [PASSWORD_RESET_TOKEN_INVALID] });
  const passwordHash = await hashPassword(input.password, deps.config.argon2);
  await deps.db.transaction().execute(async (tx) => {
    // Used once: of two racing requests only the one that marks the token wins.
    const marked = await tx
      .updateTable('password_reset_token')
      .set({ used_at: new Date() })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) throw invalid({ token: [PASSWORD_RESET_TOKEN_INVALID] });
    await tx
      .updateTable('password_reset_token')
      .set({ used_at: new Date() })
      .where('user_id', '=', row.user_id)
      .where('used_at', 'is', null)
      .execute();
    await tx.updateTable('app_user').set({ password_hash: passwordHash, updated_at: new Date() }).where('id', '=', row.user_id).execute();
    await endSessionsOfUser(tx, row.user_id);
    await recordSensitiveAction(tx, {
      actor: { userId: row.user_id, displayName: row.display_name },
      tenantId: null,
      name: row.purpose === 'welcome' ? 'Password set' : 'Password reset',
      content:
        row.purpose === 'welcome'
          ? `${row.email} set the first password of a new account.`
          : `${row.email} reset their password with an emailed link.`,
    });
  });
  return PASSWORD_UPDATED;
}
