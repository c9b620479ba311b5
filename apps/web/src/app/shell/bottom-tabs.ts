/** The phone's bottom tabs (spec 01 §2.3): each tab's start screen, and which tab a path belongs to. */
export const TABS = [
  { key: 'home', label: 'Home', start: '/' },
  { key: 'tasks', label: 'Tasks', start: '/tasks' },
  { key: 'calendar', label: 'Calendar', start: '/calendar' },
  { key: 'settings', label: 'Settings', start: '/settings' },
] as const;
export type TabKey = (typeof TABS)[number]['key'];

/** Tasks, calendar and settings own their paths; everything else is the Home stack. */
export function tabOf(pathname: string): TabKey {
  for (const tab of TABS) {
    if (tab.start !== '/' && (pathname === tab.start || pathname.startsWith(`${tab.start}/`))) return tab.key;
  }
  return 'home';
}
