import { Alert, Button, Group, Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { EntityType } from '@turnout/shared';
import { useState } from 'react';
import { useTenantFormats } from '../../identity/tenant-formats.ts';
import { DynamicForm } from '../form/DynamicForm.tsx';
import { useFormState } from '../form/use-form-state.ts';
import type { FormViewer } from '../model/form-model.ts';
import { type EntityVersion, fetchVersions, versionsKey } from '../record-api.ts';

interface VersionHistoryDialogProps {
  opened: boolean;
  onClose(): void;
  type: EntityType;
  id: string;
  viewer: FormViewer;
  /** 'view version pdfs' gates the version files (spec 01 §6). */
  canViewPdfs: boolean;
}

function VersionView({ version, type, viewer }: { version: EntityVersion; type: EntityType; viewer: FormViewer }) {
  const state = useFormState({ type, mode: 'view', viewer, initial: version.model_data, saved: version.model_data });
  return (
    <DynamicForm
      state={state}
      typeName={type.name}
      typeLabel={type.label}
      saved={null}
      page={1}
      onPage={() => undefined}
      print
      applyRecord={() => undefined}
      saveFirst={async () => null}
    />
  );
}

/** Version History: every saved version, newest first; any one opens read-only. */
export function VersionHistoryDialog({ opened, onClose, type, id, viewer, canViewPdfs }: VersionHistoryDialogProps) {
  const [viewing, setViewing] = useState<EntityVersion | null>(null);
  const versions = useQuery({
    queryKey: versionsKey(type.name, id),
    queryFn: ({ signal }) => fetchVersions(type.name, id, signal),
    enabled: opened,
    // Every opening asks again: a save since the last opening made a new version.
    staleTime: 0,
  });
  const formats = useTenantFormats();
  const close = () => {
    setViewing(null);
    onClose();
  };
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={close}
      title={viewing ? `Version ${viewing.version}` : 'Version History'}
      size="xl"
      centered
    >
      {viewing ? (
        <Stack gap="md">
          <Group justify="space-between">
            <Text fz="sm" c="dimmed">
              Saved {formats.dateTime(viewing.updated_at)} by {viewing.responsible_user.display_name}
            </Text>
            <Button variant="default" size="xs" onClick={() => setViewing(null)}>
              Back to versions
            </Button>
          </Group>
          <ScrollArea.Autosize mah="60vh">
            <VersionView version={viewing} type={type} viewer={viewer} />
          </ScrollArea.Autosize>
        </Stack>
      ) : versions.isPending ? (
        <Group justify="center" p="lg">
          <Loader role="status" size="sm" aria-label="Loading versions" />
        </Group>
      ) : versions.isError ? (
        <Alert color="red">{versions.error.message}</Alert>
      ) : versions.data.length === 0 ? (
        <Text c="dimmed">No versions found.</Text>
      ) : (
        <Table highlightOnHover aria-label="Versions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Version</Table.Th>
              <Table.Th>Saved</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {versions.data.map((v) => (
              <Table.Tr key={v.version_id}>
                <Table.Td>{v.version}</Table.Td>
                <Table.Td>{formats.dateTime(v.updated_at)}</Table.Td>
                <Table.Td>{v.responsible_user.display_name}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
                    {v.pdf && canViewPdfs ? (
                      <Button component="a" href={v.pdf} target="_blank" rel="noopener" size="xs" variant="subtle">
                        PDF
                      </Button>
                    ) : null}
                    <Button size="xs" variant="light" onClick={() => setViewing(v)} aria-label={`View version ${v.version}`}>
                      View
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
