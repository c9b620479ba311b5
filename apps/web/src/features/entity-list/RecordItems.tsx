import { Paper, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { type FieldDefinition, fieldTypeOf, type ListedRecord, PLACES } from '@turnout/shared';
import { type ComponentType, memo } from 'react';
import { useTenantFormats } from '../identity/tenant-formats.ts';
import {
  assigneeLine,
  assigneeList,
  columnSortState,
  dueStatusOf,
  isLongValue,
  type ListSort,
  nextColumnSort,
  nextNameSort,
} from './list-model.ts';
import classes from './RecordItems.module.css';

const PLACE_TITLES = new Map(PLACES.map((p) => [p.name, p.metadata.title]));
export const placeTitle = (place: string) => PLACE_TITLES.get(place) ?? place;

/** When the record last changed, in the department's date format (My Department). */
function Updated({ iso }: { iso: string }) {
  return <>{useTenantFormats().date(iso)}</>;
}

/** Plain text of a field value by the shared registry; '' for empty or unreadable values. */
export function fieldText(field: FieldDefinition, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  try {
    return fieldTypeOf(field.type).toText(value as never, field);
  } catch {
    return '';
  }
}

interface ItemProps {
  record: ListedRecord;
  selected: boolean;
  onOpen(id: string): void;
  /** The type's table-view fields in table_sort_order (spec 02 §3), but the one the name comes from. */
  columns: readonly FieldDefinition[];
  /** The type's show_label_table_view: each value with its field's title. */
  showLabels: boolean;
  /** Who is looking: a record assigned to them says 'You'. */
  userId: string;
}

/**
 * Every table-view field that has a value, in table_sort_order, each as its title (when the
 * type's show_label_table_view is not false) and its value. A card sets the title as a small
 * line above a value of up to two lines; a row sets them side by side, one line each
 * (RecordItems.module.css). Plain spans: 48 items render at once, and a button holds only
 * phrasing content.
 */
function CardFields({ record, columns, showLabels }: Pick<ItemProps, 'record' | 'columns' | 'showLabels'>) {
  const lines: { key: string; label: string | null; text: string }[] = [];
  for (const field of columns) {
    const text = fieldText(field, (record as Record<string, unknown>)[field.property]);
    if (text) lines.push({ key: field.property, label: showLabels ? field.title : null, text });
  }
  if (lines.length === 0) return null;
  return (
    <span className={classes.fields}>
      {lines.map((line) => (
        <span key={line.key} className={classes.field}>
          {line.label ? <span className={classes.fieldLabel}>{line.label}</span> : null}{' '}
          <span className={isLongValue(line.text) ? `${classes.fieldValue} ${classes.long}` : classes.fieldValue}>{line.text}</span>
        </span>
      ))}
    </span>
  );
}

const titleClass = (name: string) => (isLongValue(name) ? `${classes.title} ${classes.long}` : classes.title);

/** 'Overdue', 'Due today' or 'Due {date}' from due_at. */
function DueText({ iso }: { iso: string | null }) {
  const formats = useTenantFormats();
  const due = dueStatusOf(iso);
  if (!due) return null;
  if (due.kind === 'overdue') return <span className={`${classes.due} ${classes.overdue}`}>Overdue</span>;
  return <span className={classes.due}>{due.kind === 'today' ? 'Due today' : `Due ${formats.date(due.at.toISOString())}`}</span>;
}

/** The line under a card's fields: the place (workflow status), the due status and the assignee. */
function StatusLine({ record, userId }: { record: ListedRecord; userId: string }) {
  const assigned = assigneeLine(record, userId);
  return (
    <span className={classes.status}>
      <span className={classes.place}>{placeTitle(record.place)}</span>
      <DueText iso={record.due_at} />
      {assigned ? <span className={classes.assignee}>{assigned}</span> : null}
    </span>
  );
}

/** One grid card: plain elements on purpose (48 render at once within 300 ms; no queries per item). */
const GridCard = memo(function GridCard({ record, selected, onOpen, columns, showLabels, userId }: ItemProps) {
  return (
    <button
      type="button"
      className={selected ? `${classes.card} ${classes.selected}` : classes.card}
      onClick={() => onOpen(record.id)}
      aria-current={selected ? 'true' : undefined}
      data-testid="entity-list-item"
    >
      <p className={titleClass(record.display_name)}>{record.display_name}</p>
      <CardFields record={record} columns={columns} showLabels={showLabels} />
      <StatusLine record={record} userId={userId} />
      <p className={classes.date}>
        <Updated iso={record.updated_at} />
      </p>
    </button>
  );
});

const ListRow = memo(function ListRow({ record, selected, onOpen, columns, showLabels, userId }: ItemProps) {
  return (
    <button
      type="button"
      className={selected ? `${classes.row} ${classes.selected}` : classes.row}
      onClick={() => onOpen(record.id)}
      aria-current={selected ? 'true' : undefined}
      data-testid="entity-list-item"
    >
      <span className={classes.rowMain}>
        <p className={titleClass(record.display_name)}>{record.display_name}</p>
        <CardFields record={record} columns={columns} showLabels={showLabels} />
      </span>
      <span className={classes.meta}>
        <StatusLine record={record} userId={userId} />
        <span className={classes.date}>
          <Updated iso={record.updated_at} />
        </span>
      </span>
    </button>
  );
});

interface ItemsProps {
  records: readonly ListedRecord[];
  selectedId: string | null;
  onOpen(id: string): void;
  columns: readonly FieldDefinition[];
  showLabels: boolean;
  userId: string;
}

/** One item per record, each given what every view's item takes. */
function itemsOf(Item: ComponentType<ItemProps>, { records, selectedId, ...shared }: ItemsProps) {
  return records.map((r) => <Item key={r.id} record={r} selected={r.id === selectedId} {...shared} />);
}

/** The cards in a grid whose column count comes from its width (RecordItems.module.css). */
export function RecordGrid(props: ItemsProps) {
  return (
    <div className={classes.gridContainer}>
      <div className={classes.grid}>{itemsOf(GridCard, props)}</div>
    </div>
  );
}

export function RecordList(props: ItemsProps) {
  return <div className={classes.list}>{itemsOf(ListRow, props)}</div>;
}

interface TableRowProps extends ItemProps {
  withDue: boolean;
  withAssignee: boolean;
}

/** A cell's text, smaller when it is long (spec: over 24 characters). */
const Cell = ({ text }: { text: string }) => <Table.Td fz={isLongValue(text) ? 'xs' : 'sm'}>{text}</Table.Td>;

const TableRow = memo(function TableRow({ record, selected, onOpen, columns, userId, withDue, withAssignee }: TableRowProps) {
  return (
    <Table.Tr data-testid="entity-list-item" bg={selected ? 'brand.0' : undefined} aria-selected={selected}>
      <Table.Td>
        <UnstyledButton fw={500} fz={isLongValue(record.display_name) ? 'xs' : 'sm'} mih={44} onClick={() => onOpen(record.id)}>
          {record.display_name}
        </UnstyledButton>
      </Table.Td>
      {columns.map((field) => (
        <Cell key={field.property} text={fieldText(field, (record as Record<string, unknown>)[field.property])} />
      ))}
      <Table.Td>
        <span className={classes.place}>{placeTitle(record.place)}</span>
      </Table.Td>
      {withDue ? (
        <Table.Td>
          <DueText iso={record.due_at} />
        </Table.Td>
      ) : null}
      {withAssignee ? <Cell text={assigneeList(record, userId)} /> : null}
    </Table.Tr>
  );
});

interface SortableHeaderProps {
  label: string;
  state: 'ascending' | 'descending' | 'none';
  onSort(): void;
}

/** A column header that sorts: the press cycles ascending, descending and the default order. */
function SortableHeader({ label, state, onSort }: SortableHeaderProps) {
  const Icon = state === 'ascending' ? IconArrowUp : state === 'descending' ? IconArrowDown : IconSelector;
  return (
    <Table.Th aria-sort={state}>
      <UnstyledButton onClick={onSort} fw={700} fz="sm" mih={44} className={classes.sortButton}>
        {label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

interface TableProps extends ItemsProps {
  /** The name column's title: the field the name comes from, else 'Name'. */
  nameTitle: string;
  sort: ListSort;
  onSort(sort: ListSort): void;
  /** The type's show_assignee, or records on screen with an assignee. */
  showAssignee: boolean;
}

/**
 * The table view (wide screens): the name, then the type's table columns in table_sort_order
 * (the field the name comes from is not repeated), the place (workflow status), and the due
 * status and assignee when the records have them. The name and the fields flagged
 * tableSortable sort from their headers (spec 02 §3).
 */
export function RecordTable({
  records,
  selectedId,
  onOpen,
  columns,
  showLabels,
  userId,
  nameTitle,
  sort,
  onSort,
  showAssignee,
}: TableProps) {
  const withDue = records.some((r) => r.due_at);
  const withAssignee = showAssignee || records.some((r) => r.assignee);
  const nameState = sort === 'a_to_z' ? 'ascending' : sort === 'z_to_a' ? 'descending' : 'none';
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table highlightOnHover stickyHeader className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <SortableHeader label={nameTitle} state={nameState} onSort={() => onSort(nextNameSort(sort))} />
            {columns.map((field) =>
              field.flags?.tableSortable ? (
                <SortableHeader
                  key={field.property}
                  label={field.title}
                  state={columnSortState(sort, field.property)}
                  onSort={() => onSort(nextColumnSort(sort, field.property))}
                />
              ) : (
                <Table.Th key={field.property}>{field.title}</Table.Th>
              ),
            )}
            <Table.Th>Place</Table.Th>
            {withDue ? <Table.Th>Due</Table.Th> : null}
            {withAssignee ? <Table.Th>Assignee</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((r) => (
            <TableRow
              key={r.id}
              record={r}
              selected={r.id === selectedId}
              onOpen={onOpen}
              columns={columns}
              showLabels={showLabels}
              userId={userId}
              withDue={withDue}
              withAssignee={withAssignee}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** How many skeleton items stand in for the first page while it loads: a phone's screenful and more. */
const SKELETONS = 12;

/** A card stand-in's fields: a title line over a value line each, of these widths. */
const SKELETON_FIELDS = ['80%', '60%', '70%'];

/**
 * The first page's stand-ins while it loads, shaped like the real items (a card with a name,
 * fields as title and value, and the status line), so the page does not change its look when
 * they arrive.
 */
export function RecordSkeletons({ view, label }: { view: 'grid' | 'list' | 'table'; label: string }) {
  const items = Array.from({ length: SKELETONS }, (_, i) => i);
  return (
    <div className={classes.gridContainer}>
      <div className={view === 'grid' ? classes.grid : classes.list} role="status" aria-label={`Loading ${label}`} aria-busy>
        {items.map((i) =>
          view === 'grid' ? (
            <div key={i} className={`${classes.card} ${classes.skeletonCard}`} aria-hidden>
              <span className={classes.skeletonLine} style={{ width: '70%' }} />
              {SKELETON_FIELDS.map((f) => (
                <span key={f} className={classes.skeletonField}>
                  <span className={`${classes.skeletonLine} ${classes.skeletonLabel}`} />
                  <span className={classes.skeletonLine} style={{ width: f }} />
                </span>
              ))}
              <span className={classes.skeletonLine} style={{ width: '40%' }} />
            </div>
          ) : (
            <div key={i} className={`${classes.row} ${classes.skeletonRow}`} aria-hidden>
              <span className={classes.skeletonLine} style={{ width: '50%' }} />
            </div>
          ),
        )}
      </div>
    </div>
  );
}
