import type { HomeNavigation } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { NAVIGATION } from '../../features/home/fixtures.ts';
import { TABS } from './bottom-tabs.ts';
import { currentPlace, isCurrentLink, type NavItem } from './current-place.ts';

/** The fixture's tree (Home → Operations → Water Supply, Training) with hydrants under Water Supply. */
const nav: HomeNavigation = {
  ...NAVIGATION,
  categories: NAVIGATION.categories.map((c) =>
    c.id === 'water'
      ? {
          ...c,
          entity_types: [{ id: 't9', name: 'hydrant', label: 'Hydrant', icon: null, uri: '/entity-list/?type=hydrant', header: null }],
        }
      : c,
  ),
};

const at = (url: string) => {
  const [pathname = '', search = ''] = url.split('?', 2);
  return { pathname, search: search ? `?${search}` : '' };
};

/** The drawer as SideDrawer builds it, with Quick Links (shown below 1240 px). */
const DRAWER: NavItem[] = [
  { key: 'Dashboard', to: '/dashboard' },
  { key: 'Operations', to: '/category/ops' },
  { key: 'Water Supply', to: '/category/water' },
  { key: 'Training', to: '/category/training' },
  { key: 'Report an Incident', to: '/entity/add?type=incident_report' },
  { key: 'My Tasks', to: '/tasks' },
  { key: 'Calendar', to: '/calendar' },
  { key: 'Documents', to: '/documents' },
  { key: 'Messages', to: '/conversations' },
  { key: 'My Profile', to: '/settings', exact: true },
  { key: 'My Department', to: '/admin/tenant/view' },
  { key: 'Time Sheets', to: '/entity-list/?type=time_sheet' },
  { key: 'Department Documents', to: '/documents' },
];
const TAB_ITEMS: NavItem[] = TABS.map((tab) => ({ key: tab.label, to: tab.start }));

const lit = (url: string, items: NavItem[], tree?: HomeNavigation) => currentPlace(at(url), items, tree)?.key ?? null;

describe('[SHELL] the current place in the drawer and the tab bar (issue 20)', () => {
  it.each([
    // path                                         drawer                 tab
    ['/', null, 'Home'],
    ['/dashboard', 'Dashboard', null],
    ['/category/ops', 'Operations', 'Home'],
    ['/category/water', 'Water Supply', 'Home'],
    ['/categorytree', null, 'Home'],
    // A list: the item linking to the list, else its category, else the category's parents.
    ['/entity-list/?type=time_sheet', 'Time Sheets', 'Home'],
    ['/entity-list/?type=incident_report', 'Operations', 'Home'],
    ['/entity-list/?type=hydrant', 'Water Supply', 'Home'],
    ['/entity-list-detail?type=hydrant&id=1', 'Water Supply', 'Home'],
    ['/entity-list/?type=system_alert', null, null],
    // A record, added, shown or edited: as its type's list.
    ['/entity/hydrant/3f2a', 'Water Supply', 'Home'],
    ['/entity/time_sheet/3f2a?mode=edit', 'Time Sheets', 'Home'],
    ['/entity/add?type=incident_report&from=%2F', 'Report an Incident', 'Home'],
    ['/entity/add?type=hydrant', 'Water Supply', 'Home'],
    ['/entity/edit/3f2a?type=incident_report', 'Operations', 'Home'],
    ['/entity/system_alert/3f2a', null, null],
    // Tasks, calendar, messages, documents.
    ['/tasks', 'My Tasks', 'Tasks'],
    ['/tasks/add', 'My Tasks', 'Tasks'],
    ['/tasks/station_task/3f2a', 'My Tasks', 'Tasks'],
    ['/calendar', 'Calendar', 'Calendar'],
    ['/conversations', 'Messages', null],
    ['/conversations/3f2a?from=%2Fconversations', 'Messages', null],
    ['/documents/3f2a', 'Documents', null],
    // Settings: My Profile is the settings page only; the Settings tab owns every settings screen.
    ['/settings', 'My Profile', 'Settings'],
    ['/settings/widgets', null, 'Settings'],
    ['/settings/reports/index', null, 'Settings'],
    ['/settings/report/12', null, 'Settings'],
    ['/settings/manage-logins', null, 'Settings'],
    ['/settingsx', null, null],
    ['/admin/tenant/view', 'My Department', null],
    ['/notifications', null, null],
  ])('%s lights %s in the drawer and %s in the tab bar', (url, drawer, tab) => {
    expect(lit(url, DRAWER, nav)).toBe(drawer);
    expect(lit(url, TAB_ITEMS, nav)).toBe(tab);
  });

  it('lights the Reports item on a report when the drawer has one', () => {
    const items = [...DRAWER, { key: 'Reports', to: '/settings/reports/index' }];
    expect(lit('/settings/report/12', items, nav)).toBe('Reports');
    expect(lit('/settings/reports/index', items, nav)).toBe('Reports');
  });

  it('lights the nearest parent shown: Operations for a hydrant when Water Supply is folded away', () => {
    const folded = DRAWER.filter((item) => item.key !== 'Water Supply');
    expect(lit('/entity/hydrant/3f2a', folded, nav)).toBe('Operations');
  });

  it('lights no Home for a list before the home tree has loaded, and Home for a category', () => {
    expect(lit('/entity-list/?type=hydrant', TAB_ITEMS)).toBeNull();
    expect(lit('/category/ops', TAB_ITEMS)).toBe('Home');
  });
});

describe('[SHELL] a link to the place shown', () => {
  it('matches the same path, trailing slash aside', () => {
    expect(isCurrentLink('/documents', at('/documents/'))).toBe(true);
    expect(isCurrentLink('/dashboard', at('/dashboard'))).toBe(true);
    expect(isCurrentLink('/settings', at('/settings/manage-logins'))).toBe(false);
  });

  it("needs the link's query: 'Report an Incident' is not current when adding another type", () => {
    const report = '/entity/add?type=incident_report';
    expect(isCurrentLink(report, at('/entity/add?type=incident_report&from=%2F'))).toBe(true);
    expect(isCurrentLink(report, at('/entity/add?type=daily_check'))).toBe(false);
    expect(isCurrentLink(report, at('/entity/add'))).toBe(false);
  });
});
