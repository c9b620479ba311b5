import { Anchor, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../identity/current-user.tsx';
import { useSystemReports } from './system-reports-api.ts';

/** /settings/reports/index (spec 03 §2 'Reports'): the system reports of the department, 'No Reports Defined' when none. */
export function SystemReportsPage() {
  const user = useCurrentUser();
  const reports = useSystemReports(user.tenant_id);
  const withTenant = user.is_global_admin && user.tenant_id === null;
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>Reports</Title>
      <Paper withBorder radius="md" p="lg">
        {reports.isPending ? (
          <Skeleton height={120} />
        ) : reports.isError ? (
          <Text c="red.9">{reports.error.message}</Text>
        ) : reports.data.length === 0 ? (
          <Text>No Reports Defined</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Report</Table.Th>
                  <Table.Th>Entity Type</Table.Th>
                  {withTenant && <Table.Th>Tenant</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {reports.data.map((report) => (
                  <Table.Tr key={report.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/settings/report/${report.id}`} display="inline-block">
                        {report.display_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{report.report_entity_type_label}</Table.Td>
                    {withTenant && <Table.Td>{report.tenant_name}</Table.Td>}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
