import { describe, expect, it } from 'vitest';
import { NAVIGATION } from './fixtures.ts';
import { ancestorsOf, categoryById, categoryGroups, groupByHeader, homeCategories, homeGroups } from './tree.ts';

describe('[HOME] reading the category tree', () => {
  it('the home menu is the children of Home, in order', () => {
    expect(homeCategories(NAVIGATION).map((c) => c.display_name)).toEqual(['Operations', 'Training']);
    expect(homeCategories({ ...NAVIGATION, home: null })).toEqual([]);
  });

  it('home tiles: categories, then the Home Screen buttons', () => {
    expect(homeGroups(NAVIGATION).map((g) => [g.heading, g.items.map((t) => t.to)])).toEqual([
      ['Categories', ['/category/ops', '/category/training']],
      ['Shortcuts', ['/tasks']],
    ]);
  });

  it('a category screen: linked buttons, sub-categories, then types under their headers', () => {
    const ops = categoryById(NAVIGATION, 'ops')!;
    expect(categoryGroups(NAVIGATION, ops).map((g) => [g.heading, g.items.map((t) => t.label)])).toEqual([
      ['Shortcuts', ['Report an Incident']],
      ['Categories', ['Water Supply']],
      ['Incidents', ['Incident Report']],
      ['Scheduling', ['Time Sheet', 'Shifts']],
      ['Other', ['Misc']],
    ]);
    expect(categoryGroups(NAVIGATION, categoryById(NAVIGATION, 'training')!)).toEqual([]);
    expect(groupByHeader([])).toEqual([]);
  });

  it('finds the ancestors of a category', () => {
    expect(ancestorsOf(NAVIGATION, categoryById(NAVIGATION, 'water')!).map((c) => c.id)).toEqual(['home', 'ops']);
  });
});
