import { Alert, Button, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  type Dashboard,
  WIDGET_COLORS,
  WIDGET_GROUP_FUNCTIONS,
  WIDGET_GROUP_LABELS,
  WIDGET_POSITION_LABELS,
  WIDGET_POSITIONS,
  WIDGET_RENDER_LABELS,
  WIDGET_RENDER_TYPES,
  type Widget,
  type WidgetBody,
  type WidgetData,
} from '@turnout/shared';
import { useState } from 'react';
import { ApiError, type FieldErrors } from '../../api/index.ts';
import { fetchType, fetchTypesLite, liteKey, typeKey } from '../entity-types/entity-types-api.ts';
import { WidgetFigure } from './WidgetFigure.tsx';
import { previewWidget, useSaveWidget } from './widgets-api.ts';

type Draft = WidgetBody & { filter_field: string; filter_value: string; true_field: string; true_value: string };

const EMPTY: WidgetBody = {
  name: '',
  color: 'red',
  render_type: 'chart',
  group_function: 'count',
  position: 'dashboard',
  entity_type_target: '',
  activity_types: [],
  dashboards: [],
  calendar_filters: [],
  filters: { custom: {} },
  true_filters: { custom: {} },
  value_field: null,
  start_field: null,
  end_field: null,
  date_field: null,
  series_field: null,
  link_field: null,
  picture: null,
  sort_order: 0,
};

const first = (custom: Record<string, string>) => Object.entries(custom)[0] ?? ['', ''];

function draftOf(w: Widget | null): Draft {
  const body: WidgetBody = w ? { ...EMPTY, ...w } : EMPTY;
  const [filter_field, filter_value] = first(body.filters.custom);
  const [true_field, true_value] = first(body.true_filters.custom);
  return { ...body, filter_field, filter_value, true_field, true_value };
}

/** The body a draft saves: one 'only records where' condition and one 'counts as true when' condition. */
export function bodyOf(d: Draft): WidgetBody {
  const { filter_field, filter_value, true_field, true_value, ...body } = d;
  return {
    ...body,
    filters: { custom: filter_field && filter_value ? { [filter_field]: filter_value } : {}, place: body.filters.place || null },
    true_filters: { custom: true_field && true_value ? { [true_field]: true_value } : {}, place: body.true_filters.place || null },
  };
}

