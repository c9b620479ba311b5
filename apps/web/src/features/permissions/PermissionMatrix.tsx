import { Stack, Table, Tooltip } from '@mantine/core';
import { PERMISSION_ACTIONS, type PermissionAction, type PermissionKey, type PermissionValue } from '@turnout/shared';
import { Fragment, type KeyboardEvent, useRef, useState } from 'react';
import { type CellPosition, moveFocus } from './grid-nav.ts';
import { ACTION_LABELS, cellView, type Edits, groupKeys, nextValue } from './matrix-model.ts';
import { PermissionCell } from './PermissionCell.tsx';
import { PermissionLabel } from './PermissionLabel.tsx';
import classes from './PermissionMatrix.module.css';
import type { EditView } from './permissions-api.ts';

const ACTION_HINTS: Record<PermissionAction, string> = {
  create: 'Add new records',
  update: 'Change records',
  delete: 'Delete records',
  view: 'See records',
  reassign: 'Change who records are assigned to',
  lock_children: 'Lock the key here: the levels below cannot override it',
};

interface PermissionMatrixProps {
  view: EditView;
  edits: Edits;
  /** What the table is about, e.g. 'Riverside Fire Department · Firefighter'. */
  label: string;
  onChange: (key: string, action: PermissionAction, value: PermissionValue) => void;
}

/**
 * The permission matrix: keys (entity types, then special permissions) × actions, each cell a
 * three-state toggle. One cell is in the tab order; arrows move between cells, Space or Enter
 * cycles inherit → allow → deny, A, D and I choose directly.
 */
export function PermissionMatrix({ view, edits, label, onChange }: PermissionMatrixProps) {
  const groups = groupKeys(view.keys);
  const rows: PermissionKey[] = groups.flatMap((group) => group.keys);
  const cells = rows.map((key) => PERMISSION_ACTIONS.map((action) => cellView(view, edits, key, action)));
  const focusable = cells.map((row) => row.map((cell) => cell.applicable));
  const firstCell = (): CellPosition => {
    const row = focusable.findIndex((cols) => cols.some(Boolean));
    return { row: Math.max(row, 0), col: Math.max(focusable[row]?.indexOf(true) ?? 0, 0) };
  };
  const [active, setActive] = useState<CellPosition | null>(null);
  const current = active && focusable[active.row]?.[active.col] ? active : firstCell();
  const refs = useRef(new Map<string, HTMLButtonElement>());

  const onKeyDown = (from: CellPosition) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const to = moveFocus(focusable, from, event.key, event.ctrlKey || event.metaKey);
    if (!to) return;
    event.preventDefault();
    setActive(to);
    refs.current.get(`${to.row}:${to.col}`)?.focus();
  };

  let rowIndex = -1;
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={640} type="native">
        <Table className={classes.matrix} stickyHeader highlightOnHover verticalSpacing={6} aria-label={`Permissions: ${label}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.keyCell} scope="col">
                Permission
              </Table.Th>
              {PERMISSION_ACTIONS.map((action) => (
                <Table.Th key={action} className={classes.actionHead} scope="col">
                  <Tooltip label={ACTION_HINTS[action]} openDelay={300}>
                    <span>{ACTION_LABELS[action]}</span>
                  </Tooltip>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.map((group) => (
              <Fragment key={group.title}>
                <Table.Tr>
                  <Table.Th colSpan={PERMISSION_ACTIONS.length + 1} scope="colgroup" className={classes.groupHead}>
                    {group.title}
                  </Table.Th>
                </Table.Tr>
                {group.keys.map((key) => {
                  rowIndex += 1;
                  const row = rowIndex;
                  return (
                    <Table.Tr key={key.key} data-key={key.key}>
                      <Table.Th scope="row" className={classes.keyCell} fw={500}>
                        <PermissionLabel
                          label={key.label}
                          name={key.key}
                          globallySet={Boolean(key.globally_set)}
                          vendorOnly={Boolean(key.vendor_only)}
                        />
                      </Table.Th>
                      {PERMISSION_ACTIONS.map((action, col) => {
                        const cell = cells[row]?.[col];
                        if (!cell) return <Table.Td key={action} />;
                        return (
                          <Table.Td key={action} className={classes.cellWrap}>
                            <PermissionCell
                              cell={cell}
                              keyLabel={key.label}
                              permissionKey={key.key}
                              action={action}
                              tabbable={current.row === row && current.col === col}
                              buttonRef={(element) => {
                                if (element) refs.current.set(`${row}:${col}`, element);
                                else refs.current.delete(`${row}:${col}`);
                              }}
                              onChange={(value) => onChange(key.key, action, value)}
                              onCycle={() => onChange(key.key, action, nextValue(cell.value))}
                              onFocus={() => setActive({ row, col })}
                              onKeyDown={onKeyDown({ row, col })}
                            />
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  );
                })}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
