import type { ComboboxItem, ComboboxItemGroup, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import type { Choice } from './options.ts';

/**
 * Options whose keys are levels joined with '||' (NERIS incident types: 'FIRE||STRUCTURE_FIRE||
 * CHIMNEY_FIRE', labelled 'Fire › Structure Fire › Chimney Fire'), shown as a searchable
 * three-level picker: grouped by their first level, each option naming the levels below it.
 * Search matches every word typed anywhere in the full path ('struct chim' finds the chimney
 * fire).
 */

export const LEVEL_SEPARATOR = ' › ';

const levelsOf = (choice: Choice) => choice.label.split(LEVEL_SEPARATOR);

/** Choices grouped by their first level, in the order the options come; a one-level choice is its own group. */
export function hierarchyData(choices: readonly Choice[]): ComboboxItemGroup<ComboboxItem>[] {
  const groups = new Map<string, ComboboxItem[]>();
  for (const choice of choices) {
    const [first = choice.label, ...rest] = levelsOf(choice);
    const items = groups.get(first) ?? [];
    items.push({ value: choice.value, label: rest.length ? rest.join(LEVEL_SEPARATOR) : first });
    groups.set(first, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** The full path of each value, for search and for the chosen value's text. */
export function fullLabels(choices: readonly Choice[]): Map<string, string> {
  return new Map(choices.map((c) => [c.value, c.label]));
}

/** Every word of the search must appear in the option's full path, in any case. */
export function hierarchyFilter(choices: readonly Choice[]): OptionsFilter {
  const labels = fullLabels(choices);
  return ({ options, search }) => {
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    if (!words.length) return options;
    const matches = (item: ComboboxItem) => {
      const text = `${labels.get(item.value) ?? item.label} ${item.value}`.toLowerCase();
      return words.every((w) => text.includes(w));
    };
    const kept: ComboboxParsedItem[] = [];
    for (const option of options) {
      if ('group' in option) {
        const items = (option.items as ComboboxItem[]).filter(matches);
        if (items.length) kept.push({ ...option, items });
      } else if (matches(option as ComboboxItem)) kept.push(option);
    }
    return kept;
  };
}
