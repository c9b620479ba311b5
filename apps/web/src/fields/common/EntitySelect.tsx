import { Button, Combobox, Group, Loader, Pill, PillsInput, Text, useCombobox } from '@mantine/core';
import type { RecordRef } from '@turnout/shared';
import { useEffect } from 'react';
import type { FieldDisplayProps, FieldEditorProps } from '../types.ts';
import { DisplayText } from './define.tsx';
import { ENTITY_SEARCH_MIN, type EntityChoice, type PageFetcher, useEntitySearch } from './entity-search.ts';
import { FieldShell, ReadOnlyText, shellProps } from './FieldShell.tsx';
import { FILTER_PLACEHOLDER, isUuid, NO_SELECTION_LABEL, READ_ONLY_NONE, READ_ONLY_UNSAVED, SELECT_PLACEHOLDER } from './options.ts';

/** A chosen record's name; a bare UUID without one refers to a record not saved yet (spec 02 §5 '(Unsaved)'). */
export const refName = (r: RecordRef) => r.display_name || (isUuid(r.id) ? READ_ONLY_UNSAVED : r.id);

/** Chosen records as read-only text (lists, print). */
export function refsText(value: RecordRef | RecordRef[] | null | undefined): string {
  const refs = Array.isArray(value) ? value : value ? [value] : [];
  return refs.map(refName).join(', ');
}

/** Chosen records in lists and print. */
export function RefsDisplay({ value }: FieldDisplayProps<RecordRef | RecordRef[]>) {
  return <DisplayText text={refsText(value)} />;
}

interface EntitySelectProps extends FieldEditorProps<RecordRef | RecordRef[]> {
  /** Query key part naming what is searched (e.g. ['entity', 'personnel']). */
  source: readonly unknown[];
  fetchPage: PageFetcher;
  multiple: boolean;
  /** The value is locked (lockedToCreator). */
  locked?: boolean;
}

/**
 * A dropdown over records found on the server: a search box ('Start Typing' while open) that
 * searches with 0 or ≥ 3 characters 300 ms after typing, 24 results a page with 'Load more',
 * '(No Selection)' first; read-only '(None)', and '(Unsaved)' for a bare UUID without a name.
 */
export function EntitySelect({ source, fetchPage, multiple, locked, ...props }: EntitySelectProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const open = combobox.dropdownOpened;
  const search = useEntitySearch(source, fetchPage, open && props.editable && !locked);
  const chosen: RecordRef[] = Array.isArray(props.value) ? props.value : props.value ? [props.value] : [];

  if (!props.editable || locked) {
    return (
      <FieldShell {...props} editable={props.editable && !locked} group={false}>
        <ReadOnlyText text={refsText(chosen)} empty={READ_ONLY_NONE} />
      </FieldShell>
    );
  }

  const pick = (choice: EntityChoice | null) => {
    if (!choice) props.onChange(multiple ? null : null);
    else if (multiple) {
      const next = chosen.some((c) => c.id === choice.id) ? chosen.filter((c) => c.id !== choice.id) : [...chosen, choice];
      props.onChange(next.length ? next : null);
    } else props.onChange({ id: choice.id, display_name: choice.display_name });
    if (!multiple) combobox.closeDropdown();
    search.setSearch('');
  };

  const shell = shellProps(props);
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => pick(id === '' ? null : (search.items.find((i) => i.id === id) ?? null))}
      withinPortal
    >
      <Combobox.DropdownTarget>
        <PillsInput
          {...shell}
          pointer
          onClick={() => combobox.openDropdown()}
          rightSection={search.loading ? <Loader size={14} /> : <Combobox.Chevron />}
        >
          <Pill.Group>
            {chosen.map((c) =>
              multiple ? (
                <Pill key={c.id} withRemoveButton onRemove={() => pick({ id: c.id, display_name: refName(c) })}>
                  {refName(c)}
                </Pill>
              ) : null,
            )}
            <Combobox.EventsTarget>
              <PillsInput.Field
                value={open ? search.search : !multiple && chosen[0] ? refName(chosen[0]) : ''}
                placeholder={open ? FILTER_PLACEHOLDER : chosen.length ? undefined : SELECT_PLACEHOLDER}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onChange={(e) => {
                  combobox.openDropdown();
                  search.setSearch(e.currentTarget.value);
                }}
                aria-label={props.field.title}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <Combobox.Options mah={400} style={{ overflowY: 'auto' }}>
          <Combobox.Option value="">{NO_SELECTION_LABEL}</Combobox.Option>
          {search.tooShort && <Combobox.Empty>Type at least {ENTITY_SEARCH_MIN} characters to search.</Combobox.Empty>}
          {!search.tooShort && search.error && <Combobox.Empty>Could not load the list.</Combobox.Empty>}
          {!search.tooShort && !search.loading && !search.error && search.items.length === 0 && <Combobox.Empty>No results</Combobox.Empty>}
          {search.items.map((item) => (
            <Combobox.Option key={item.id} value={item.id} active={chosen.some((c) => c.id === item.id)}>
              <Group gap={6}>
                {multiple && chosen.some((c) => c.id === item.id) && <Text span>✓</Text>}
                {item.display_name}
              </Group>
            </Combobox.Option>
          ))}
        </Combobox.Options>
        {search.hasMore && !search.tooShort && (
          <Combobox.Footer>
            <Button
              size="xs"
              variant="subtle"
              fullWidth
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => search.loadMore()}
              loading={search.loading}
            >
              Load more
            </Button>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** Fills the value once, in add mode, when it is empty (lockedToCreator, lockedToCreationDate). */
export function useAddModeFill<V>(
  props: { mode: FieldEditorProps['mode']; value: V | null | undefined; onChange(value: V | null): void },
  when: boolean,
  fill: () => V | undefined,
) {
  const empty = props.value === null || props.value === undefined || (props.value as unknown) === '';
  const { mode, onChange } = props;
  // Once on entering add mode with an empty value; fill and onChange may change identity every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!when || mode !== 'add' || !empty) return;
    const v = fill();
    if (v !== undefined) onChange(v);
  }, [when, mode, empty]);
}
