import {
  type CategoryEntityType,
  formatTimestamp,
  HOME_CATEGORY_NAME,
  type HomeNavigation,
  type ScreenButton,
  type SystemAlert,
  screenButtonPosition,
  type TreeCategory,
} from '@turnout/shared';

/**
 * Pure functions that turn records of the core types into the home navigation: no database,
 * no permissions (the service reads only what the caller may view, then calls these).
 */

type Values = Record<string, unknown>;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
/** A stored sort order (number-entry stores numbers); anything else sorts as 0. */
const number = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** A reference to a category (a selector's value): its id, or an option object carrying one. */
function reference(v: unknown): string | null {
  if (v && typeof v === 'object' && 'id' in v) return text((v as { id: unknown }).id);
  if (Array.isArray(v)) return reference(v[0]);
  return text(v);
}

const byOrder =
  <T extends { sort_order: number }>(label: (t: T) => string) =>
  (a: T, b: T) =>
    a.sort_order - b.sort_order || label(a).localeCompare(label(b));

export function toScreenButton(record: Values): ScreenButton | null {
  const position = screenButtonPosition(record.position);
  const name = text(record.name);
  const navigateTo = text(record.navigate_to);
  if (!position || !name || !navigateTo) return null;
  return {
    id: String(record.id),
    name,
    icon: text(record.icon),
    navigate_to: navigateTo,
    position,
    tree_category_screen: reference(record.tree_category_screen),
    entity_list_screen: text(record.entity_list_screen),
    render_type: text(record.render_type),
    sort_order: number(record.sort_order),
  };
}

interface LiteType {
  id: string;
  name: string;
  label: string;
  object_data: Values;
}

/**
 * Finds the category a reference names: by id, else by category name (case-insensitive), so
 * that a type exported from one tenant finds the same-named category in another.
 */
function categoryFinder(categories: TreeCategory[]) {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const byName = new Map<string, TreeCategory>();
  for (const c of categories) if (!byName.has(c.category_name.toLowerCase())) byName.set(c.category_name.toLowerCase(), c);
  return (ref: string | null) => (ref ? (byId.get(ref) ?? byName.get(ref.toLowerCase())) : undefined);
}

/**
 * The navigation from the records: categories (children by id, in sort order), each with the
 * screen buttons linked to it and the entity types placed in it (object_data.module_category,
 * or tree_category), and the screen buttons by position.
 */
export function buildNavigation(categoryRecords: Values[], buttonRecords: Values[], types: LiteType[]): HomeNavigation {
  const categories: TreeCategory[] = categoryRecords.map((r) => ({
    id: String(r.id),
    category_name: text(r.category_name) ?? text(r.display_name) ?? '',
    display_name: text(r.category_label) ?? text(r.category_name) ?? text(r.display_name) ?? '',
    icon: text(r.icon),
    sort_order: number(r.sort_order),
    parent_id: reference(r.parent_category),
    children: [],
    screen_buttons: [],
    entity_types: [],
  }));
  const find = categoryFinder(categories);
  // A parent that is missing (deleted, or not visible) or the category itself makes a root.
  for (const c of categories) {
    const parent = find(c.parent_id);
    c.parent_id = parent && parent.id !== c.id ? parent.id : null;
  }
  const ordered = [...categories].sort(byOrder((c) => c.display_name));
  for (const c of ordered) if (c.parent_id) find(c.parent_id)?.children.push(c.id);

  const buttons = buttonRecords
    .map(toScreenButton)
    .filter((b): b is ScreenButton => b !== null)
    .sort(byOrder((b) => b.name));
  for (const b of buttons) find(b.tree_category_screen)?.screen_buttons.push(b);

  for (const type of types) {
    const od = type.object_data ?? {};
    const category = find(text(od.module_category) ?? text(od.tree_category));
    if (!category) continue;
    const tile: CategoryEntityType = {
      id: type.id,
      name: type.name,
      label: type.label,
      icon: text(od.icon),
      uri: `/entity-list/?type=${encodeURIComponent(type.name)}`,
      header: text(od.module_category_header),
    };
    category.entity_types.push(tile);
  }

  const home = ordered.find((c) => c.parent_id === null && c.category_name.toLowerCase() === HOME_CATEGORY_NAME.toLowerCase());
  const at = (position: ScreenButton['position']) => buttons.filter((b) => b.position === position);
  // A 'Home Screen' button linked to another category's screen shows there, not on Home.
  const onHome = (b: ScreenButton) => !b.tree_category_screen || (home !== undefined && find(b.tree_category_screen)?.id === home.id);
  return {
    home: home?.id ?? null,
    categories: ordered,
    screen_buttons: {
      home_screen: at('home_screen').filter(onHome),
      navigation_bar: at('navigation_bar'),
      navigation_bar_docs: at('navigation_bar_docs'),
      view_entity_list: at('view_entity_list'),
    },
  };
}

const ASSIGNEE_COLUMNS = ['assignee', 'assignee_2', 'assignee_3', 'assignee_4', 'assignee_5'] as const;

/**
 * The alerts that count for a user at `now` (spec 01 §4): ends_at later than now (UTC), and
 * addressed to the user (any assignee column) or to nobody in particular (no assignee: the
 * whole tenant). Soonest ending first.
 */
export function activeAlerts(records: Values[], userId: string, now: Date): SystemAlert[] {
  const result: { alert: SystemAlert; ends: number }[] = [];
  for (const r of records) {
    const assignees = ASSIGNEE_COLUMNS.map((c) => r[c]).filter((v) => typeof v === 'string' && v !== '');
    if (assignees.length > 0 && !assignees.includes(userId)) continue;
    const endsAt = r.ends_at as { value?: unknown; display_value?: unknown } | undefined;
    const ends = typeof endsAt?.value === 'string' ? Date.parse(endsAt.value) : Number.NaN;
    if (!Number.isFinite(ends) || ends <= now.getTime()) continue;
    const iso = new Date(ends).toISOString();
    result.push({
      ends,
      alert: {
        id: String(r.id),
        title: text(r.title) ?? text(r.display_name) ?? '',
        alert: typeof r.alert === 'string' ? r.alert : '',
        uri: text(r.link_uri),
        ends_at: { value: iso, valueUtc: iso, display_value: text(endsAt?.display_value) ?? formatTimestamp(iso) },
      },
    });
  }
  return result.sort((a, b) => a.ends - b.ends).map((r) => r.alert);
}