/** Adding or changing a widget (tenant admins), with a preview of what it would show. */
export function WidgetForm({ widget, dashboards, onClose }: { widget: Widget | null; dashboards: Dashboard[]; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(widget));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [preview, setPreview] = useState<WidgetData | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveWidget();
  const types = useQuery({ queryKey: liteKey, queryFn: ({ signal }) => fetchTypesLite(signal) });
  const lite = types.data?.find((t) => t.name === draft.entity_type_target);
  const type = useQuery({ queryKey: typeKey(lite?.id ?? ''), queryFn: ({ signal }) => fetchType(lite!.id, signal), enabled: !!lite });
  const fields = (type.data?.fields ?? []).map((f) => ({
    value: f.field_data.property,
    label: f.field_data.title || f.field_data.property,
  }));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const error = (key: string) => errors[key]?.join(' ');

  const fail = (e: unknown) => {
    if (e instanceof ApiError && e.statusCode === 422) {
      setErrors(e.fieldErrors);
      setProblem(null);
    } else setProblem(e instanceof Error ? e.message : 'Something went wrong.');
  };
  const showPreview = async () => {
    try {
      setPreview(await previewWidget(bodyOf(draft)));
      setErrors({});
      setProblem(null);
    } catch (e) {
      setPreview(null);
      fail(e);
    }
  };
  const submit = async () => {
    try {
      await save.mutateAsync({ id: widget?.id ?? null, body: bodyOf(draft) });
      onClose();
    } catch (e) {
      fail(e);
    }
  };
  const fieldSelect = (key: 'value_field' | 'start_field' | 'end_field' | 'date_field' | 'series_field', label: string) => (
    <Select
      label={label}
      data={
        key === 'date_field' ? [{ value: 'created_at', label: 'Created' }, { value: 'updated_at', label: 'Updated' }, ...fields] : fields
      }
      value={draft[key] ?? null}
      onChange={(v) => set(key, v)}
      clearable
      searchable
      error={error(key)}
    />
  );
  const fn = draft.group_function;
  return (
    <Modal
      opened
      onClose={onClose}
      title={widget ? `Edit ${widget.name}` : 'Add Widget'}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required value={draft.name} onChange={(e) => set('name', e.currentTarget.value)} error={error('name')} />
          <Select
            label="Color"
            data={WIDGET_COLORS.map((c) => ({ value: c.key, label: c.label }))}
            value={draft.color}
            onChange={(v) => set('color', (v ?? 'red') as Draft['color'])}
            allowDeselect={false}
            error={error('color')}
          />
          <Select
            label="Render Type"
            data={WIDGET_RENDER_TYPES.map((k) => ({ value: k, label: WIDGET_RENDER_LABELS[k] }))}
            value={draft.render_type}
            onChange={(v) => set('render_type', (v ?? 'chart') as Draft['render_type'])}
            allowDeselect={false}
            error={error('render_type')}
          />
          <Select
            label="Group Function"
            data={WIDGET_GROUP_FUNCTIONS.map((k) => ({ value: k, label: WIDGET_GROUP_LABELS[k] }))}
            value={draft.group_function}
            onChange={(v) => set('group_function', (v ?? 'count') as Draft['group_function'])}
            allowDeselect={false}
            error={error('group_function')}
          />
          <Select
            label="Position"
            data={WIDGET_POSITIONS.map((k) => ({ value: k, label: WIDGET_POSITION_LABELS[k] }))}
            value={draft.position}
            onChange={(v) => set('position', (v ?? 'dashboard') as Draft['position'])}
            allowDeselect={false}
          />
          <Select
            label="Entity Type"
            required
            searchable
            data={(types.data ?? []).map((t) => ({ value: t.name, label: t.label }))}
            value={draft.entity_type_target || null}
            onChange={(v) => set('entity_type_target', v ?? '')}
            error={error('entity_type_target')}
          />
          {(fn === 'maximum' || fn === 'single-entity' || fn === 'piechart') &&
            fieldSelect('value_field', fn === 'piechart' ? 'Slices By' : 'Value Field')}
          {fn === 'response_time' && fieldSelect('start_field', 'Start Field')}
          {fn === 'response_time' && fieldSelect('end_field', 'End Field')}
          {(fn === 'count' || fn === 'multi_line') && draft.render_type !== 'activity_feed' && fieldSelect('date_field', 'Count By Date')}
          {fn === 'multi_line' && fieldSelect('series_field', 'Series Field')}
          {draft.render_type === 'activity_feed' && (
            <MultiSelect
              label="Activity Feed Types (up to 3)"
              data={(types.data ?? []).map((t) => ({ value: t.name, label: t.label }))}
              value={draft.activity_types}
              onChange={(v) => set('activity_types', v)}
              maxValues={3}
              error={error('activity_types') ?? error('activity_types.0')}
            />
          )}
          <MultiSelect
            label="Dashboards"
            description="None: every dashboard"
            data={dashboards.map((d) => ({ value: d.id, label: d.name }))}
            value={draft.dashboards}
            onChange={(v) => set('dashboards', v)}
            error={error('dashboards')}
          />
        </SimpleGrid>
        <Text fw={600} mt="xs">
          Only records where
        </Text>
        <Group grow>
          <Select
            label="Field"
            data={fields}
            value={draft.filter_field || null}
            onChange={(v) => set('filter_field', v ?? '')}
            clearable
            searchable
          />
          <TextInput
            label="Is (option key or value)"
            value={draft.filter_value}
            onChange={(e) => set('filter_value', e.currentTarget.value)}
            error={error(`filters.custom.${draft.filter_field}`)}
          />
        </Group>
        {(fn === 'percentage' || fn === 'gauge' || fn === 'x_of_y') && (
          <>
            <Text fw={600}>Counts as done when</Text>
            <Group grow>
              <Select
                label="Field"
                data={fields}
                value={draft.true_field || null}
                onChange={(v) => set('true_field', v ?? '')}
                clearable
                searchable
              />
              <TextInput
                label="Is (option key or value)"
                value={draft.true_value}
                onChange={(e) => set('true_value', e.currentTarget.value)}
                error={error('true_filters') ?? error(`true_filters.custom.${draft.true_field}`)}
              />
            </Group>
          </>
        )}
        {preview && (
          <Stack gap={4} p="sm" style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }}>
            <Text fw={600}>Preview</Text>
            <WidgetFigure
              widget={{
                ...bodyOf(draft),
                id: widget?.id ?? 'preview',
                tenant_id: '',
                kiosk_enabled: false,
                created_at: '',
                updated_at: '',
              }}
              data={preview}
            />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void showPreview()}>
            Preview
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending}>
            Save Widget
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
