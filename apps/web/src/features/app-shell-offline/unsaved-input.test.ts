import { describe, expect, it } from 'vitest';
import { unsavedInput } from './unsaved-input.ts';

describe('hasUnsavedInput', () => {
  it('is true while any form reports unsaved input, false once all have saved or left', () => {
    const seen: boolean[] = [];
    const stop = unsavedInput.subscribe(() => seen.push(unsavedInput.hasUnsavedInput()));
    expect(unsavedInput.hasUnsavedInput()).toBe(false);
    unsavedInput.set('record-form', true);
    unsavedInput.set('modal-form', true);
    unsavedInput.set('record-form', false);
    expect(unsavedInput.hasUnsavedInput()).toBe(true);
    unsavedInput.set('modal-form', false);
    expect(unsavedInput.hasUnsavedInput()).toBe(false);
    // Repeating a report changes nothing and notifies no one.
    unsavedInput.set('modal-form', false);
    expect(seen).toEqual([true, true, true, false]);
    stop();
  });
});
