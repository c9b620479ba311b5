import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isGlobalAdmin } from '../../identity/access.ts';
import { useCurrentUser } from '../../identity/current-user.tsx';
import { usePermission } from '../../permissions/use-permission.tsx';
import { Gate } from '../../settings/AccessDenied.tsx';
import { fetchTypesLite, liteKey } from '../entity-types-api.ts';
import { visibleTypes } from '../model/type-list.ts';
import { SortableTypeList } from './SortableTypeList.tsx';

/**
 * /settings/admin-tools/modules (spec 03 §2 'Admin Modules'): the module types in sort order,
 * drag-sortable by global admins; whoever may view admin modules sees the order.
 */
export function AdminModulesPage() {
  const user = useCurrentUser();
  const globalAdmin = isGlobalAdmin(user);
  const canView = usePermission('view_admin_modules', 'view');
  const list = useQuery({ queryKey: liteKey, queryFn: ({ signal }) => fetchTypesLite(signal), staleTime: 0 });
  const modules = visibleTypes(
    (list.data ?? []).filter((t) => t.is_module),
    '',
    'default',
  );
  return (
    <Gate allowed={globalAdmin || canView} title="Admin Modules" reason="Admin Modules are for global admins.">
      <Stack gap="lg" maw={960}>
        <Title order={1}>Admin Modules</Title>
        <Text fz="sm" c="dimmed">
          {globalAdmin ? 'Drag the modules into the order the menu shows them in.' : 'The modules in the order the menu shows them in.'}
        </Text>
        <SortableTypeList
          list={list}
          types={modules}
          draggable={globalAdmin}
          linkOf={(type) =>
            `/admin/entity/?type=${encodeURIComponent(type.name)}&from=${encodeURIComponent('/settings/admin-tools/modules')}`
          }
          emptyText="No modules"
          label="Modules"
        />
      </Stack>
    </Gate>
  );
}
