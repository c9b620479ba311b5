// @vitest-environment jsdom
import '../test/dom.ts';
import { cleanup, screen } from '@testing-library/react';
import { ALL_FIELD_TYPE_KEYS } from '@turnout/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { childList } from './common/containers.tsx';
import { renderField } from './common/test-render.tsx';
import { fieldComponentsOf, registeredFieldTypes } from './index.ts';

afterEach(cleanup);

describe('registry', () => {
  it('has an editor for every field type of spec 02 §3, each drawing its own label', () => {
    expect(new Set(registeredFieldTypes())).toEqual(new Set(ALL_FIELD_TYPE_KEYS));
    for (const key of ALL_FIELD_TYPE_KEYS) expect(fieldComponentsOf(key)?.ownLabel).toBe(true);
    expect(fieldComponentsOf('no-such-type')?.key).toBe('single-text');
  });
});

describe('containers and display fields', () => {
  it('containers draw their children through record.renderFields', () => {
    expect(childList({ fieldList: ['a', { id: 'b' }, { offline_id: 'c' }, null] })).toEqual(['a', 'b', 'c']);
    const renderFields = vi.fn((list: readonly string[]) => list.map((id) => <span key={id}>child {id}</span>));
    renderField({ property: 'g', title: 'Unit', type: 'container-group', params: { fieldList: ['x', 'y'] } }, { record: { renderFields } });
    expect(screen.getByText('child x')).toBeTruthy();
    expect(renderFields).toHaveBeenCalledWith(['x', 'y'], { layout: 'stack' });
    cleanup();
    renderField({ property: 'r', title: 'Row', type: 'container-row', params: { fieldList: ['x'] } }, { record: { renderFields } });
    expect(renderFields).toHaveBeenLastCalledWith(['x'], { layout: 'row' });
  });

  it('headings, labels, column breaks and hidden fields', () => {
    renderField({ property: 'h', title: 'Heading', type: 'heading', params: { headingText: 'Scene details' } });
    expect(screen.getByRole('heading', { name: 'Scene details' })).toBeTruthy();
    cleanup();
    renderField({ property: 'x', title: 'Secret', type: 'hidden' }, { value: 'kept' });
    expect(screen.queryByText('kept')).toBeNull();
    cleanup();
    const brk = renderField({ property: 'b', title: 'Break', type: 'column-break' });
    expect(brk.container.querySelector('[data-column-break]')).not.toBeNull();
  });

  it('quiz questions never show the correct answer', () => {
    const { container } = renderField({
      property: 'q',
      title: 'Which knot?',
      type: 'radio-quiz',
      params: {
        options: [
          { key: 'b', label: 'Bowline', correctAnswer: true },
          { key: 'c', label: 'Clove hitch' },
        ],
        correctAnswer: 'b',
      },
    });
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(container.innerHTML).not.toMatch(/correct/i);
    cleanup();
    renderField({ property: 't', title: 'True?', type: 'true-false-quiz', params: { correctAnswer: true } });
    expect(screen.getByRole('radio', { name: 'True' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'False' })).toBeTruthy();
  });
});
