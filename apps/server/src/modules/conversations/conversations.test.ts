import { CONVERSATION_MESSAGES, MESSAGE_BODY_MAX } from '@turnout/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus, type ServerEvent } from '../../platform/events/bus.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { makeGlobalAdmin, makeTenant, makeUser, signIn } from '../../test/identity.ts';

type Headers = Record<string, string>;
interface Person {
  id: string;
  name: string;
  headers: Headers;
}

describe(`[CONVERSATIONS] /api/conversations* on ${TEST_DB}`, () => {
  let test: TestApp;
  let chief: Person;
  let firefighter: Person;
  let colleague: Person;
  let stranger: Person;
  let admin: Headers;

  const person = async (roleKey: string, tenantId: string): Promise<Person> => {
    const user = await makeUser(test, [{ roleKey, tenantId }]);
    return { id: user.id, name: `Name ${user.email.split('@')[0]}`, headers: await signIn(test, user.email) };
  };
  const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: unknown) =>
    test.app.inject({ method, url, headers, payload: payload as object });
  const start = async (who: Person, participants: string[], name?: string) => {
    const res = await call('POST', '/api/conversations', who.headers, { participants, name });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data as { id: string; name: string | null; second_party: { id: string; name: string } };
  };
  const send = (who: Person, id: string, body: unknown) =>
    call('POST', `/api/conversations/${id}/messages`, who.headers, { message: { body } });
  const listOf = async (who: Person) => (await call('GET', '/api/conversations', who.headers)).json();

  beforeAll(async () => {
    test = await createTestApp();
    const alpha = await makeTenant(test, 'Alpha');
    const bravo = await makeTenant(test, 'Bravo');
    chief = await person('Tenant Admin', alpha.id);
    firefighter = await person('Tenant User', alpha.id);
    colleague = await person('Tenant User', alpha.id);
    stranger = await person('Tenant Admin', bravo.id);
    admin = await signIn(test, (await makeGlobalAdmin(test)).email);
  });
  afterAll(() => test.close());

  it('refuses every call without a session (401)', async () => {
    for (const [method, url] of [
      ['GET', '/api/conversations'],
      ['GET', '/api/conversations/members'],
      ['POST', '/api/conversations'],
      ['GET', '/api/conversations/00000000-0000-4000-8000-000000000000/messages'],
      ['POST', '/api/conversations/00000000-0000-4000-8000-000000000000/messages'],
    ] as const) {
      expect((await call(method, url, {}, method === 'POST' ? {} : undefined)).statusCode, url).toBe(401);
    }
  });

  it('starts a conversation, delivers a message with unread counts, and marks it read when opened', async () => {
    const started = await start(chief, [firefighter.id]);
    expect(started.second_party).toEqual({ id: firefighter.id, name: firefighter.name });
    const theirs = (await listOf(firefighter)).data.find((c: { id: string }) => c.id === started.id);
    expect(theirs).toMatchObject({ second_party: { id: chief.id, name: chief.name }, unread_count: 0, last_message: null });

    const sent = await send(chief, started.id, '  Engine 3 is back in service.\n');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data).toMatchObject({ body: 'Engine 3 is back in service.', is_sender: true, sender: { id: chief.id } });

    const list = await listOf(firefighter);
    const row = list.data.find((c: { id: string }) => c.id === started.id);
    expect(row).toMatchObject({ unread_count: 1, last_message: { excerpt: 'Engine 3 is back in service.', is_sender: false } });
    expect(list.meta.unread_total).toBe(1);
    // The sender has nothing unread.
    expect((await listOf(chief)).data.find((c: { id: string }) => c.id === started.id).unread_count).toBe(0);

    const opened = await call('GET', `/api/conversations/${started.id}/messages`, firefighter.headers);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject([{ body: 'Engine 3 is back in service.', is_sender: false, sender: { name: chief.name } }]);
    expect((await listOf(firefighter)).meta.unread_total).toBe(0);
  });

  it('keeps a body as text: markup is stored and answered as written, never changed', async () => {
    const { id } = await start(chief, [colleague.id]);
    const body = '<img src=x onerror=alert(1)> see https://example.org/a?b=1';
    expect((await send(chief, id, body)).json().data.body).toBe(body);
  });

  it('answers 404 on a conversation to a member who is not in it, to another tenant and to a global admin', async () => {
    const { id } = await start(chief, [firefighter.id], 'Shift swap');
    for (const headers of [colleague.headers, stranger.headers, admin]) {
      expect((await call('GET', `/api/conversations/${id}/messages`, headers)).statusCode).toBeGreaterThanOrEqual(403);
      expect((await send({ ...chief, headers }, id, 'let me in')).statusCode).toBeGreaterThanOrEqual(403);
    }
    expect((await call('GET', `/api/conversations/${id}/messages`, colleague.headers)).statusCode).toBe(404);
    expect((await call('GET', `/api/conversations/${id}/messages`, stranger.headers)).statusCode).toBe(404);
    expect((await listOf(colleague)).data.some((c: { id: string }) => c.id === id)).toBe(false);
    expect((await listOf(stranger)).data.some((c: { id: string }) => c.id === id)).toBe(false);
    // A global admin at global level acts in no tenant.
    expect((await call('GET', '/api/conversations', admin)).statusCode).toBe(403);
    expect((await call('GET', '/api/conversations/not-a-uuid/messages', chief.headers)).statusCode).toBe(404);
  });

  it('refuses participants of another tenant or none, and reuses an unnamed conversation with the same person', async () => {
    const foreign = await call('POST', '/api/conversations', chief.headers, { participants: [stranger.id] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ participants: [CONVERSATION_MESSAGES.participantsInvalid] });
    const self = await call('POST', '/api/conversations', chief.headers, { participants: [chief.id] });
    expect(self.json().errors).toEqual({ participants: [CONVERSATION_MESSAGES.participantsRequired] });
    expect((await call('POST', '/api/conversations', chief.headers, { participants: [] })).statusCode).toBe(422);
    expect((await call('POST', '/api/conversations', chief.headers, { participants: ['nobody'] })).statusCode).toBe(422);
    const long = await call('POST', '/api/conversations', chief.headers, { participants: [firefighter.id], name: 'x'.repeat(256) });
    expect(long.json().errors).toEqual({ name: [CONVERSATION_MESSAGES.nameTooLong] });

    const first = await call('POST', '/api/conversations', firefighter.headers, { participants: [colleague.id] });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/api/conversations', colleague.headers, { participants: [firefighter.id] });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    const named = await call('POST', '/api/conversations', colleague.headers, { participants: [firefighter.id], name: 'Hose testing' });
    expect(named.statusCode).toBe(201);
    expect(named.json().data.id).not.toBe(first.json().data.id);
  });

  it('refuses an empty or too long body with 422 and keeps nothing', async () => {
    const { id } = await start(firefighter, [chief.id], 'Validation');
    for (const body of ['', '   \n ', null, 42, undefined]) {
      const res = await send(firefighter, id, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ 'message.body': [CONVERSATION_MESSAGES.bodyRequired] });
    }
    const tooLong = await send(firefighter, id, 'é'.repeat(MESSAGE_BODY_MAX + 1));
    expect(tooLong.json().errors).toEqual({ 'message.body': [CONVERSATION_MESSAGES.bodyTooLong] });
    expect((await call('POST', `/api/conversations/${id}/messages`, firefighter.headers, {})).statusCode).toBe(422);
    expect((await call('GET', `/api/conversations/${id}/messages`, firefighter.headers)).json().data).toEqual([]);
    expect((await send(firefighter, id, 'é'.repeat(MESSAGE_BODY_MAX))).statusCode).toBe(201);
  });

  it('pages backwards from the newest message without gaps or repeats', async () => {
    const { id } = await start(colleague, [chief.id], 'Paging');
    for (let i = 1; i <= 7; i += 1) expect((await send(i % 2 ? colleague : chief, id, `message ${i}`)).statusCode).toBe(201);
    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const res = await call('GET', `/api/conversations/${id}/messages?per_page=3${before ? `&before=${before}` : ''}`, chief.headers);
      const { data, meta } = res.json();
      seen.push(...data.map((m: { body: string }) => m.body));
      if (!meta.has_more) break;
      before = data[data.length - 1].id;
    }
    expect(seen).toEqual(['message 7', 'message 6', 'message 5', 'message 4', 'message 3', 'message 2', 'message 1']);
    const bad = await call('GET', `/api/conversations/${id}/messages?before=00000000-0000-4000-8000-000000000000`, chief.headers);
    expect(bad.statusCode).toBe(422);
    // Reading an older page does not mark newer messages read.
    await send(colleague, id, 'message 8');
    const newest = (await call('GET', `/api/conversations/${id}/messages?per_page=1`, chief.headers)).json().data[0];
    await send(colleague, id, 'message 9');
    await call('GET', `/api/conversations/${id}/messages?before=${newest.id}`, chief.headers);
    expect((await listOf(chief)).data.find((c: { id: string }) => c.id === id).unread_count).toBe(1);
  });

  it('lists members of the tenant by name, never the caller or another tenant', async () => {
    const all = (await call('GET', '/api/conversations/members', chief.headers)).json().data.map((p: { id: string }) => p.id);
    expect(all).toEqual(expect.arrayContaining([firefighter.id, colleague.id]));
    expect(all).not.toContain(chief.id);
    expect(all).not.toContain(stranger.id);
    const found = (
      await call('GET', `/api/conversations/members?search=${encodeURIComponent(colleague.name.slice(-8))}`, chief.headers)
    ).json();
    expect(found.data.map((p: { id: string }) => p.id)).toEqual([colleague.id]);
    expect((await call('GET', '/api/conversations/members?search=%25', chief.headers)).json().data).toEqual([]);
  });

  it('pushes each new message to every participant once it is saved', async () => {
    const { id } = await start(chief, [firefighter.id], 'Live');
    const heard: ServerEvent[] = [];
    const bus = new EventBus(test.database.db, test.app.log);
    await bus.start();
    const stops = [firefighter, colleague].map((p) =>
      bus.subscribe(p.id, (e) => {
        if (e.type === 'message') heard.push({ ...e, to: p.id });
      }),
    );
    await send(chief, id, 'Pushed');
    await send(chief, id, 'x'.repeat(MESSAGE_BODY_MAX));
    await expect.poll(() => heard.length).toBe(2);
    expect(heard[0]).toMatchObject({
      type: 'message',
      to: firefighter.id,
      conversation_id: id,
      message: { body: 'Pushed', is_sender: false },
    });
    // Too large for an event: the client fetches it.
    expect(heard[1]).toMatchObject({ type: 'message', conversation_id: id, message: null });
    for (const stop of stops) stop();
    await bus.close();
  });

  it('tells the bell once per conversation until it is read, and reading it clears that notification', async () => {
    const { id } = await start(chief, [colleague.id], 'Bell');
    const unreadNotifications = async () =>
      (await call('GET', '/api/notifications/unread', colleague.headers))
        .json()
        .data.filter((n: { data: { path: string } }) => n.data.path === `/conversations/${id}`);
    await send(chief, id, 'First');
    await send(chief, id, 'Second');
    const told = await unreadNotifications();
    expect(told.map((n: { data: { subject: string } }) => n.data.subject)).toEqual([`${chief.name} sent you a message in Bell`]);
    // The sender is not told of their own message.
    const chiefs = (await call('GET', '/api/notifications/unread', chief.headers)).json().data;
    expect(chiefs.some((n: { data: { path: string } }) => n.data.path === `/conversations/${id}`)).toBe(false);
    await call('GET', `/api/conversations/${id}/messages`, colleague.headers);
    expect(await unreadNotifications()).toEqual([]);
    await send(chief, id, 'Third');
    expect(await unreadNotifications()).toHaveLength(1);
  });
});
