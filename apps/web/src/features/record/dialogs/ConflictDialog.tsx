import { Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { ConflictRow } from '../model/conflict.ts';

interface ConflictDialogProps {
  opened: boolean;
  rows: ConflictRow[];
  who: string | null;
  busy: boolean;
  onKeepMine(): void;
  onTakeTheirs(): void;
  onClose(): void;
}

/**
 * The record was saved by someone else meanwhile (409): field by field, what this person
 * changed and what is saved now. 'Keep my changes' saves theirs on top of the new version;
 * 'Use the saved version' drops this person's changes. Closing keeps the form as it is.
 */
export function ConflictDialog({ opened, rows, who, busy, onKeepMine, onTakeTheirs, onClose }: ConflictDialogProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title="This record was changed by someone else"
      size="xl"
      centered
    >
      <Stack gap="md">
        <Text fz="sm">
          {who ? `${who} saved` : 'Someone saved'} this record after you opened it. Nothing of yours was saved yet. Compare the changes and
          choose which to keep.
        </Text>
        <ScrollArea.Autosize mah={360}>
          <Table striped withTableBorder aria-label="Changes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field</Table.Th>
                <Table.Th>Your value</Table.Th>
                <Table.Th>Saved value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.property}>
                  <Table.Td>
                    <Group gap={6}>
                      <Text fz="sm" fw={500}>
                        {row.title}
                      </Text>
                      {row.clash ? (
                        <Badge color="red" size="xs">
                          both changed
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" fw={row.changedByMe ? 600 : undefined}>
                      {row.mine || '(empty)'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text fz="sm" fw={row.changedByThem ? 600 : undefined}>
                      {row.theirs || '(empty)'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onTakeTheirs} disabled={busy}>
            Use the saved version
          </Button>
          <Button onClick={onKeepMine} loading={busy}>
            Keep my changes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
