import { z } from 'zod';

/**
 * The home screen and the navigation around it (spec 01 §2.4, §2.5, §3): tree categories and
 * screen buttons are records of the core types `tree_category` and `screen_button`; system
 * alerts are records of `system_alert` (docs/decisions/0009).
 */

/** The home category is named Home (spec 01 §9); its children make the home menu. */
export const HOME_CATEGORY_NAME = 'Home';

/** Where a screen button shows: option keys of the core type's position field, and their labels. */
export const SCREEN_BUTTON_POSITIONS = {
  home_screen: 'Home Screen',
  navigation_bar: 'Navigation Bar',
  navigation_bar_docs: 'Navigation Bar - Docs',
  view_entity_list: 'View Entity List',
} as const;
export type ScreenButtonPosition = keyof typeof SCREEN_BUTTON_POSITIONS;

/** A position given as key or label ('Home Screen', 'home_screen') → its key; anything else → null. */
export function screenButtonPosition(value: unknown): ScreenButtonPosition | null {
  if (typeof value !== 'string') return null;
  const wanted = value.trim().toLowerCase();
  for (const [key, label] of Object.entries(SCREEN_BUTTON_POSITIONS)) {
    if (key === wanted || label.toLowerCase() === wanted) return key as ScreenButtonPosition;
  }
  return null;
}

export const screenButton = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  navigate_to: z.string(),
  position: z.enum(Object.keys(SCREEN_BUTTON_POSITIONS) as [ScreenButtonPosition, ...ScreenButtonPosition[]]),
  tree_category_screen: z.string().nullable(),
  entity_list_screen: z.string().nullable(),
  render_type: z.string().nullable(),
  sort_order: z.number(),
});
export type ScreenButton = z.infer<typeof screenButton>;

/** An entity type placed in a category (object_data.module_category), as a tile. */
export const categoryEntityType = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  icon: z.string().nullable(),
  /** The type's list: /entity-list/?type={name}. */
  uri: z.string(),
  /** object_data.module_category_header: the sub-category header it is grouped under. */
  header: z.string().nullable(),
});
export type CategoryEntityType = z.infer<typeof categoryEntityType>;

export const treeCategory = z.object({
  id: z.string(),
  category_name: z.string(),
  display_name: z.string(),
  icon: z.string().nullable(),
  sort_order: z.number(),
  parent_id: z.string().nullable(),
  /** Ids of the child categories, in sort order. */
  children: z.array(z.string()),
  /** Screen buttons linked to this category's screen (tree_category_screen). */
  screen_buttons: z.array(screenButton),
  entity_types: z.array(categoryEntityType),
});
export type TreeCategory = z.infer<typeof treeCategory>;

/** GET /home: the category tree, flat (children by id), and the screen buttons by position. */
export const homeNavigation = z.object({
  /** The id of the category named Home, when there is one. */
  home: z.string().nullable(),
  categories: z.array(treeCategory),
  screen_buttons: z.object({
    home_screen: z.array(screenButton),
    navigation_bar: z.array(screenButton),
    navigation_bar_docs: z.array(screenButton),
    view_entity_list: z.array(screenButton),
  }),
});
export type HomeNavigation = z.infer<typeof homeNavigation>;

/** A system alert as the 'N active alerts' banner lists it (spec 01 §3, 02 §3 'Other'). */
export const systemAlert = z.object({
  id: z.string(),
  title: z.string(),
  alert: z.string(),
  uri: z.string().nullable(),
  ends_at: z.object({ value: z.string(), valueUtc: z.string(), display_value: z.string() }),
});
export type SystemAlert = z.infer<typeof systemAlert>;
