import type { ComboboxItem, ComboboxParsedItem } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { hierarchyData, hierarchyFilter } from './hierarchy.ts';

const choices = [
  { value: 'FIRE||STRUCTURE_FIRE||CHIMNEY_FIRE', label: 'Fire › Structure Fire › Chimney Fire' },
  { value: 'FIRE||OUTSIDE_FIRE||TRASH_RUBBISH_FIRE', label: 'Fire › Outside Fire › Trash / Rubbish Fire' },
  { value: 'MEDICAL||ILLNESS||CHEST_PAIN', label: 'Medical › Illness › Chest Pain' },
  { value: 'LAWENFORCE', label: 'Law Enforcement Support' },
];

describe('the three-level picker', () => {
  it('groups choices by their first level and names the levels below it', () => {
    expect(hierarchyData(choices)).toEqual([
      {
        group: 'Fire',
        items: [
          { value: 'FIRE||STRUCTURE_FIRE||CHIMNEY_FIRE', label: 'Structure Fire › Chimney Fire' },
          { value: 'FIRE||OUTSIDE_FIRE||TRASH_RUBBISH_FIRE', label: 'Outside Fire › Trash / Rubbish Fire' },
        ],
      },
      { group: 'Medical', items: [{ value: 'MEDICAL||ILLNESS||CHEST_PAIN', label: 'Illness › Chest Pain' }] },
      { group: 'Law Enforcement Support', items: [{ value: 'LAWENFORCE', label: 'Law Enforcement Support' }] },
    ]);
  });

  it('finds an option by words of any level, in any order and case', () => {
    const filter = hierarchyFilter(choices);
    const run = (search: string) =>
      filter({ options: hierarchyData(choices) as ComboboxParsedItem[], search, limit: 100 }).flatMap((o) =>
        'group' in o ? (o.items as ComboboxItem[]).map((i) => i.value) : [(o as ComboboxItem).value],
      );
    expect(run('chim struct')).toEqual(['FIRE||STRUCTURE_FIRE||CHIMNEY_FIRE']);
    expect(run('FIRE')).toEqual(['FIRE||STRUCTURE_FIRE||CHIMNEY_FIRE', 'FIRE||OUTSIDE_FIRE||TRASH_RUBBISH_FIRE']);
    expect(run('medical pain')).toEqual(['MEDICAL||ILLNESS||CHEST_PAIN']);
    expect(run('')).toHaveLength(4);
    expect(run('nothing here')).toEqual([]);
  });
});
