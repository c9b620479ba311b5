import { Anchor, Button, Checkbox, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/index.ts';
import type { AppliedFilters } from '../entity-list/list-model.ts';
import { listQuery, type Sort } from '../entity-list/list-model.ts';
import { saveSystemReport, systemReportKeys } from './system-reports-api.ts';

export interface SaveAsReportSource {
  typeName: string;
  /** The fields a report may show and group by: those holding a value that the person may see. */
  fields: { value: string; label: string }[];
  search: string;
  sort: Sort;
  linked: Record<string, string>;
}

/** The list's query string as a report's filter_body: every filter, the search and the sort (no paging). */
export function filterBodyOf(source: SaveAsReportSource, filters: AppliedFilters): Record<string, string> {
  const {
    page: _page,
    per_page: _perPage,
    from_widget: _widget,
    ...query
  } = listQuery({ search: source.search, sort: source.sort, filters, linked: source.linked }, 1);
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));
}

const first = (errors: Record<string, string[]>, match: (key: string) => boolean) =>
  Object.entries(errors)
    .filter(([key]) => match(key))
    .flatMap(([, list]) => list)
    .join(' ') || undefined;

/**
 * 'Save as Report' inside 'Apply Filters' (spec 01 §2.6; 02 §6 'For Client selector in Save as
 * Report' for global admins): a name, the fields, a grouping, whether rows open their records,
 * saved with the dialog's filters as a system report (spec 03 §3).
 */
export function SaveAsReportForm(props: {
  source: SaveAsReportSource;
  filters: AppliedFilters;
  tenants: { value: string; label: string }[] | null;
}) {
  const { source, filters, tenants } = props;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [fields, setFields] = useState<string[]>([]);
  const [groupBy, setGroupBy] = useState<string | null>(null);
  const [client, setClient] = useState<string | null>(null);
  const [viewOnly, setViewOnly] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<{ id: string; name: string } | null>(null);

  if (!open)
    return (
      <Group gap="sm">
        <Button variant="light" onClick={() => setOpen(true)}>
          Save as Report
        </Button>
        {saved && (
          <Anchor component={Link} to={`/settings/report/${saved.id}`} fz="sm">
            Open report '{saved.name}'
          </Anchor>
        )}
      </Group>
    );

  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      const report = await saveSystemReport({
        display_name: name,
        report_entity_type: source.typeName,
        report_fields: fields,
        filter_body: filterBodyOf(source, filters),
        group_by_params: groupBy ? [groupBy] : [],
        tenant_id: client ?? filters.tenantId ?? null,
        view_only_no_click_through: viewOnly,
      });
      await queryClient.invalidateQueries({ queryKey: systemReportKeys.all });
      notifications.show({ color: 'green', message: `Report '${report.display_name}' saved.` });
      setSaved({ id: report.id, name: report.display_name });
      setOpen(false);
      setName('');
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
      else notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setSaving(false);
    }
  };
  const filterError = first(errors, (key) => key.startsWith('filter_body'));
  return (
    <Stack gap="xs" component="section" aria-label="Save as Report">
      <Text fw={600}>Save as Report</Text>
      <TextInput
        label="Report Name"
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={errors.display_name?.join(' ')}
      />
      <MultiSelect
        label="Fields"
        required
        searchable
        data={source.fields}
        value={fields}
        onChange={setFields}
        comboboxProps={{ withinPortal: true }}
        error={first(errors, (key) => key.startsWith('report_fields'))}
      />
      <Select
        label="Group By"
        clearable
        data={source.fields}
        value={groupBy}
        onChange={setGroupBy}
        comboboxProps={{ withinPortal: true }}
        error={first(errors, (key) => key.startsWith('group_by_params'))}
      />
      {tenants && (
        <Select
          label="For Client"
          searchable
          data={tenants}
          value={client ?? filters.tenantId ?? null}
          onChange={setClient}
          comboboxProps={{ withinPortal: true }}
          error={errors.tenant_id?.join(' ')}
        />
      )}
      <Checkbox label="View only (no click-through to records)" checked={viewOnly} onChange={(e) => setViewOnly(e.currentTarget.checked)} />
      {filterError && (
        <Text c="red.9" fz="sm">
          {filterError}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={() => setOpen(false)}>
          Cancel Report
        </Button>
        <Button onClick={() => void save()} loading={saving}>
          Save Report
        </Button>
      </Group>
    </Stack>
  );
}
