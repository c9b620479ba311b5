import { describe, expect, it } from 'vitest';
import { isCurrentLink, tabOf } from './bottom-tabs.ts';

describe('[SHELL] bottom tabs', () => {
  it('puts each path in its tab; home owns only the home page and its categories', () => {
    expect(tabOf('/')).toBe('home');
    expect(tabOf('/category/1')).toBe('home');
    expect(tabOf('/categorytree')).toBe('home');
    expect(tabOf('/tasks')).toBe('tasks');
    expect(tabOf('/tasks/add')).toBe('tasks');
    expect(tabOf('/calendar')).toBe('calendar');
    expect(tabOf('/settings/admin-tools/index')).toBe('settings');
  });

  it('highlights no tab on a list, a record or another screen', () => {
    expect(tabOf('/entity-list/')).toBeNull();
    expect(tabOf('/entity/hydrant/1')).toBeNull();
    expect(tabOf('/notifications')).toBeNull();
    expect(tabOf('/settingsx')).toBeNull();
  });
});

describe('[SHELL] current drawer link', () => {
  const at = (url: string) => {
    const [pathname = '', search = ''] = url.split('?');
    return { pathname, search: search ? `?${search}` : '' };
  };

  it('matches the same path, trailing slash aside', () => {
    expect(isCurrentLink('/documents', at('/documents/'))).toBe(true);
    expect(isCurrentLink('/dashboard', at('/dashboard'))).toBe(true);
  });

  it('does not take a sub-screen for its parent: My Profile is only the settings page', () => {
    expect(isCurrentLink('/settings', at('/settings'))).toBe(true);
    expect(isCurrentLink('/settings', at('/settings/manage-logins'))).toBe(false);
  });

  it("needs the link's query: 'Report an Incident' is not current when adding another type", () => {
    const report = '/entity/add?type=incident_report';
    expect(isCurrentLink(report, at('/entity/add?type=incident_report&from=%2F'))).toBe(true);
    expect(isCurrentLink(report, at('/entity/add?type=daily_check'))).toBe(false);
    expect(isCurrentLink(report, at('/entity/add'))).toBe(false);
  });
});
