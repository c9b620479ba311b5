import { Anchor, Stack } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { EntityListPage } from './EntityListPage.tsx';

/** Where the back link goes without a usable `from`: the list of admin modules. */
const ADMIN_MODULES = '/settings/admin-tools/modules';

/**
 * /admin/entity/?type={name}&from=… (AdminEntityList, spec 03 §2): the records of an admin
 * module's type, with a way back to where the admin came from. `from` is followed only when it
 * is a path inside the app.
 */
export function AdminEntityListPage() {
  const [params] = useSearchParams();
  const from = params.get('from');
  const back = from?.startsWith('/') && !from.startsWith('//') ? from : ADMIN_MODULES;
  return (
    <Stack gap="xs">
      <Anchor component={Link} to={back} fz="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4, minHeight: 44 }}>
        <IconChevronLeft size={16} /> Back
      </Anchor>
      <EntityListPage />
    </Stack>
  );
}
