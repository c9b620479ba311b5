import { PASSWORD_MESSAGES, PASSWORD_RESET_SENT, PASSWORD_RESET_TOKEN_INVALID, PASSWORD_UPDATED } from '@turnout/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { login, makeGlobalAdmin, makeTenant, makeUser, signIn, unique } from '../../test/identity.ts';
import { linkIn, startSmtpServer } from '../../test/smtp.ts';

describe(`[IDENTITY] password reset through real mail on ${TEST_DB}`, () => {
  let test: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let tenantId: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    test = await createTestApp({ smtpUrl: smtp.url, publicUrl: 'https://turnout.test' });
    tenantId = (await makeTenant(test)).id;
  });
  afterAll(async () => {
    await test.close();
    await smtp.close();
  });

  const reset = (email: string) => test.app.inject({ method: 'POST', url: '/api/user/password-reset', payload: { email, source: 'web' } });
  const update = (payload: Record<string, string>) => test.app.inject({ method: 'POST', url: '/api/user/password-reset/update', payload });

  it('emails a link that sets a new password once, and ends the old sessions', async () => {
    const user = await makeUser(test, [{ roleKey: 'Tenant User', tenantId }]);
    const oldSession = await signIn(test, user.email);
    const res = await reset(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_SENT });
    const mail = await smtp.waitFor(user.email);
    const link = linkIn(mail.raw);
    expect(link.origin + link.pathname).toBe('https://turnout.test/reset-password');
    expect(link.searchParams.get('email')).toBe(user.email);
    expect(link.searchParams.get('new_account')).toBeNull();
    const token = link.searchParams.get('token')!;

    const done = await update({ email: user.email, token, password: 'Ladder-truck-77', password_confirmation: 'Ladder-truck-77' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: PASSWORD_UPDATED });
    expect((await test.app.inject({ method: 'GET', url: '/api/user', headers: oldSession })).statusCode).toBe(401);
    expect((await login(test, user.email, 'Ladder-truck-77')).statusCode).toBe(200);

    const again = await update({ email: user.email, token, password: 'Engine-company-9', password_confirmation: 'Engine-company-9' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ token: [PASSWORD_RESET_TOKEN_INVALID] });
    const actions = await test.database.db.kysely.selectFrom('sensitive_action').select('name').where('user_id', '=', user.id).execute();
    expect(actions.map((a) => a.name)).toEqual(['Password reset']);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const nobody = `${unique('nobody')}@test.example`;
    const res = await reset(nobody);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_SENT });
    await test.app.background.drain();
    expect(smtp.mails.some((m) => m.to.includes(nobody))).toBe(false);
  });

  it('refuses an expired link', async () => {
    const user = await makeUser(test, [{ roleKey: 'Tenant User', tenantId }]);
    await reset(user.email);
    const token = linkIn((await smtp.waitFor(user.email)).raw).searchParams.get('token')!;
    await test.database.db.kysely
      .updateTable('password_reset_token')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const res = await update({ email: user.email, token, password: 'Ladder-truck-77', password_confirmation: 'Ladder-truck-77' });
    expect(res.json().errors).toEqual({ token: [PASSWORD_RESET_TOKEN_INVALID] });
  });

  it('makes the link expire 60 minutes after it was sent', async () => {
    const user = await makeUser(test, [{ roleKey: 'Tenant User', tenantId }]);
    await reset(user.email);
    await smtp.waitFor(user.email);
    const row = await test.database.db.kysely
      .selectFrom('password_reset_token')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeCloseTo(60 * 60_000, -4);
  });

  it('enforces the set-password rule with the spec messages and keeps the old password', async () => {
    const user = await makeUser(test, [{ roleKey: 'Tenant User', tenantId }]);
    await reset(user.email);
    const token = linkIn((await smtp.waitFor(user.email)).raw).searchParams.get('token')!;
    const cases: [string, string, Record<string, string[]>][] = [
      ['', '', { password: [PASSWORD_MESSAGES.required] }],
      ['short1', 'short1', { password: [PASSWORD_MESSAGES.tooShort] }],
      ['onlyletters', 'onlyletters', { password: [PASSWORD_MESSAGES.needsNumber] }],
      ['1234567890', '1234567890', { password: [PASSWORD_MESSAGES.needsLetter] }],
      ['password1', 'password1', { password: [PASSWORD_MESSAGES.tooCommon] }],
      ['Ladder-truck-77', 'Ladder-truck-78', { password_confirmation: [PASSWORD_MESSAGES.mismatch] }],
      [`a1${'x'.repeat(127)}`, `a1${'x'.repeat(127)}`, { password: [PASSWORD_MESSAGES.tooLong] }],
    ];
    for (const [password, confirmation, errors] of cases) {
      const res = await update({ email: user.email, token, password, password_confirmation: confirmation });
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors, password).toEqual(errors);
    }
    // 64 characters are allowed (the rule promises at least that).
    const long = `Aa1${'b'.repeat(61)}`;
    expect((await update({ email: user.email, token, password: long, password_confirmation: long })).statusCode).toBe(200);
  });

  it('sends a welcome mail with new_account=1 when an admin asks, and only admins may', async () => {
    const user = await makeUser(test, [{ roleKey: 'Tenant User', tenantId }]);
    const firefighter = await signIn(test, user.email);
    expect(
      (await test.app.inject({ method: 'POST', url: '/api/user/resend-welcome', headers: firefighter, payload: { email: user.email } }))
        .statusCode,
    ).toBe(403);
    const admin = await makeGlobalAdmin(test);
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/user/resend-welcome',
      headers: await signIn(test, admin.email),
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Resent welcome email successfully.' });
    const link = linkIn((await smtp.waitFor(user.email)).raw);
    expect(link.searchParams.get('new_account')).toBe('1');
  });
});
