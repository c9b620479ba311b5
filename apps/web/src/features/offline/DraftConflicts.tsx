import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { type FieldDefinition, fieldText } from '@turnout/shared';

export const CONFLICTS_TITLE = 'Changed here and on the server';
export const CHOOSE_BEFORE_SAVING = 'Choose the server’s value or yours for each field changed on both sides before saving.';

export interface DraftConflictsProps {
  fields: readonly FieldDefinition[];
  /** Property → this device's value, for the fields still to decide. */
  mine: Record<string, unknown>;
  /** The record as the server has it now. */
  theirs: Record<string, unknown>;
  onChoose(property: string, value: unknown): void;
}

const textOf = (field: FieldDefinition | undefined, value: unknown) => {
  if (value === null || value === undefined || value === '') return '(empty)';
  return (field ? fieldText(field, value) : '') || JSON.stringify(value);
};

/**
 * A queued edit met another save of the same fields (docs/decisions/0034): per field, the
 * server's value ('theirs') or this device's ('mine'). Nothing is overwritten until chosen.
 */
export function DraftConflicts({ fields, mine, theirs, onChoose }: DraftConflictsProps) {
  const properties = Object.keys(mine);
  if (properties.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={CONFLICTS_TITLE}
      role="region"
      aria-label={CONFLICTS_TITLE}
      // The light variant's orange title reads at under 3:1 on its tint (axe color-contrast).
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="xs">
        <Text fz="sm">Someone saved these fields while your changes waited on this device. Choose which value to keep.</Text>
        <Table aria-label="Fields to decide">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Theirs</Table.Th>
              <Table.Th>Mine</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {properties.map((property) => {
              const field = fields.find((f) => f.property === property);
              const title = field?.title || property;
              return (
                <Table.Tr key={property}>
                  <Table.Td>
                    <Text fz="sm" fw={500}>
                      {title}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text fz="sm">{textOf(field, theirs[property])}</Text>
                      <Button
                        size="xs"
                        variant="default"
                        mih={44}
                        aria-label={`Keep theirs for ${title}`}
                        onClick={() => onChoose(property, theirs[property])}
                      >
                        Keep theirs
                      </Button>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text fz="sm">{textOf(field, mine[property])}</Text>
                      <Button size="xs" mih={44} aria-label={`Keep mine for ${title}`} onClick={() => onChoose(property, mine[property])}>
                        Keep mine
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Stack>
    </Alert>
  );
}
