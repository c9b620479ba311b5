import type { HomeNavigation, ScreenButton, TreeCategory } from '@turnout/shared';

/** A small home tree for tests: Home → Operations (→ Water Supply), Training. */
const category = (
  id: string,
  name: string,
  parent: string | null,
  children: string[] = [],
  extra: Partial<TreeCategory> = {},
): TreeCategory => ({
  id,
  category_name: name,
  display_name: name,
  icon: null,
  sort_order: 0,
  parent_id: parent,
  children,
  screen_buttons: [],
  entity_types: [],
  ...extra,
});

export const button = (
  id: string,
  name: string,
  navigate_to: string,
  position: ScreenButton['position'] = 'home_screen',
): ScreenButton => ({
  id,
  name,
  icon: null,
  navigate_to,
  position,
  tree_category_screen: null,
  entity_list_screen: null,
  render_type: 'tile',
  sort_order: 0,
});

export const NAVIGATION: HomeNavigation = {
  home: 'home',
  categories: [
    category('home', 'Home', null, ['ops', 'training']),
    category('ops', 'Operations', 'home', ['water'], {
      icon: 'flame',
      screen_buttons: [button('b2', 'Report an Incident', '/entity/add?type=incident_report')],
      entity_types: [
        {
          id: 't1',
          name: 'incident_report',
          label: 'Incident Report',
          icon: 'flame',
          uri: '/entity-list/?type=incident_report',
          header: 'Incidents',
        },
        { id: 't2', name: 'time_sheet', label: 'Time Sheet', icon: null, uri: '/entity-list/?type=time_sheet', header: 'Scheduling' },
        { id: 't3', name: 'shifts', label: 'Shifts', icon: null, uri: '/entity-list/?type=shifts', header: 'Scheduling' },
        { id: 't4', name: 'misc', label: 'Misc', icon: null, uri: '/entity-list/?type=misc', header: null },
      ],
    }),
    category('water', 'Water Supply', 'ops'),
    category('training', 'Training', 'home'),
  ],
  screen_buttons: {
    home_screen: [button('b1', 'My Tasks', '/tasks')],
    navigation_bar: [
      button('b3', 'Hydrants', '/entity-list/?type=hydrant', 'navigation_bar'),
      button('b4', 'NERIS', 'https://neris.fsri.org/', 'navigation_bar'),
    ],
    navigation_bar_docs: [button('b5', 'Documents', '/documents', 'navigation_bar_docs')],
    view_entity_list: [],
  },
};
