import type { HomeNavigation, SystemAlert } from '@turnout/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { TEST_DB } from '../test/database.ts';
import { signIn } from '../test/identity.ts';
import { DEMO_ENTITY_TYPES, entityTypesDemo } from './entity-types.ts';
import { DEMO_BUTTONS, DEMO_TYPE_PLACES, homeDemo } from './home.ts';
import { identityDemo } from './identity.ts';
import { type DemoContext, seedDemo } from './seed.ts';
import { tenantsDemo } from './tenants.ts';

describe(`[DEMO] home navigation on ${TEST_DB}`, () => {
  let test: TestApp;
  let context: DemoContext;
  let firefighter: Record<string, string>;
  const seeders = [tenantsDemo, identityDemo, entityTypesDemo, homeDemo];

  const countEntities = async () =>
    Number(
      (
        await test.database.db.kysely
          .selectFrom('entity')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    test = await createTestApp();
    context = { db: test.database.db.kysely, password: test.app.config.demoPassword, argon2: test.app.config.argon2 };
    await seedDemo(context, seeders);
    firefighter = await signIn(test, 'firefighter@riverside.example', context.password);
  });
  afterAll(() => test.close());

  it('gives Riverside a Home category with four sub-categories, one nested, and places all nine demo types', async () => {
    const res = await test.app.inject({ method: 'GET', url: '/api/home', headers: firefighter });
    expect(res.statusCode, res.body).toBe(200);
    const nav = res.json().data as HomeNavigation;
    const byId = new Map(nav.categories.map((c) => [c.id, c]));
    const home = byId.get(nav.home!)!;
    expect(home.category_name).toBe('Home');
    const children = home.children.map((id) => byId.get(id)!);
    expect(children.map((c) => c.display_name)).toEqual(['Operations', 'Apparatus', 'Training', 'Administration']);
    const apparatus = children[1]!;
    expect(apparatus.children.map((id) => byId.get(id)?.display_name)).toEqual(['Water Supply']);
    expect(apparatus.screen_buttons.map((b) => b.name)).toEqual(['Start a Daily Check']);

    const placed = nav.categories.flatMap((c) => c.entity_types.map((t) => [t.name, c.display_name, t.header]));
    expect(placed).toHaveLength(DEMO_ENTITY_TYPES.length);
    for (const [name, category, header] of placed) expect(DEMO_TYPE_PLACES[name!]).toEqual({ category, header });

    const positions = (p: string) => DEMO_BUTTONS.filter((b) => b.position === p && !b.category).map((b) => b.name);
    expect(nav.screen_buttons.home_screen.map((b) => b.name)).toEqual(positions('home_screen'));
    expect(nav.screen_buttons.navigation_bar.map((b) => b.name)).toEqual(positions('navigation_bar'));
    expect(nav.screen_buttons.navigation_bar_docs.map((b) => b.name)).toEqual(positions('navigation_bar_docs'));
  });

  it('has one active alert for Riverside users (the expired one does not count)', async () => {
    const res = await test.app.inject({ method: 'GET', url: '/api/home/alerts', headers: firefighter });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: SystemAlert[]; meta: { total: number } };
    expect(body.meta.total).toBe(1);
    expect(body.data[0]?.title).toBe('Hose testing this weekend');
    const all = await test.app.inject({ method: 'GET', url: '/api/entity/system_alert', headers: firefighter });
    expect(all.json().meta.total).toBe(2);
  });

  it('running the seed again creates nothing new', async () => {
    const before = await countEntities();
    expect(before).toBeGreaterThan(10);
    await seedDemo(context, seeders);
    expect(await countEntities()).toBe(before);
  });
});
