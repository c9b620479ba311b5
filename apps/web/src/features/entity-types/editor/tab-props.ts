import type { EntityType } from '@turnout/shared';
import type { Draft } from '../model/draft.ts';

/** What every tab of the editor gets. */
export interface TabProps {
  draft: Draft;
  /** Changes the draft: `change((d) => ({ ...d, label }))`. */
  change: (recipe: (draft: Draft) => Draft) => void;
  /** The type itself may not be changed (view mode, or a tenant user on a global type). */
  readOnly: boolean;
  /** The type as last saved; null while it is new. */
  baseline: EntityType | null;
  globalAdmin: boolean;
  /** The last save's messages about the type itself, by key ('name', 'label', 'pages'). */
  typeErrors?: Record<string, string[]>;
}

/** Replaces the item at `index` of a list. */
export function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((current, i) => (i === index ? item : current));
}

export function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}
