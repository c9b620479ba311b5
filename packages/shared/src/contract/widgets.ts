import { z } from 'zod';
import { TEXT_MAX_LENGTH } from '../constants.ts';

/** Widgets and dashboards (spec 02 §2 Dashboard screen, §3 Widget, §7, §9; docs/decisions/0024-widgets.md). */
export const WIDGET_RENDER_TYPES = ['chart', 'progress_bar', 'multi_line', 'response_time', 'activity_feed'] as const;
export const WIDGET_GROUP_FUNCTIONS = [
  'percentage',
  'count',
  'x_of_y',
  'maximum',
  'response_time',
  'single-entity',
  'piechart',
  'gauge',
  'multi_line',
] as const;
export const WIDGET_POSITIONS = ['planner', 'dashboard', 'home_screen'] as const;

/** The fixed colour list of widgets and the planner (spec 02 §9): key, label and a hex value with 4.5:1 on white. */
export const WIDGET_COLORS = [
  { key: 'red', label: 'Red', value: '#b91c1c' },
  { key: 'blue', label: 'Blue', value: '#1d4ed8' },
  { key: 'green', label: 'Green', value: '#15803d' },
  { key: 'orange', label: 'Orange', value: '#c2410c' },
  { key: 'purple', label: 'Purple', value: '#7e22ce' },
  { key: 'teal', label: 'Teal', value: '#0f766e' },
  { key: 'pink', label: 'Pink', value: '#be185d' },
  { key: 'grey', label: 'Grey', value: '#4b5563' },
] as const;
export type WidgetColorKey = (typeof WIDGET_COLORS)[number]['key'];
export const widgetColor = (key: string | null | undefined): string => (WIDGET_COLORS.find((c) => c.key === key) ?? WIDGET_COLORS[0]).value;

export const WIDGET_RENDER_LABELS: Record<(typeof WIDGET_RENDER_TYPES)[number], string> = {
  chart: 'Chart',
  progress_bar: 'Progress Bar',
  multi_line: 'Multi Line',
  response_time: 'Response Time',
  activity_feed: 'Activity Feed',
};
export const WIDGET_GROUP_LABELS: Record<(typeof WIDGET_GROUP_FUNCTIONS)[number], string> = {
  percentage: 'Percentage',
  count: 'Count',
  x_of_y: 'X of Y',
  maximum: 'Maximum',
  response_time: 'Response Time',
  'single-entity': 'Single Entity',
  piechart: 'Pie Chart',
  gauge: 'Gauge',
  multi_line: 'Multi Line',
};
export const WIDGET_POSITION_LABELS: Record<(typeof WIDGET_POSITIONS)[number], string> = {
  planner: 'Planner',
  dashboard: 'Dashboard',
  home_screen: 'Home Screen',
};

const property = z.string().regex(/^[A-Za-z0-9_]{1,100}$/, 'The field must be a field property.');
const optionalProperty = property.nullish();

/** Which records a widget counts: list filters (filter[custom][property]=key, filter[place]). */
export const widgetFilters = z.object({
  custom: z.record(property, z.string().max(TEXT_MAX_LENGTH)).default({}),
  place: z.string().max(100).nullish(),
});
export type WidgetFilters = z.infer<typeof widgetFilters>;

const oneOf = <T extends readonly [string, ...string[]]>(values: T, title: string) =>
  z.enum(values, { error: `The ${title} must be one of: ${values.join(', ')}.` });

export const widgetBody = z.object({
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(TEXT_MAX_LENGTH, `The name may not be greater than ${TEXT_MAX_LENGTH} characters.`),
  color: z
    .enum(WIDGET_COLORS.map((c) => c.key) as [WidgetColorKey, ...WidgetColorKey[]], {
      error: 'The color must be one of the widget colours.',
    })
    .default('red'),
  render_type: oneOf(WIDGET_RENDER_TYPES, 'render type'),
  group_function: oneOf(WIDGET_GROUP_FUNCTIONS, 'group function'),
  position: oneOf(WIDGET_POSITIONS, 'position').default('dashboard'),
  /** The entity type (by name) whose records the widget counts; an activity feed also reads activity_types. */
  entity_type_target: z
    .string({ error: 'The entity type field is required.' })
    .trim()
    .min(1, 'The entity type field is required.')
    .max(100),
  /** An activity feed's types: up to 3 (spec 02 §7). */
  activity_types: z.array(z.string().max(100)).max(3, 'An activity feed shows at most 3 entity types.').default([]),
  dashboards: z.array(z.uuid('A dashboard must be a dashboard id.')).max(50).default([]),
  calendar_filters: z.array(z.string().max(100)).max(50).default([]),
  filters: widgetFilters.default({ custom: {} }),
  /** The records that count as 'true' (percentage, x_of_y, gauge, progress bar). */
  true_filters: widgetFilters.default({ custom: {} }),
  value_field: optionalProperty,
  start_field: optionalProperty,
  end_field: optionalProperty,
  /** The date a line chart counts by (a date field, or created_at / updated_at); created_at by default. */
  date_field: optionalProperty,
  series_field: optionalProperty,
  /** For /widget/{id}/entity/{entityId}: the field of the target records that refers to that record. */
  link_field: optionalProperty,
  picture: z.string().max(2048).nullish(),
  sort_order: z.number().int().min(0).max(1_000_000).default(0),
});
export type WidgetBody = z.infer<typeof widgetBody>;

export const widget = widgetBody.extend({
  id: z.uuid(),
  tenant_id: z.uuid(),
  /** Whether a kiosk link is live (its key is only shown when made). */
  kiosk_enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Widget = z.infer<typeof widget>;

/** A point of a line (date yyyy-MM-dd) or a slice of a pie (label), with its count or value. */
export const widgetValue = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number(),
  series: z.string().optional(),
});
export type WidgetValue = z.infer<typeof widgetValue>;

/** A widget's view data (spec 02 §3): loaded, true, total, value, values; `message` when it cannot be shown. */
export const widgetData = z.object({
  loaded: z.boolean(),
  true: z.number().nullable(),
  total: z.number(),
  value: z.number().nullable(),
  values: z.array(widgetValue),
  /** What the value is: a count, a percentage, seconds (response time), hours or a plain number. */
  unit: z.enum(['count', 'percent', 'seconds', 'number']),
  message: z.string().nullable(),
});
export type WidgetData = z.infer<typeof widgetData>;

export const dashboardBody = z.object({
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(TEXT_MAX_LENGTH, `The name may not be greater than ${TEXT_MAX_LENGTH} characters.`),
  sort_order: z.number().int().min(0).max(1_000_000).default(0),
});
export type DashboardBody = z.infer<typeof dashboardBody>;
export const dashboard = dashboardBody.extend({ id: z.uuid(), tenant_id: z.uuid() });
export type Dashboard = z.infer<typeof dashboard>;

/** One row of an activity feed: a record of one of its types, newest first. */
export const activityFeedItem = z.object({
  id: z.string(),
  type: z.string(),
  type_label: z.string(),
  display_name: z.string(),
  place: z.string(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
  /** The tenant's name, for global admins ('Global' when none). */
  tenant: z.string().nullable(),
  uri: z.string(),
});
export type ActivityFeedItem = z.infer<typeof activityFeedItem>;
