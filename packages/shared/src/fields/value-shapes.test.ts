import { describe, expect, it } from 'vitest';
import { VALUE_SHAPE_TYPES, valueShapeInputs, valueShapes } from './value-shapes.cases.ts';

/**
 * Every field type answers the battery of value-shapes.cases.ts (its value schema alone,
 * validateField and fieldText) exactly as value-shapes.fixture.json recorded: the answers of the
 * registry while its schemas were built with classic zod, before they moved to zod/mini (issue 20).
 */

// Imported by a name in a variable, so TypeScript does not type the half-megabyte of JSON (it doubled this package's check time).
const fixtureFile = './value-shapes.fixture.json';
const recorded: Record<string, [string[], unknown][]> = (await import(fixtureFile)).default;

/** The recorded result of one type for one input. */
function expected(key: string, input: string): unknown {
  return recorded[input]?.find(([types]) => types.includes(key))?.[1];
}

describe('field value shapes', () => {
  it('records every type and every input of the battery once', () => {
    const inputs = valueShapeInputs().map(([name]) => name);
    expect(new Set(inputs).size).toBe(inputs.length);
    expect(Object.keys(recorded)).toEqual(inputs);
    for (const input of inputs) {
      const types = recorded[input]!.flatMap(([keys]) => keys);
      expect(types.toSorted(), input).toEqual([...VALUE_SHAPE_TYPES].toSorted());
    }
  });

  it.each(VALUE_SHAPE_TYPES)('%s answers as recorded', (key) => {
    for (const [input, result] of Object.entries(valueShapes(key))) {
      const want = expected(key, input);
      // Results are plain JSON (undefined, NaN, dates… encoded), so equal text is equal results, key order included.
      const same = JSON.stringify(result) === JSON.stringify(want);
      // toEqual only to show the difference (it is slower, and blind to key order).
      if (!same) expect(result, `${key} / ${input}`).toEqual(want);
      expect(same, `${key} / ${input}: keys in another order`).toBe(true);
    }
  });
});
