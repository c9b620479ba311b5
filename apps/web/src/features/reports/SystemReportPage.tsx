import { Alert, Anchor, Button, Group, List, Pagination, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFileSpreadsheet, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SystemReportRecords, SystemReportView } from '@turnout/shared';
import { Fragment, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/index.ts';
import { followReport, showReportError } from './list-reports.ts';
import {
  deleteSystemReport,
  fetchSystemReport,
  fetchSystemReportRecords,
  requestSystemReportExport,
  systemReportKeys,
} from './system-reports-api.ts';

/** 'Showing x - y of total matched records' (spec 03 §2 'Reports'). */
export function showingText(meta: SystemReportRecords['meta']): string {
  return meta.from === null ? 'Showing 0 of 0 matched records' : `Showing ${meta.from} - ${meta.to} of ${meta.total} matched records`;
}

function RecordsTable({ report, page, onPage }: { report: SystemReportView; page: number; onPage(page: number): void }) {
  const records = useQuery({
    queryKey: systemReportKeys.records(report.id, page),
    queryFn: ({ signal }) => fetchSystemReportRecords(report.id, page, signal),
    placeholderData: keepPreviousData,
  });
  if (records.isPending) return <Skeleton height={200} />;
  if (records.isError) return <Text c="red.9">{records.error.message}</Text>;
  const { columns, data, meta } = records.data;
  const grouped = report.group_by_params.length > 0;
  return (
    <Stack gap="sm">
      <Text fz="sm" data-testid="report-showing">
        {showingText(meta)}
      </Text>
      <Table.ScrollContainer minWidth={Math.max(480, columns.length * 140)}>
        <Table verticalSpacing="xs" striped highlightOnHover withTableBorder>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.property}>{c.title}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((row, i) => (
              <Fragment key={row.id}>
                {grouped && (i === 0 || data[i - 1]!.group !== row.group) && (
                  <Table.Tr>
                    <Table.Th colSpan={columns.length} scope="colgroup" bg="gray.1">
                      {row.group || '(None entered)'}
                    </Table.Th>
                  </Table.Tr>
                )}
                <Table.Tr>
                  {row.cells.map((cell, c) => (
                    <Table.Td key={columns[c]!.property}>
                      {c === 0 && !report.view_only_no_click_through ? (
                        <Anchor
                          component={Link}
                          to={`/entity/${encodeURIComponent(report.report_entity_type)}/${row.id}`}
                          display="inline-block"
                          py={10}
                        >
                          {cell || row.id}
                        </Anchor>
                      ) : (
                        cell
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {meta.last_page > 1 && (
        <Pagination
          total={meta.last_page}
          value={page}
          onChange={onPage}
          size="lg"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      )}
    </Stack>
  );
}

/** /settings/report/{id} (spec 03 §2 'Reports'): 'Report: {display_name}', Export, its filters and its records. */
export function SystemReportPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const report = useQuery({ queryKey: systemReportKeys.one(id), queryFn: ({ signal }) => fetchSystemReport(id, signal), retry: false });

  if (report.isPending) return <Skeleton height={240} maw={960} />;
  if (report.isError) {
    const status = report.error instanceof ApiError ? report.error.statusCode : 0;
    return (
      <Stack gap="lg" maw={960}>
        <Title order={1}>Report</Title>
        <Text c="red.9">
          {status === 404 ? 'Report not found.' : status === 403 ? 'You may not view this report.' : report.error.message}
        </Text>
      </Stack>
    );
  }
  const r = report.data;
  const exportXlsx = async () => {
    setExporting(true);
    try {
      const jobId = await requestSystemReportExport(r.id);
      await followReport(jobId, 'xlsx', `${r.display_name}.xlsx`);
    } catch (error) {
      showReportError(error);
    } finally {
      setExporting(false);
    }
  };
  const remove = async () => {
    if (!window.confirm(`Delete the report '${r.display_name}'?`)) return;
    try {
      await deleteSystemReport(r.id);
      await queryClient.invalidateQueries({ queryKey: systemReportKeys.all });
      notifications.show({ color: 'green', message: 'Deleted Successfully' });
      navigate('/settings/reports/index');
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-start">
        <Title order={1}>Report: {r.display_name}</Title>
        <Group gap="xs">
          {r.may_delete && (
            <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={() => void remove()}>
              Delete
            </Button>
          )}
          <Button
            leftSection={<IconFileSpreadsheet size={16} />}
            loading={exporting}
            disabled={!r.runnable}
            onClick={() => void exportXlsx()}
          >
            Export
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="md" p="lg" component="section" aria-label="Filter parameters">
        <Title order={2} fz="lg" mb="xs">
          Filter parameters
        </Title>
        <Text fz="sm" mb="xs">
          {r.report_entity_type_label}
          {r.tenant_name ? ` · ${r.tenant_name}` : ''}
        </Text>
        <List fz="sm" spacing={2}>
          {r.filter_parameters.map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
        </List>
      </Paper>
      {r.problem && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="This report has changed">
          <Text fz="sm" c="dark.9">
            {r.problem}
          </Text>
        </Alert>
      )}
      {r.runnable && (
        <Paper withBorder radius="md" p="lg" component="section" aria-label="Matching records">
          <RecordsTable report={r} page={page} onPage={setPage} />
        </Paper>
      )}
      <Anchor component={Link} to="/settings/reports/index" fz="sm">
        All reports
      </Anchor>
    </Stack>
  );
}
