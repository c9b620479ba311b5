import { Text } from '@mantine/core';
import { TileGroups } from './TileGroups.tsx';
import type { Tile, TileGroup } from './tree.ts';

/** Where a global admin at global level starts: the vendor's own screens, no department's tree. */
const GLOBAL_GROUPS: TileGroup<Tile>[] = [
  {
    heading: 'Departments',
    items: [{ key: 'tenants', label: 'Tenants', icon: 'building', to: '/admin/tenant' }],
  },
  {
    heading: 'Administration',
    items: [
      { key: 'admin-tools', label: 'Admin Tools', icon: 'checklist', to: '/settings/admin-tools/index' },
      { key: 'modules', label: 'Admin Modules', icon: 'layout-grid', to: '/settings/admin-tools/modules' },
      { key: 'logins', label: 'Manage Logins', icon: 'list', to: '/settings/manage-logins' },
      { key: 'permissions', label: 'Manage Permissions', icon: 'sitemap', to: '/settings/manage-permissions' },
    ],
  },
];

/**
 * Home of a global admin acting at global level (spec 01 §6: no tenant record): the tenant
 * list and the admin tools, with a word on how to see a department's own home.
 */
export function GlobalHome() {
  return (
    <>
      <Text c="gray.7">You are at global level. Choose a tenant in the user menu to see its home screen.</Text>
      <TileGroups groups={GLOBAL_GROUPS} variant="home" />
    </>
  );
}
