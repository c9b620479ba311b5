import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  ColorSwatch,
  Group,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ImportJobNotes, importJobNotes, type LongRunningJob, POLLING_MS } from '@turnout/shared';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { listKey } from '../entity-list/entity-list-api.ts';
import { followJob, useLongRunningJob } from '../long-running-jobs/jobs-api.ts';
import { runFinalImport } from './imports-api.ts';

const STATUS_LABEL = { queued: 'Queued', started: 'Running', complete: 'Complete' } as const;
const STATUS_COLOR = { queued: 'gray', started: 'blue', complete: 'green' } as const;

function Fact({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="lg" fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** What the import did or would do, in words: "3 rows imported (2 new, 1 updated)". */
function summary(notes: ImportJobNotes): string {
  const parts = [
    notes.created && `${notes.created} new`,
    notes.updated && `${notes.updated} updated`,
    notes.unchanged && `${notes.unchanged} unchanged`,
    notes.existing && `${notes.existing} already imported`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : '';
}

function FailedRows({ notes }: { notes: ImportJobNotes }) {
  if (notes.failedCount === 0) return <Text c="gray.7">No rows failed.</Text>;
  const unlisted = notes.failedCount - notes.failedRows.length;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={320}>
        <Table striped withTableBorder aria-label="Failed rows" data-testid="failed-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>Row</Table.Th>
              <Table.Th>Error</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {notes.failedRows.map((row) => (
              <Table.Tr key={row.index}>
                <Table.Td>{row.index}</Table.Td>
                <Table.Td>{row.exception}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {unlisted > 0 && <Text c="gray.7">…and {unlisted} more failed rows not listed.</Text>}
    </Stack>
  );
}

/** Once a final import is complete, the type's lists read its records afresh. */
function useFreshListsAfter(job: LongRunningJob, typeName: string | undefined, testRun: boolean) {
  const queryClient = useQueryClient();
  const complete = job.status === 'complete';
  useEffect(() => {
    if (complete && typeName && !testRun) void queryClient.invalidateQueries({ queryKey: listKey(typeName) });
  }, [complete, typeName, testRun, queryClient]);
}

function JobView({ job }: { job: LongRunningJob }) {
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);
  const parsed = importJobNotes.safeParse(job.notes);
  const notes = parsed.success ? parsed.data : importJobNotes.parse({});
  const error = job.error ?? notes.error;
  const finished = job.status === 'complete' && notes.finished && !error;
  const typeName = notes.params?.type;
  useFreshListsAfter(job, typeName, notes.testRun);
  const runFinal = async () => {
    setStarting(true);
    try {
      const importId = await runFinalImport(job.id);
      navigate(`/jobs/${encodeURIComponent(importId)}`);
      void followJob(importId, { label: 'The final import' }).catch(() => undefined);
    } catch (e) {
      notifications.show({ color: 'red', message: `An error occurred: ${(e as Error).message}`, autoClose: 10_000 });
    } finally {
      setStarting(false);
    }
  };
  const what = [notes.params?.type_label, notes.params?.file_name].filter(Boolean).join(' · ');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Title order={1}>{notes.testRun ? 'Import Job: test run' : 'Import Job: final import'}</Title>
          {what && <Text c="gray.7">{what}</Text>}
        </Stack>
        <Group gap="sm">
          <Badge
            size="lg"
            variant="default"
            leftSection={<ColorSwatch color={`var(--mantine-color-${STATUS_COLOR[job.status]}-6)`} size={10} withShadow={false} />}
            data-testid="job-status"
          >
            {STATUS_LABEL[job.status]}
          </Badge>
          <Button leftSection={<IconPlayerPlay size={16} />} onClick={runFinal} disabled={!finished} loading={starting} mih={44}>
            Run Final Import
          </Button>
        </Group>
      </Group>
      {job.status !== 'complete' && <Progress value={job.progress ?? 0} animated aria-label="Progress" striped size="lg" />}
      {error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Error" data-testid="job-error">
          {error}
        </Alert>
      )}
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <Fact label={notes.testRun ? 'Rows that would import' : 'Successful rows'} value={notes.importedItems} testId="imported-items" />
          <Fact label="Failed rows" value={notes.failedCount} testId="failed-count" />
          <Fact label="Batches completed" value={notes.tasksCompleted} testId="tasks-completed" />
          <Fact label="Test run" value={notes.testRun ? 'Yes' : 'No'} testId="test-run" />
          <Fact label="Finished" value={notes.finished ? 'Yes' : 'No'} testId="finished" />
          <Stack gap={0}>
            <Text fz="xs" c="gray.7" tt="uppercase" fw={600}>
              Import ID
            </Text>
            <Text fz="sm" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="import-id">
              {notes.params?.import_id ?? job.id}
            </Text>
          </Stack>
        </SimpleGrid>
        {summary(notes) && (
          <Text mt="sm" c="gray.7">
            {summary(notes)}
          </Text>
        )}
      </Paper>
      <Stack gap="xs">
        <Title order={2} size="h3">
          Ignored fields
        </Title>
        {notes.ignoredFields.length === 0 ? (
          <Text c="gray.7">None: every column matched a field.</Text>
        ) : (
          <Group gap="xs" data-testid="ignored-fields">
            {notes.ignoredFields.map((name) => (
              <Badge key={name} variant="light" color="gray" tt="none">
                {name}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h3">
          Failed rows
        </Title>
        <FailedRows notes={notes} />
      </Stack>
      {typeName && !notes.testRun && job.status === 'complete' && (
        <Anchor component={Link} to={`/entity-list/?type=${encodeURIComponent(typeName)}`}>
          View {notes.params?.type_label ?? typeName} records
        </Anchor>
      )}
    </Stack>
  );
}

/** /jobs/{id}: the import job screen (spec 01 §2.11), polled every 5 s and refreshed by pushed 'job' events. */
export function ImportJobPage() {
  const { id = '' } = useParams();
  const job = useLongRunningJob(id, POLLING_MS.importJob);
  if (job.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading the import job" />
      </Center>
    );
  if (job.isError)
    return (
      <Alert color="red" title="Import job unavailable">
        {(job.error as Error).message}
      </Alert>
    );
  return <JobView job={job.data} />;
}
