import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { isGlobalAdmin } from '../identity/access.ts';
import { useCurrentUser } from '../identity/current-user.tsx';
import { DepartmentForm } from './DepartmentForm.tsx';
import { LoadFailure, RowsLoading } from './LoadStates.tsx';
import { fetchDepartment, TENANTS_QUERY_KEY } from './tenant-api.ts';

/**
 * /admin/tenant/view (AdminTenantView, spec 01 §2.3): the department the user acts in, or the
 * one a global admin opened from the tenant list (?id=). Members read it; tenant admins and
 * global admins edit it (the server decides, and says so in can_edit).
 */
export function MyDepartmentPage() {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const globalAdmin = isGlobalAdmin(user);
  const id = (globalAdmin && params.get('id')) || user.tenant_id;
  const department = useQuery({
    queryKey: [TENANTS_QUERY_KEY, id],
    queryFn: ({ signal }) => fetchDepartment(id!, signal),
    enabled: !!id,
    staleTime: 0,
  });

  let body = null;
  if (!id) {
    body = (
      <Alert color="yellow" variant="light" title="Select a tenant">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">Tenant must be selected first</Text>
          {globalAdmin && (
            <Anchor component={Link} to="/admin/tenant">
              Choose a tenant from the tenant list
            </Anchor>
          )}
        </Stack>
      </Alert>
    );
  } else if (department.isPending) {
    body = <RowsLoading rows={4} height={52} />;
  } else if (department.isError) {
    body = <LoadFailure title="The department could not be loaded" error={department.error} onRetry={() => void department.refetch()} />;
  } else {
    body = <DepartmentForm key={department.data.id} department={department.data} nameEditable={globalAdmin} />;
  }

  return (
    <Stack gap="lg" maw={720}>
      {globalAdmin && params.get('id') && (
        <Anchor component={Link} to="/admin/tenant" fz="sm">
          Back to tenants
        </Anchor>
      )}
      <Title order={1}>My Department</Title>
      {body}
    </Stack>
  );
}
