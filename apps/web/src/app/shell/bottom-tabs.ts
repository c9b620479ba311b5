/** The phone's bottom tabs (spec 01 §2.3): each tab's start screen; current-place.ts says which one is lit. */
export const TABS = [
  { key: 'home', label: 'Home', start: '/' },
  { key: 'tasks', label: 'Tasks', start: '/tasks' },
  { key: 'calendar', label: 'Calendar', start: '/calendar' },
  { key: 'settings', label: 'Settings', start: '/settings' },
] as const;
export type TabKey = (typeof TABS)[number]['key'];
