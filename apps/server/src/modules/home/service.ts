import { type EntityRecord, type EntityTypeLite, type HomeNavigation, PAGE_SIZE, type SystemAlert } from '@turnout/shared';
import type { Kysely } from 'kysely';
import { type AuthContext, actingTenant } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { listRecords } from '../entities/service.ts';
import { listEntityTypes } from '../entity-types/service.ts';
import { activeAlerts, buildNavigation } from './navigation.ts';

/** The core types whose records make the home navigation (migration 0011). */
export const CORE_TYPES = { category: 'tree_category', button: 'screen_button', alert: 'system_alert' } as const;

/**
 * Every record of a type the caller may view, through the records engine (its permission and
 * field-visibility checks apply), at the home lists' page size with all pages loaded
 * (spec 01 §7). `place` narrows to one workflow place.
 */
async function allRecords(db: Kysely<DB>, auth: AuthContext, typeName: string, place?: string): Promise<EntityRecord[]> {
  const records: EntityRecord[] = [];
  for (let page = 1; ; page += 1) {
    const result = await listRecords(db, auth, typeName, { page, perPage: PAGE_SIZE.homeLists, sort: 'default', place, custom: {} }, false);
    records.push(...result.data);
    if (page >= result.meta.last_page) return records;
  }
}

/** Like allRecords, but a type the caller may not view (403) or that is gone (404) reads as none. */
async function visibleRecords(db: Kysely<DB>, auth: AuthContext, typeName: string): Promise<EntityRecord[]> {
  try {
    return await allRecords(db, auth, typeName);
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404)) return [];
    throw error;
  }
}

const EMPTY: HomeNavigation = {
  home: null,
  categories: [],
  screen_buttons: { home_screen: [], navigation_bar: [], navigation_bar_docs: [], view_entity_list: [] },
};

/**
 * GET /home: the acting tenant's category tree and screen buttons, each part only as far as the
 * acting role may view it (categories, buttons, and the entity types placed in categories). At
 * global level there is no tenant and so no tree.
 */
export async function homeNavigation(db: Kysely<DB>, auth: AuthContext): Promise<HomeNavigation> {
  if (!auth.tenantId) return EMPTY;
  const [categories, buttons, types] = [
    await visibleRecords(db, auth, CORE_TYPES.category),
    await visibleRecords(db, auth, CORE_TYPES.button),
    await listEntityTypes(db, auth, false),
  ];
  return buildNavigation(categories, buttons, types);
}

/**
 * GET /home/alerts: system alerts of the acting tenant in place 'created' (spec 01 §7 'Alerts'),
 * addressed to the caller or to everyone, that end later than now (spec 01 §4). Needs view on
 * system_alert (403 otherwise) and an acting tenant.
 */
export async function alertsFor(db: Kysely<DB>, auth: AuthContext, now = new Date()): Promise<SystemAlert[]> {
  actingTenant(auth);
  return activeAlerts(await allRecords(db, auth, CORE_TYPES.alert, 'created'), auth.userId, now);
}

/**
 * What the app needs at start, sent with POST /user/login (spec 01 §7): `core_entity_types`,
 * the types the user may view as GET /entity-type/lite lists them; `core_entities`, the
 * records of the core types that build the home screen and drawer (the tree categories, then
 * the screen buttons) as far as the acting role may view them. At global level: the types only.
 */
export async function startupData(
  db: Kysely<DB>,
  auth: AuthContext,
): Promise<{ core_entity_types: EntityTypeLite[]; core_entities: EntityRecord[] }> {
  const types = (await listEntityTypes(db, auth, false)) as EntityTypeLite[];
  if (!auth.tenantId) return { core_entity_types: types, core_entities: [] };
  const categories = await visibleRecords(db, auth, CORE_TYPES.category);
  const buttons = await visibleRecords(db, auth, CORE_TYPES.button);
  return { core_entity_types: types, core_entities: [...categories, ...buttons] };
}
