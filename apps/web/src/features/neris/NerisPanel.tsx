import { Alert, Anchor, Badge, Button, Group, List, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudUpload, IconFileExport, IconListCheck } from '@tabler/icons-react';
import type { EntityType, FieldDefinition } from '@turnout/shared';
import { useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import { showError } from '../record/screen/record-actions.ts';
import { exportFileName, fetchNerisExport, fetchNerisReport, mapsToNeris, saveJsonFile, submitToNeris } from './neris-api.ts';
import { nerisProblems } from './problems.ts';

interface NerisPanelProps {
  type: EntityType;
  record: { id: string; place: string } | null;
  fields: readonly FieldDefinition[];
  pageLabel(page: number): string;
  /** Problems the server gave for this record (a check, an export, or a refused 'Mark as NERIS Ready'). */
  errors: Record<string, string[]> | null;
  onErrors(errors: Record<string, string[]> | null): void;
  onPage(page: number): void;
  /** Unsaved changes: the server checks what is saved. */
  dirty: boolean;
}

type Busy = 'check' | 'export' | 'submit' | null;

/**
 * NERIS for a saved record of a type that maps fields to NERIS: check the report against the
 * standard, export the incident JSON, send it to NERIS. Problems are listed page by page; a
 * problem under a field jumps to its page.
 */
export function NerisPanel({ type, record, fields, pageLabel, errors, onErrors, onPage, dirty }: NerisPanelProps) {
  const [busy, setBusy] = useState<Busy>(null);
  const [valid, setValid] = useState(false);
  if (!record || !mapsToNeris(type)) return null;

  const run = async (what: Exclude<Busy, null>, work: () => Promise<void>) => {
    setBusy(what);
    try {
      await work();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) {
        setValid(false);
        onErrors(error.fieldErrors);
      } else showError(error);
    } finally {
      setBusy(null);
    }
  };
  const check = () =>
    run('check', async () => {
      const report = await fetchNerisReport(type.name, record.id);
      setValid(report.valid);
      onErrors(report.valid ? null : report.errors);
    });
  const exportJson = () =>
    run('export', async () => {
      const payload = await fetchNerisExport(type.name, record.id);
      setValid(true);
      onErrors(null);
      saveJsonFile(payload, exportFileName(payload, record.id));
      notifications.show({ color: 'green', message: 'NERIS JSON exported.' });
    });
  const submit = () =>
    run('submit', async () => {
      const sent = await submitToNeris(type.name, record.id);
      notifications.show({ color: 'green', message: `Submitted to NERIS${sent.neris_id ? ` as ${sent.neris_id}` : ''}.` });
    });

  const problems = errors ? nerisProblems(errors, fields) : [];
  return (
    <Paper withBorder p="sm" radius="md" aria-label="NERIS">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs">
          <Text fw={600}>NERIS</Text>
          {record.place === 'neris_ready' ? <Badge color="green">NERIS Ready</Badge> : null}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button
            size="sm"
            variant="default"
            leftSection={<IconListCheck size={16} />}
            loading={busy === 'check'}
            onClick={() => void check()}
          >
            Check NERIS
          </Button>
          <Button
            size="sm"
            variant="default"
            leftSection={<IconFileExport size={16} />}
            loading={busy === 'export'}
            onClick={() => void exportJson()}
          >
            Export NERIS JSON
          </Button>
          <Button
            size="sm"
            variant="default"
            leftSection={<IconCloudUpload size={16} />}
            loading={busy === 'submit'}
            onClick={() => void submit()}
          >
            Submit to NERIS
          </Button>
        </Group>
      </Group>
      {dirty ? (
        <Text fz="sm" c="dimmed" mt="xs">
          NERIS checks the saved report: save your changes first.
        </Text>
      ) : null}
      {problems.length ? (
        <Alert color="red" mt="sm" title={`${problems.length} NERIS ${problems.length === 1 ? 'problem' : 'problems'}`} role="alert">
          <List size="sm" spacing={4}>
            {problems.map((p) => (
              <List.Item key={`${p.key}:${p.message}`}>
                {p.page !== null ? (
                  <Anchor component="button" type="button" fz="sm" c="inherit" td="underline" fw={600} onClick={() => onPage(p.page ?? 1)}>
                    {pageLabel(p.page)}
                  </Anchor>
                ) : (
                  <Text span fz="sm" fw={500}>
                    Not on this form
                  </Text>
                )}
                {' — '}
                {p.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : valid ? (
        <Alert color="green" mt="sm" role="status">
          The report meets the NERIS standard.
        </Alert>
      ) : null}
    </Paper>
  );
}
