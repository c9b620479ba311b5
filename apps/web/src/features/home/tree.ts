import type { CategoryEntityType, HomeNavigation, ScreenButton, TreeCategory } from '@turnout/shared';

/** Reading the flat category list of GET /home as a tree. */

export function categoryById(nav: HomeNavigation, id: string | null | undefined): TreeCategory | undefined {
  return id ? nav.categories.find((c) => c.id === id) : undefined;
}

export function childrenOf(nav: HomeNavigation, category: TreeCategory | undefined): TreeCategory[] {
  if (!category) return [];
  return category.children.map((id) => categoryById(nav, id)).filter((c): c is TreeCategory => c !== undefined);
}

/** The categories of the home menu: the children of Home. */
export function homeCategories(nav: HomeNavigation): TreeCategory[] {
  return childrenOf(nav, categoryById(nav, nav.home));
}

export interface TileGroup<T> {
  heading: string;
  items: T[];
}

/** Types grouped under their sub-category header, in the order the headers first appear; no header → 'Other'. */
export function groupByHeader(types: CategoryEntityType[]): TileGroup<CategoryEntityType>[] {
  const groups = new Map<string, CategoryEntityType[]>();
  for (const type of types) {
    const heading = type.header ?? 'Other';
    groups.set(heading, [...(groups.get(heading) ?? []), type]);
  }
  return [...groups].map(([heading, items]) => ({ heading, items }));
}

/** One tile of a home or category screen: a category, a screen button or an entity type. */
export interface Tile {
  key: string;
  label: string;
  icon: string | null;
  /** A path or address; checked by resolveLink when the tile renders. */
  to: string;
}

export const categoryTile = (c: TreeCategory): Tile => ({
  key: `category-${c.id}`,
  label: c.display_name,
  icon: c.icon,
  to: `/category/${c.id}`,
});
export const buttonTile = (b: ScreenButton): Tile => ({ key: `button-${b.id}`, label: b.name, icon: b.icon, to: b.navigate_to });
export const typeTile = (t: CategoryEntityType): Tile => ({ key: `type-${t.id}`, label: t.label, icon: t.icon, to: t.uri });

/** Home (spec 01 §2.5): tiles grouped by sub-heading: the home-tree categories, then the 'Home Screen' buttons. */
export function homeGroups(nav: HomeNavigation): TileGroup<Tile>[] {
  const groups: TileGroup<Tile>[] = [
    { heading: 'Categories', items: homeCategories(nav).map(categoryTile) },
    { heading: 'Shortcuts', items: nav.screen_buttons.home_screen.map(buttonTile) },
  ];
  return groups.filter((g) => g.items.length > 0);
}

/**
 * A category screen (spec 01 §2.5): the screen buttons linked to it, its sub-categories, then
 * its module entity types grouped under their sub-category header.
 */
export function categoryGroups(nav: HomeNavigation, category: TreeCategory): TileGroup<Tile>[] {
  const groups: TileGroup<Tile>[] = [
    { heading: 'Shortcuts', items: category.screen_buttons.map(buttonTile) },
    { heading: 'Categories', items: childrenOf(nav, category).map(categoryTile) },
    ...groupByHeader(category.entity_types).map((g) => ({ heading: g.heading, items: g.items.map(typeTile) })),
  ];
  return groups.filter((g) => g.items.length > 0);
}

/** The path from the top of the tree down to a category (for the back link and the drawer). */
export function ancestorsOf(nav: HomeNavigation, category: TreeCategory): TreeCategory[] {
  const path: TreeCategory[] = [];
  const seen = new Set<string>();
  let parent = categoryById(nav, category.parent_id);
  while (parent && !seen.has(parent.id)) {
    seen.add(parent.id);
    path.unshift(parent);
    parent = categoryById(nav, parent.parent_id);
  }
  return path;
}
