import { type Kysely, sql } from 'kysely';
import { findOrCreate } from '../modules/entities/find-or-create.ts';
import { CORE_TYPES } from '../modules/home/service.ts';
import type { DB } from '../platform/db/schema.ts';
import { withContext } from '../platform/db/tenancy.ts';
import { riversideAdmin } from './acting-admin.ts';
import type { DemoSeeder } from './seed.ts';

const DAY_MS = 24 * 60 * 60_000;

/** Riverside's home tree: Home, its sub-categories, and one nested below Apparatus. */
export const DEMO_CATEGORIES: { name: string; parent: string | null; icon: string; sort: number }[] = [
  { name: 'Home', parent: null, icon: 'home', sort: 0 },
  { name: 'Operations', parent: 'Home', icon: 'flame', sort: 10 },
  { name: 'Apparatus', parent: 'Home', icon: 'firetruck', sort: 20 },
  { name: 'Training', parent: 'Home', icon: 'school', sort: 30 },
  { name: 'Administration', parent: 'Home', icon: 'building', sort: 40 },
  { name: 'Water Supply', parent: 'Apparatus', icon: 'fire-hydrant', sort: 10 },
];

/** Where each demo type sits (object_data.module_category) and its sub-category header. */
export const DEMO_TYPE_PLACES: Record<string, { category: string; header: string }> = {
  incident_report: { category: 'Operations', header: 'Incidents' },
  department_shifts: { category: 'Operations', header: 'Scheduling' },
  time_sheet: { category: 'Operations', header: 'Scheduling' },
  worked_shift: { category: 'Operations', header: 'Scheduling' },
  meal_break: { category: 'Operations', header: 'Scheduling' },
  apparatus: { category: 'Apparatus', header: 'Fleet' },
  daily_apparatus_check: { category: 'Apparatus', header: 'Checks' },
  equipment_inventory: { category: 'Apparatus', header: 'Equipment' },
  hydrant: { category: 'Water Supply', header: 'Hydrants' },
  training_quiz: { category: 'Training', header: 'Quizzes' },
  personnel_file: { category: 'Administration', header: 'Personnel' },
  station_task: { category: 'Operations', header: 'Station Work' },
};

interface DemoButton {
  name: string;
  icon: string;
  navigate_to: string;
  position: 'home_screen' | 'navigation_bar' | 'navigation_bar_docs';
  category?: string;
  sort: number;
}

export const DEMO_BUTTONS: DemoButton[] = [
  { name: 'Report an Incident', icon: 'flame', navigate_to: '/entity/add?type=incident_report', position: 'home_screen', sort: 10 },
  { name: 'My Tasks', icon: 'clipboard-list', navigate_to: '/tasks', position: 'home_screen', sort: 20 },
  { name: 'Calendar', icon: 'calendar-event', navigate_to: '/calendar', position: 'home_screen', sort: 30 },
  {
    name: 'Start a Daily Check',
    icon: 'clipboard-check',
    navigate_to: '/entity/add?type=daily_apparatus_check',
    position: 'home_screen',
    category: 'Apparatus',
    sort: 10,
  },
  { name: 'Hydrants', icon: 'fire-hydrant', navigate_to: '/entity-list/?type=hydrant', position: 'navigation_bar', sort: 10 },
  {
    name: 'Shift Schedule',
    icon: 'calendar-event',
    navigate_to: '/entity-list/?type=department_shifts',
    position: 'navigation_bar',
    sort: 20,
  },
  { name: 'NERIS Portal', icon: 'external-link', navigate_to: 'https://neris.fsri.org/', position: 'navigation_bar', sort: 30 },
  { name: 'Department Documents', icon: 'file-text', navigate_to: '/documents', position: 'navigation_bar_docs', sort: 10 },
  {
    name: 'NERIS Data Standard',
    icon: 'book',
    navigate_to: 'https://github.com/ulfsri/neris-framework',
    position: 'navigation_bar_docs',
    sort: 20,
  },
];

/** One alert that is active for a year from the first seed, and one that has ended. */
export const DEMO_ALERTS = [
  {
    title: 'Hose testing this weekend',
    alert: 'Annual hose testing at Station 1, Saturday from 08:00. Engine 1 is out of service meanwhile.',
    link_uri: '/entity-list/?type=apparatus',
    endsInMs: 365 * DAY_MS,
  },
  { title: 'Radio upgrade finished', alert: 'The radio console upgrade is complete.', link_uri: null, endsInMs: -DAY_MS },
];

/** Places the demo types in their categories, unless an admin has placed them already. */
async function placeTypes(db: Kysely<DB>, tenantId: string, userId: string): Promise<void> {
  await withContext(db, { tenantId, userId, isGlobal: false }, async (tx) => {
    for (const [name, place] of Object.entries(DEMO_TYPE_PLACES)) {
      const patch = JSON.stringify({ module_category: place.category, module_category_header: place.header });
      await tx
        .updateTable('entity_type')
        .set({ object_data: sql`object_data || ${patch}::jsonb`, modified_at: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('name', '=', name)
        .where('deleted_at', 'is', null)
        .where(sql<boolean>`NOT (object_data ? 'module_category')`)
        .execute();
    }
  });
}

/**
 * Riverside's tree categories, screen buttons and system alerts, made through the records
 * engine as the demo global admin acting as Tenant Admin in Riverside; each is found by its
 * name first (find_or_create), so a second run changes nothing.
 */
export const homeDemo: DemoSeeder = {
  name: 'home',
  async run({ db }) {
    const acting = await riversideAdmin(db);
    if (!acting) return undefined;
    const { tenant, admin, auth } = acting;
    const ids = new Map<string, string>();
    for (const c of DEMO_CATEGORIES) {
      const parent = c.parent ? ids.get(c.parent) : undefined;
      const { record } = await findOrCreate(db, auth, CORE_TYPES.category, {
        filter: { category_name: c.name },
        icon: c.icon,
        sort_order: c.sort,
        ...(parent ? { parent_category: parent } : {}),
      });
      ids.set(c.name, record.id);
    }
    for (const b of DEMO_BUTTONS) {
      const category = b.category ? ids.get(b.category) : undefined;
      await findOrCreate(db, auth, CORE_TYPES.button, {
        filter: { name: b.name, position: b.position },
        icon: b.icon,
        navigate_to: b.navigate_to,
        sort_order: b.sort,
        render_type: 'tile',
        ...(category ? { tree_category_screen: category } : {}),
      });
    }
    const now = Date.now();
    for (const a of DEMO_ALERTS) {
      await findOrCreate(db, auth, CORE_TYPES.alert, {
        filter: { title: a.title },
        alert: a.alert,
        ...(a.link_uri ? { link_uri: a.link_uri } : {}),
        ends_at: { value: new Date(now + a.endsInMs).toISOString() },
      });
    }
    await placeTypes(db, tenant.id, admin.id);
    return undefined;
  },
};
