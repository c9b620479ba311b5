import { GLOBAL_ADMIN_ROLE } from '@turnout/shared';
import { createUserAccount } from '../modules/identity/accounts.ts';
import type { TestApp } from './app.ts';

export const PASSWORD = 'Station-42-hose';
let counter = 0;

export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}

export async function makeTenant(test: TestApp, displayName = unique('Dept')) {
  return test.database.db.kysely
    .insertInto('tenant')
    .values({ name: unique('tenant').toLowerCase(), display_name: displayName })
    .returning(['id', 'name', 'display_name'])
    .executeTakeFirstOrThrow();
}

/** A user with a password and the given roles; returns id and email. */
export async function makeUser(
  test: TestApp,
  roles: { roleKey: string; tenantId: string | null }[],
  email = `${unique('user')}@test.example`,
) {
  const id = await createUserAccount(
    test.database.db.kysely,
    { email, displayName: `Name ${email.split('@')[0]}`, password: PASSWORD, roles },
    test.app.config.argon2,
  );
  return { id, email };
}

export async function makeGlobalAdmin(test: TestApp, email?: string) {
  return makeUser(test, [{ roleKey: GLOBAL_ADMIN_ROLE, tenantId: null }], email);
}

export async function login(
  test: TestApp,
  email: string,
  password = PASSWORD,
  extra: Record<string, unknown> = {},
  remoteAddress = '10.9.8.7',
) {
  return test.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password, ...extra }, remoteAddress });
}

/** Signs in and returns the bearer headers; fails the test when sign-in fails. */
export async function signIn(test: TestApp, email: string, password = PASSWORD): Promise<{ authorization: string }> {
  const res = await login(test, email, password, {}, `10.${counter % 250}.${(counter * 7) % 250}.1`);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().access_token}` };
}

/** A new user with one role in one tenant (or none: the system level), signed in: the bearer headers. */
export async function signedInAs(test: TestApp, roleKey: string, tenantId: string | null): Promise<{ authorization: string }> {
  return signIn(test, (await makeUser(test, [{ roleKey, tenantId }])).email);
}

/**
 * Department Alpha with its chief (Tenant Admin) and two firefighters (Tenant User), and
 * Bravo's chief: who record tests act as, and the other tenant they try from.
 */
export async function makeCrew(test: TestApp) {
  const alpha = await makeTenant(test, 'Alpha');
  const bravo = await makeTenant(test, 'Bravo');
  return {
    alpha,
    bravo,
    chief: await signedInAs(test, 'Tenant Admin', alpha.id),
    firefighter: await signedInAs(test, 'Tenant User', alpha.id),
    colleague: await signedInAs(test, 'Tenant User', alpha.id),
    other: await signedInAs(test, 'Tenant Admin', bravo.id),
  };
}
