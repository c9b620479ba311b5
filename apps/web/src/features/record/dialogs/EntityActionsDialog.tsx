import { Alert, Badge, Button, Group, Loader, Modal, Stack, Table, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { EntityType } from '@turnout/shared';
import { useState } from 'react';
import { ApiError } from '../../../api/index.ts';
import { formatStamp } from '../model/time-format.ts';
import { actionHistoryKey, fetchActionHistory, forceAction } from '../record-api.ts';

export const ACTION_QUEUED = 'Action has been queued. Please check history for details.';

interface EntityActionsDialogProps {
  opened: boolean;
  onClose(): void;
  type: EntityType;
  id: string;
}

interface ActionItem {
  offline_id?: string;
  name: string;
  enabled?: boolean;
  triggers?: { type?: string };
}

/** Entity Actions (admins): the type's actions, each can be forced, and the Action History tab. */
export function EntityActionsDialog({ opened, onClose, type, id }: EntityActionsDialogProps) {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<string | null>('actions');
  const [forcing, setForcing] = useState<string | null>(null);
  const history = useQuery({
    queryKey: actionHistoryKey(type.name, id),
    queryFn: ({ signal }) => fetchActionHistory(type.name, id, signal),
    enabled: opened && tab === 'history',
  });
  const actions = type.actions as ActionItem[];

  const force = async (action: ActionItem) => {
    const actionId = action.offline_id ?? action.name;
    setForcing(actionId);
    try {
      await forceAction(type.name, id, actionId);
      notifications.show({ color: 'green', message: ACTION_QUEUED });
      await queryClient.invalidateQueries({ queryKey: actionHistoryKey(type.name, id) });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof ApiError || error instanceof Error ? error.message : String(error) });
    } finally {
      setForcing(null);
    }
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close' }} opened={opened} onClose={onClose} title="Entity Actions" size="lg" centered>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="actions">Actions</Tabs.Tab>
          <Tabs.Tab value="history">Action History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="actions" pt="md">
          {actions.length === 0 ? (
            <Text c="dimmed">No actions for this entity type</Text>
          ) : (
            <Stack gap="xs">
              {actions.map((action) => {
                const actionId = action.offline_id ?? action.name;
                return (
                  <Group key={actionId} justify="space-between" wrap="nowrap">
                    <Group gap="xs">
                      <Text fw={500}>{action.name}</Text>
                      {action.enabled === false ? <Badge color="gray">disabled</Badge> : null}
                      <Badge variant="light">{action.triggers?.type ?? 'check-on-save'}</Badge>
                    </Group>
                    <Button
                      size="xs"
                      variant="light"
                      loading={forcing === actionId}
                      disabled={forcing !== null}
                      onClick={() => void force(action)}
                    >
                      Force
                    </Button>
                  </Group>
                );
              })}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          {history.isPending ? (
            <Group justify="center" p="md">
              <Loader role="status" size="sm" aria-label="Loading action history" />
            </Group>
          ) : history.isError ? (
            <Alert color="red">{history.error.message}</Alert>
          ) : history.data.length === 0 ? (
            <Text c="dimmed">No actions recorded</Text>
          ) : (
            <Table aria-label="Action history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Started</Table.Th>
                  <Table.Th>Completed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Text fz="sm">{row.action_name}</Text>
                      {row.detail ? (
                        <Text fz="xs" c="dimmed">
                          {row.detail}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{row.status}</Table.Td>
                    <Table.Td>{formatStamp(row.created_at)}</Table.Td>
                    <Table.Td>{formatStamp(row.completed_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
