import { Paper, Table, UnstyledButton } from '@mantine/core';
import { type FieldDefinition, fieldTypeOf, type ListedRecord, PLACES } from '@turnout/shared';
import { memo, useLayoutEffect, useRef } from 'react';
import { useTenantFormats } from '../identity/tenant-formats.ts';
import { gridColumns } from './list-model.ts';
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
  /** The type's table-view fields in table_sort_order (spec 02 §3); cards show the first few. */
  columns: readonly FieldDefinition[];
  /** The type's show_label_table_view: each value with its field's title. */
  showLabels: boolean;
}

/** How many table-view fields a card or a row shows under its name. */
const CARD_FIELDS = 3;

/**
 * The first table-view fields that have a value, as 'Title: value' lines (the title only when
 * the type's show_label_table_view is not false), so a card says more than a name and a date.
 */
function CardFields({ record, columns, showLabels }: Pick<ItemProps, 'record' | 'columns' | 'showLabels'>) {
  const lines: { key: string; label: string | null; text: string }[] = [];
  for (const field of columns) {
    if (lines.length === CARD_FIELDS) break;
    const text = fieldText(field, (record as Record<string, unknown>)[field.property]);
    if (text) lines.push({ key: field.property, label: showLabels ? field.title : null, text });
  }
  if (lines.length === 0) return null;
  return (
    <span className={classes.fields}>
      {lines.map((line) => (
        <span key={line.key} className={classes.field}>
          {line.label ? <span className={classes.fieldLabel}>{line.label}: </span> : null}
          {line.text}
        </span>
      ))}
    </span>
  );
}

const titleClass = (name: string) => (name.length > 24 ? `${classes.title} ${classes.long}` : classes.title);

/** One grid card: plain elements on purpose (48 render at once within 300 ms; no queries per item). */
const GridCard = memo(function GridCard({ record, selected, onOpen, columns, showLabels }: ItemProps) {
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
      <span className={classes.place}>{placeTitle(record.place)}</span>
      <p className={classes.date}>
        <Updated iso={record.updated_at} />
      </p>
    </button>
  );
});

const ListRow = memo(function ListRow({ record, selected, onOpen, columns, showLabels }: ItemProps) {
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
        <span className={classes.place}>{placeTitle(record.place)}</span>
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
}

/**
 * Grid columns = round(width / 140) of the grid's own width, written as a CSS variable before
 * paint and on resize, so a resize never re-renders the cards.
 */
export function RecordGrid({ records, selectedId, onOpen, columns, showLabels }: ItemsProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const set = () => element.style.setProperty('--grid-columns', String(gridColumns(element.clientWidth)));
    set();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(set);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={classes.grid}>
      {records.map((r) => (
        <GridCard key={r.id} record={r} selected={r.id === selectedId} onOpen={onOpen} columns={columns} showLabels={showLabels} />
      ))}
    </div>
  );
}

export function RecordList({ records, selectedId, onOpen, columns, showLabels }: ItemsProps) {
  return (
    <div className={classes.list}>
      {records.map((r) => (
        <ListRow key={r.id} record={r} selected={r.id === selectedId} onOpen={onOpen} columns={columns} showLabels={showLabels} />
      ))}
    </div>
  );
}

const TableRow = memo(function TableRow({ record, selected, onOpen, columns }: ItemProps) {
  return (
    <Table.Tr data-testid="entity-list-item" bg={selected ? 'brand.0' : undefined} aria-selected={selected}>
      <Table.Td>
        <UnstyledButton fw={500} fz="sm" onClick={() => onOpen(record.id)}>
          {record.display_name}
        </UnstyledButton>
      </Table.Td>
      {columns.map((field) => (
        <Table.Td key={field.property}>{fieldText(field, (record as Record<string, unknown>)[field.property])}</Table.Td>
      ))}
      <Table.Td>{placeTitle(record.place)}</Table.Td>
    </Table.Tr>
  );
});

/** The table view (wide screens): the type's table columns in table_sort_order, then the place (workflow status). */
export function RecordTable({ records, selectedId, onOpen, columns, showLabels }: ItemsProps) {
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table highlightOnHover stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            {columns.map((field) => (
              <Table.Th key={field.property}>{field.title}</Table.Th>
            ))}
            <Table.Th>Place</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((r) => (
            <TableRow key={r.id} record={r} selected={r.id === selectedId} onOpen={onOpen} columns={columns} showLabels={showLabels} />
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
