/** The phone's bottom tabs (spec 01 §2.3): each tab's start screen, and which tab a path belongs to. */
export const TABS = [
  { key: 'home', label: 'Home', start: '/' },
  { key: 'tasks', label: 'Tasks', start: '/tasks' },
  { key: 'calendar', label: 'Calendar', start: '/calendar' },
  { key: 'settings', label: 'Settings', start: '/settings' },
] as const;
export type TabKey = (typeof TABS)[number]['key'];

/** Home's own screens: the home page and the category screens under it. */
const HOME_PATHS = /^\/(category\/[^/]+|categorytree)?\/?$/;

/**
 * The tab a path belongs to: tasks, calendar and settings own their paths, home owns the home
 * page and its categories; a list, a record or any other screen is no tab's (none is
 * highlighted there, issue 20).
 */
export function tabOf(pathname: string): TabKey | null {
  for (const tab of TABS) {
    if (tab.start !== '/' && (pathname === tab.start || pathname.startsWith(`${tab.start}/`))) return tab.key;
  }
  return HOME_PATHS.test(pathname) ? 'home' : null;
}

/**
 * Whether a drawer link points at the screen shown: the same path (a trailing slash aside) and,
 * when the link has a query (a type, a pre-filled field), every one of its parameters with the
 * same value. '/entity/add?type=incident_report' is current only when adding an incident
 * report, '/settings' (My Profile) only on the settings page itself (issue 20).
 */
export function isCurrentLink(link: string, location: { pathname: string; search: string }): boolean {
  const [linkPath = '', linkQuery = ''] = link.split('?', 2);
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  if (trim(linkPath) !== trim(location.pathname)) return false;
  const wanted = new URLSearchParams(linkQuery);
  const shown = new URLSearchParams(location.search);
  for (const [key, value] of wanted) if (!shown.getAll(key).includes(value)) return false;
  return true;
}
