import { describe, expect, it } from 'vitest';
import { tabOf } from './bottom-tabs.ts';

describe('[SHELL] bottom tabs', () => {
  it('puts each path in its tab; everything else is Home', () => {
    expect(tabOf('/')).toBe('home');
    expect(tabOf('/category/1')).toBe('home');
    expect(tabOf('/entity-list/')).toBe('home');
    expect(tabOf('/tasks')).toBe('tasks');
    expect(tabOf('/tasks/add')).toBe('tasks');
    expect(tabOf('/calendar')).toBe('calendar');
    expect(tabOf('/settings/admin-tools/index')).toBe('settings');
    expect(tabOf('/settingsx')).toBe('home');
  });
});
