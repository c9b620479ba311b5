import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gridColumns } from './list-model.ts';

// The grid's column count is CSS (container queries in RecordItems.module.css): the breakpoints
// must give what gridColumns() would, round(width / 140), at every width a screen can have.
const css = readFileSync(new URL('./RecordItems.module.css', import.meta.url), 'utf8');
const rules = [...css.matchAll(/@container \(min-width: (\d+)px\) \{\s*\.grid \{\s*--grid-columns: (\d+);/g)].map((m) => ({
  from: Number(m[1]),
  columns: Number(m[2]),
}));

/** What the CSS gives at `width`: the last rule whose min-width it reaches, else the default of 1. */
const cssColumns = (width: number) => rules.filter((r) => width >= r.from).reduce((n, r) => Math.max(n, r.columns), 1);

describe('the grid columns in CSS', () => {
  it('has a rule for every column count from 2 to 24, in order', () => {
    expect(rules.map((r) => r.columns)).toEqual(Array.from({ length: 23 }, (_, i) => i + 2));
  });

  it('gives round(width / 140) at every width up to 3,300 px', () => {
    for (let width = 0; width <= 3_300; width++) expect(cssColumns(width), `${width} px`).toBe(gridColumns(width));
  });
});
