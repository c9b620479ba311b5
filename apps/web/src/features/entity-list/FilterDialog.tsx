import { Button, Divider, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PLACES } from '@turnout/shared';
import { useEffect, useState } from 'react';
import { isUuid, NO_SELECTION_LABEL, READ_ONLY_NONE, READ_ONLY_UNSAVED } from '../../fields/common/options.ts';
import { useDropdownPlaceholder } from '../../fields/common/use-dropdown-placeholder.ts';
import { fetchAllTenants } from '../identity/user-api.ts';
import { SaveAsReportForm, type SaveAsReportSource } from '../reports/SaveAsReportForm.tsx';
import { fetchChoices } from './entity-list-api.ts';
import type { FieldFilter, FilterChoice } from './filter-model.ts';
import { type AppliedFilters, type DateFilter, NO_FILTERS } from './list-model.ts';

/** The first row of every dropdown filter (spec 02 §5). */
const NO_SELECTION: FilterChoice = { value: '', label: NO_SELECTION_LABEL };
const ASSIGNEE_CHOICES: FilterChoice[] = [NO_SELECTION, { value: 'me', label: 'Me' }];
const PLACE_CHOICES: FilterChoice[] = [NO_SELECTION, ...PLACES.map((p) => ({ value: p.name, label: p.metadata.title }))];

interface FilterDialogProps {
  opened: boolean;
  filters: readonly FieldFilter[];
  applied: AppliedFilters;
  /** The tenant filter: global admins only (records belong to a tenant; others act in theirs). */
  withTenant: boolean;
  /** 'Save as Report' (spec 01 §2.6): the list a report would be saved from; absent, no form. */
  saveAsReport?: SaveAsReportSource | undefined;
  onApply(filters: AppliedFilters): void;
  onClose(): void;
}

function Dropdown(props: { label: string; choices: FilterChoice[]; value: string | undefined; onChange(value: string): void }) {
  // 'Select an item', and 'Start Typing' while open: its search is the filter (spec 02 §5).
  const { placeholder, onDropdownOpen, onDropdownClose } = useDropdownPlaceholder(true);
  return (
    <Select
      label={props.label}
      placeholder={placeholder}
      onDropdownOpen={onDropdownOpen}
      onDropdownClose={onDropdownClose}
      searchable
      nothingFoundMessage="Nothing found"
      comboboxProps={{ withinPortal: true }}
      data={props.choices.some((c) => c.value === '') ? props.choices : [NO_SELECTION, ...props.choices]}
      value={props.value ?? ''}
      onChange={(value) => props.onChange(value ?? '')}
      allowDeselect={false}
    />
  );
}

/** A dropdown whose choices are the records of another type (params.sourceName). */
function SourceDropdown(props: { filter: FieldFilter; value: string | undefined; onChange(value: string): void }) {
  const choices = useQuery({
    queryKey: ['entity-list', props.filter.sourceName!, 'choices'],
    queryFn: ({ signal }) => fetchChoices(props.filter.sourceName!, signal),
  });
  return (
    <Dropdown
      label={props.filter.title}
      choices={
        choices.data ?? (props.value ? [{ value: props.value, label: isUuid(props.value) ? READ_ONLY_UNSAVED : READ_ONLY_NONE }] : [])
      }
      value={props.value}
      onChange={props.onChange}
    />
  );
}

function DateRange(props: { title: string; value: DateFilter | undefined; onChange(value: DateFilter): void }) {
  const { value = {} } = props;
  return (
    <SimpleGrid cols={2} spacing="xs">
      <TextInput
        type="date"
        label={`${props.title} from`}
        value={value.from ?? ''}
        onChange={(e) => props.onChange({ ...value, from: e.currentTarget.value || undefined } as DateFilter)}
      />
      <TextInput
        type="date"
        label={`${props.title} to`}
        value={value.to ?? ''}
        onChange={(e) => props.onChange({ ...value, to: e.currentTarget.value || undefined } as DateFilter)}
      />
    </SimpleGrid>
  );
}

const withKey = <T,>(record: Record<string, T>, key: string, value: T | undefined) => {
  const next = { ...record };
  if (value === undefined || value === '' || (typeof value === 'object' && value && !Object.values(value).some(Boolean))) delete next[key];
  else next[key] = value;
  return next;
};

/** 'Apply Filters' (spec 01 §2.6, 02 §5): every filter of the type, then assignee, status and tenant. */
export function FilterDialog({ opened, filters, applied, withTenant, saveAsReport, onApply, onClose }: FilterDialogProps) {
  const [draft, setDraft] = useState<AppliedFilters>(applied);
  useEffect(() => {
    if (opened) setDraft(applied);
  }, [opened, applied]);
  const tenants = useQuery({
    queryKey: ['tenants', 'all'],
    queryFn: ({ signal }) => fetchAllTenants(signal),
    enabled: opened && withTenant,
  });
  const setCustom = (property: string, value: string) => setDraft((d) => ({ ...d, custom: withKey(d.custom, property, value) }));
  const setDate = (property: string, value: DateFilter) => setDraft((d) => ({ ...d, dates: withKey(d.dates, property, value) }));
  const setOne = (key: 'assignee' | 'place' | 'tenantId', value: string) =>
    setDraft((d) => {
      const next = { ...d };
      if (value) next[key] = value;
      else delete next[key];
      return next;
    });

  return (
    <Modal opened={opened} onClose={onClose} title="Apply Filters" size="lg" scrollAreaComponent={undefined}>
      <Stack gap="sm">
        {filters.map((filter) =>
          filter.kind === 'date' ? (
            <DateRange
              key={filter.property}
              title={filter.title}
              value={draft.dates[filter.property]}
              onChange={(value) => setDate(filter.property, value)}
            />
          ) : filter.sourceName ? (
            <SourceDropdown
              key={filter.property}
              filter={filter}
              value={draft.custom[filter.property]}
              onChange={(value) => setCustom(filter.property, value)}
            />
          ) : (
            <Dropdown
              key={filter.property}
              label={filter.title}
              choices={filter.choices}
              value={draft.custom[filter.property]}
              onChange={(value) => setCustom(filter.property, value)}
            />
          ),
        )}
        <Dropdown label="Assignee" choices={ASSIGNEE_CHOICES} value={draft.assignee} onChange={(v) => setOne('assignee', v)} />
        <Dropdown label="Place" choices={PLACE_CHOICES} value={draft.place} onChange={(v) => setOne('place', v)} />
        {withTenant && (
          <Dropdown
            label="Tenant"
            choices={[NO_SELECTION, ...(tenants.data ?? []).map((t) => ({ value: t.id, label: t.display_name }))]}
            value={draft.tenantId}
            onChange={(v) => setOne('tenantId', v)}
          />
        )}
        {saveAsReport && (
          <>
            <Divider />
            <SaveAsReportForm
              source={saveAsReport}
              filters={draft}
              tenants={withTenant ? (tenants.data ?? []).map((t) => ({ value: t.id, label: t.display_name })) : null}
            />
          </>
        )}
        <Divider />
        <Group justify="space-between">
          <Button
            variant="subtle"
            color="red"
            onClick={() => {
              setDraft(NO_FILTERS);
              onApply(NO_FILTERS);
            }}
          >
            Clear Filters
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => onApply(draft)}>Apply</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
