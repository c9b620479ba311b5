import { describe, expect, it } from 'vitest';
import { activeAlerts, buildNavigation, toScreenButton } from './navigation.ts';

const NOW = new Date('2026-11-22T12:00:00.000Z');

describe('[HOME] navigation from records (pure)', () => {
  it('takes a position by key or label and drops buttons without name, target or position', () => {
    expect(toScreenButton({ id: '1', name: 'A', navigate_to: '/a', position: 'Navigation Bar - Docs' })?.position).toBe(
      'navigation_bar_docs',
    );
    expect(toScreenButton({ id: '1', name: 'A', navigate_to: '/a', position: 'home_screen' })?.position).toBe('home_screen');
    expect(toScreenButton({ id: '1', name: 'A', navigate_to: '/a', position: 'Sidebar' })).toBeNull();
    expect(toScreenButton({ id: '1', name: '', navigate_to: '/a', position: 'home_screen' })).toBeNull();
    expect(toScreenButton({ id: '1', name: 'A', position: 'home_screen' })).toBeNull();
  });

  it('makes a root of a category whose parent is missing or itself, and never loops', () => {
    const nav = buildNavigation(
      [
        { id: 'h', category_name: 'Home' },
        { id: 'a', category_name: 'A', parent_category: 'gone' },
        { id: 'b', category_name: 'B', parent_category: 'b' },
        { id: 'c', category_name: 'C', parent_category: 'Home', sort_order: 2 },
        { id: 'd', category_name: 'D', parent_category: 'h', sort_order: 1 },
      ],
      [],
      [],
    );
    expect(nav.home).toBe('h');
    expect(nav.categories.find((c) => c.id === 'h')?.children).toEqual(['d', 'c']);
    expect(
      nav.categories
        .filter((c) => c.parent_id === null)
        .map((c) => c.id)
        .sort(),
    ).toEqual(['a', 'b', 'h']);
  });

  it('counts an alert only while it has not ended, for everyone or its assignees', () => {
    const alerts = activeAlerts(
      [
        { id: '1', title: 'Later', ends_at: { value: '2026-11-23T00:00:00.000Z' } },
        { id: '2', title: 'Sooner', ends_at: { value: '2026-11-22T13:00:00.000Z' }, assignee: 'me' },
        { id: '3', title: 'Ended', ends_at: { value: '2026-11-22T11:59:59.000Z' } },
        { id: '4', title: 'Exactly now', ends_at: { value: NOW.toISOString() } },
        { id: '5', title: 'Someone else', ends_at: { value: '2026-11-23T00:00:00.000Z' }, assignee_3: 'other' },
        { id: '6', title: 'No end', ends_at: null },
      ],
      'me',
      NOW,
    );
    expect(alerts.map((a) => a.title)).toEqual(['Sooner', 'Later']);
    expect(alerts[0]?.ends_at).toMatchObject({ value: '2026-11-22T13:00:00.000Z', valueUtc: '2026-11-22T13:00:00.000Z' });
  });
});
