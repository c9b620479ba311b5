import { Radio, ScrollArea, Table, VisuallyHidden } from '@mantine/core';
import { type FieldOption, optionKey } from '@turnout/shared';
import { RADIO_TABLE_MAX_COLUMNS, RADIO_TABLE_MAX_ROWS, type RadioTableChoice } from '@turnout/shared/fields/types/radio-table';
import { useId } from 'react';
import { defineField } from './common/define.tsx';
import { FieldShell, ReadOnlyText } from './common/FieldShell.tsx';
import { valueText } from './common/text.ts';
import classes from './radio-table.module.css';
import type { FieldEditorProps } from './types.ts';

const headerLabel = (h: FieldOption) => String(h.label ?? h.value ?? optionKey(h));

/** The grid a radio table shows: at most 50 rows and 5 columns (spec 02 §5). */
export function radioTableGrid(params: { rowHeaders?: FieldOption[]; columnHeaders?: FieldOption[] } | undefined) {
  return {
    rows: (params?.rowHeaders ?? []).slice(0, RADIO_TABLE_MAX_ROWS),
    columns: (params?.columnHeaders ?? []).slice(0, RADIO_TABLE_MAX_COLUMNS),
  };
}

/** radio-table: one choice per row of a grid, stored as { rowId, rowDisplayName, columnId, columnDisplayName }[]. */
function RadioTableEditor(props: FieldEditorProps<RadioTableChoice[]>) {
  const id = useId();
  const { rows, columns } = radioTableGrid(props.field.params);
  const value = props.value ?? [];
  if (!props.editable)
    return (
      <FieldShell {...props} group={false}>
        <ReadOnlyText text={valueText(props.field, props.value, props.record).replaceAll('; ', '\n')} />
      </FieldShell>
    );
  const choose = (row: FieldOption, column: FieldOption) => {
    const rest = value.filter((c) => String(c.rowId) !== optionKey(row));
    const choice = {
      rowId: optionKey(row),
      rowDisplayName: headerLabel(row),
      columnId: optionKey(column),
      columnDisplayName: headerLabel(column),
    };
    const order = new Map(rows.map((r, i) => [optionKey(r), i]));
    props.onChange([...rest, choice].sort((a, b) => (order.get(String(a.rowId)) ?? 0) - (order.get(String(b.rowId)) ?? 0)));
  };
  return (
    <FieldShell {...props}>
      <ScrollArea type="auto">
        <Table withTableBorder striped fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <VisuallyHidden>Row</VisuallyHidden>
              </Table.Th>
              {columns.map((c) => (
                <Table.Th key={optionKey(c)} ta="center">
                  {headerLabel(c)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, r) => {
              const chosen = value.find((c) => String(c.rowId) === optionKey(row));
              return (
                <Table.Tr key={optionKey(row)}>
                  <Table.Th scope="row" fw={500}>
                    {headerLabel(row)}
                  </Table.Th>
                  {columns.map((column, c) => (
                    <Table.Td key={optionKey(column)} ta="center">
                      <label className={classes.choice} htmlFor={`${id}-${r}-${c}`}>
                        <Radio
                          id={`${id}-${r}-${c}`}
                          name={`${id}-${optionKey(row)}`}
                          value={optionKey(column)}
                          checked={chosen !== undefined && String(chosen.columnId) === optionKey(column)}
                          onChange={() => choose(row, column)}
                          aria-label={`${headerLabel(row)}: ${headerLabel(column)}`}
                          styles={{ body: { justifyContent: 'center' } }}
                        />
                      </label>
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </FieldShell>
  );
}

export const radioTable = defineField<RadioTableChoice[]>('radio-table', RadioTableEditor);
