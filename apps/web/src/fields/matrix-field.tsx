import { ActionIcon, Button, ScrollArea, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { FieldDefinition } from '@turnout/shared';
import { defineField } from './common/define.tsx';
import { FieldShell } from './common/FieldShell.tsx';
import { valueText } from './common/text.ts';
import { fieldComponentsOf } from './registry.ts';
import { useTypeFields } from './select-field.tsx';
import type { FieldDisplayProps, FieldEditorProps, FieldRecordContext } from './types.ts';

type Row = Record<string, unknown>;

/**
 * The columns of a matrix: params.matrixProperties (field definitions, or properties of the
 * childtype's fields), else the childtype's fields, else the keys of the rows as text.
 */
export function matrixColumns(field: FieldDefinition, childFields: FieldDefinition[], rows: Row[]): FieldDefinition[] {
  const listed = (field as { matrixProperties?: unknown }).matrixProperties ?? field.params?.matrixProperties;
  if (Array.isArray(listed) && listed.length) {
    return listed.flatMap((item): FieldDefinition[] => {
      if (typeof item === 'string') {
        const found = childFields.find((f) => f.property === item);
        return [found ?? { property: item, title: item, type: 'single-text' }];
      }
      if (item && typeof item === 'object' && 'property' in item) {
        const f = item as Partial<FieldDefinition> & { property: string };
        return [{ ...f, property: f.property, title: f.title ?? f.property, type: f.type ?? 'single-text' }];
      }
      return [];
    });
  }
  if (childFields.length) return childFields.filter((f) => !['heading', 'text-label', 'column-break'].includes(f.type));
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return keys.map((k) => ({ property: k, title: k, type: 'single-text' }));
}

const rowContext = (record: FieldRecordContext, row: Row, set: (p: string, v: unknown) => void): FieldRecordContext => ({
  ...record,
  values: row,
  setValue: set,
});

/** matrix-field: a table of rows, each cell edited by its column's field type. */
function MatrixEditor(props: FieldEditorProps<Row[]>) {
  const childFields = useTypeFields(props.field.childtype, !!props.field.childtype) as FieldDefinition[];
  const rows = props.value ?? [];
  const columns = matrixColumns(props.field, childFields, rows);
  const setRow = (index: number, patch: Row) => props.onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const useRowHeader = props.field.params?.useRowHeader === true;
  return (
    <FieldShell {...props}>
      {columns.length === 0 ? (
        <Text fz="sm" c="gray.7">
          No columns.
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table withTableBorder fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                {useRowHeader && <Table.Th>#</Table.Th>}
                {columns.map((c) => (
                  <Table.Th key={c.property}>{c.title}</Table.Th>
                ))}
                {props.editable && (
                  <Table.Th>
                    <VisuallyHidden>Row actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
                <Table.Tr key={index}>
                  {useRowHeader && <Table.Th scope="row">{index + 1}</Table.Th>}
                  {columns.map((c) => {
                    const cell = { ...c, title: `${c.title} (row ${index + 1})` };
                    const Cell = fieldComponentsOf(c.type)?.Editor;
                    return (
                      <Table.Td key={c.property} miw={140}>
                        {props.editable && Cell ? (
                          <Cell
                            field={cell}
                            value={row[c.property] as never}
                            onChange={(v: unknown) => setRow(index, { [c.property]: v })}
                            editable
                            required={false}
                            mode={props.mode}
                            record={rowContext(props.record, row, (p, v) => setRow(index, { [p]: v }))}
                          />
                        ) : (
                          valueText(c, row[c.property], props.record)
                        )}
                      </Table.Td>
                    );
                  })}
                  {props.editable && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove row ${index + 1}`}
                        onClick={() => props.onChange(rows.length > 1 ? rows.filter((_, i) => i !== index) : null)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {props.editable && columns.length > 0 && (
        <Button mt="xs" size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={() => props.onChange([...rows, {}])}>
          Add Row
        </Button>
      )}
      {!props.editable && rows.length === 0 && (
        <Text fz="sm" c="gray.7">
          (None entered)
        </Text>
      )}
    </FieldShell>
  );
}

function MatrixDisplay({ field, value, record }: FieldDisplayProps<Row[]>) {
  const rows = value ?? [];
  const columns = matrixColumns(field, [], rows);
  return (
    <Table withTableBorder fz="sm">
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.property}>{c.title}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
          <Table.Tr key={i}>
            {columns.map((c) => (
              <Table.Td key={c.property}>{valueText(c, row[c.property], record)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export const matrixField = defineField<Row[]>('matrix-field', MatrixEditor, MatrixDisplay);
