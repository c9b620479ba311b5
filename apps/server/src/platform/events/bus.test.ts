import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TEST_DB } from '../../test/database.ts';
import { EVENTS_CHANNEL, EventBus, publishOnCommit, publishRecordsChanged, type ServerEvent } from './bus.ts';

describe(`[EVENTS] the event bus on ${TEST_DB}`, () => {
  let test: TestApp;
  let bus: EventBus;
  const alice = '00000000-0000-4000-8000-00000000000a';
  const bob = '00000000-0000-4000-8000-00000000000b';

  beforeAll(async () => {
    test = await createTestApp();
    bus = new EventBus(test.database.db, test.app.log);
    await bus.start();
  });
  afterAll(async () => {
    await bus.close();
    await test.close();
  });

  it("delivers a user's events to that user's subscribers only, until they unsubscribe", async () => {
    const toAlice: ServerEvent[] = [];
    const toBob: ServerEvent[] = [];
    const stopAlice = bus.subscribe(alice, (e) => toAlice.push(e));
    const stopBob = bus.subscribe(bob, (e) => toBob.push(e));
    await bus.publish(alice, { type: 'ping', tenant_id: null, n: 1 });
    await expect.poll(() => toAlice).toEqual([{ type: 'ping', tenant_id: null, n: 1 }]);
    expect(toBob).toEqual([]);
    stopAlice();
    await bus.publish(alice, { type: 'ping', tenant_id: null, n: 2 });
    await bus.publish(bob, { type: 'ping', tenant_id: null, n: 3 });
    await expect.poll(() => toBob.length).toBe(1);
    expect(toAlice).toHaveLength(1);
    stopBob();
    expect(bus.listenerCount()).toBe(0);
  });

  it("delivers an event for everyone to every user's subscribers", async () => {
    const toAlice: ServerEvent[] = [];
    const toBob: ServerEvent[] = [];
    const stopAlice = bus.subscribe(alice, (e) => toAlice.push(e));
    const stopBob = bus.subscribe(bob, (e) => toBob.push(e));
    const tenant = '00000000-0000-4000-8000-0000000000c1';
    await test.database.db.kysely.transaction().execute(async (tx) => {
      // Twice in one transaction: delivered once.
      await publishRecordsChanged(tx, tenant, 'hydrant');
      await publishRecordsChanged(tx, tenant, 'hydrant');
    });
    const expected = [{ type: 'records', tenant_id: tenant, entity_type: 'hydrant' }];
    await expect.poll(() => toAlice).toEqual(expected);
    await expect.poll(() => toBob).toEqual(expected);
    stopAlice();
    stopBob();
  });

  it('publishes from a transaction only when it commits', async () => {
    const heard: ServerEvent[] = [];
    const stop = bus.subscribe(alice, (e) => heard.push(e));
    const kysely = test.database.db.kysely;
    await expect(
      kysely.transaction().execute(async (tx) => {
        await publishOnCommit(tx, alice, { type: 'rolled-back', tenant_id: null });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await kysely.transaction().execute(async (tx) => {
      await publishOnCommit(tx, alice, { type: 'committed', tenant_id: null });
      // Not before the commit.
      await sql`SELECT 1`.execute(tx);
      expect(heard).toEqual([]);
    });
    await expect.poll(() => heard.map((e) => e.type)).toEqual(['committed']);
    stop();
  });

  it('refuses an event too large for NOTIFY, ignores malformed payloads and survives a failing listener', async () => {
    await expect(bus.publish(alice, { type: 'big', tenant_id: null, blob: 'x'.repeat(8_000) })).rejects.toThrow('too large');
    const heard: string[] = [];
    const stopBad = bus.subscribe(alice, () => {
      throw new Error('listener bug');
    });
    const stop = bus.subscribe(alice, (e) => heard.push(e.type));
    await sql`SELECT pg_notify(${EVENTS_CHANNEL}, 'not json')`.execute(test.database.db.kysely);
    await bus.publish(alice, { type: 'after', tenant_id: null });
    await expect.poll(() => heard).toEqual(['after']);
    stopBad();
    stop();
  });
});
