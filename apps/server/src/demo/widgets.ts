import { widgetBody } from '@turnout/shared';
import { createRecord } from '../modules/entities/service.ts';
import { createDashboard, createWidget, listWidgets } from '../modules/widgets/service.ts';
import { riversideAdmin } from './acting-admin.ts';
import { loadIncidentTypeOptions } from './entity-types/neris.ts';
import type { DemoSeeder } from './seed.ts';

/** How many calls the demo spreads over the last 90 days. */
export const DEMO_CALL_COUNT = 120;
const DAY_MS = 86_400_000;

/** The demo's call n of DEMO_CALL_COUNT: mostly medical, some fires, over 90 days, 4–11 minutes to arrive. */
export function demoCall(n: number, now: number, types: string[]): Record<string, unknown> {
  const weights = ['MEDICAL', 'MEDICAL', 'MEDICAL', 'FIRE', 'PUBSERV', 'HAZSIT', 'RESCUE', 'NOEMERG'].filter((t) => types.includes(t));
  const kind = weights[n % weights.length] ?? types[0];
  const dispatched = now - Math.floor(((n * 89) / DEMO_CALL_COUNT) % 90) * DAY_MS - ((n * 7) % 24) * 3_600_000;
  const arrived = dispatched + (240 + ((n * 53) % 420)) * 1000;
  const iso = (ms: number) => ({ value: new Date(ms).toISOString() });
  return {
    incident_number: `RFD-D-${String(n).padStart(4, '0')}`,
    incident_type_1: kind,
    address: {
      number: String(100 + (n % 400)),
      street: ['Oak', 'Mill', 'River', 'Elm'][n % 4],
      streetType: 'St',
      city: 'Riverside',
      state: 'PA',
      zip: '18064',
    },
    dispatched_at: iso(dispatched),
    arrived_at: iso(arrived),
    narrative: `<p>Demo call ${n}: crew responded and cleared.</p>`,
  };
}

const DEMO_WIDGETS = (dashboard: string): Record<string, unknown>[] =>
  [
    {
      name: 'Call Volume',
      color: 'red',
      render_type: 'chart',
      group_function: 'count',
      entity_type_target: 'incident_report',
      date_field: 'dispatched_at',
    },
    {
      name: 'Response Time',
      color: 'blue',
      render_type: 'response_time',
      group_function: 'response_time',
      entity_type_target: 'incident_report',
      start_field: 'dispatched_at',
      end_field: 'arrived_at',
    },
    {
      name: 'Hydrants Out of Service',
      color: 'orange',
      render_type: 'progress_bar',
      group_function: 'percentage',
      entity_type_target: 'hydrant',
      true_filters: { custom: { status: 'out_of_service' } },
    },
    {
      name: 'Calls by Type',
      color: 'purple',
      render_type: 'chart',
      group_function: 'piechart',
      entity_type_target: 'incident_report',
      value_field: 'incident_type_1',
    },
    {
      name: 'Best Hydrant Flow (GPM)',
      color: 'teal',
      render_type: 'chart',
      group_function: 'maximum',
      entity_type_target: 'hydrant',
      value_field: 'flow_rate',
    },
    {
      name: 'Hydrants In Service',
      color: 'green',
      render_type: 'chart',
      group_function: 'gauge',
      entity_type_target: 'hydrant',
      true_filters: { custom: { status: 'in_service' } },
    },
    {
      name: 'Calls a Day by Type',
      color: 'pink',
      render_type: 'multi_line',
      group_function: 'multi_line',
      entity_type_target: 'incident_report',
      date_field: 'dispatched_at',
      series_field: 'incident_type_1',
    },
    {
      name: 'Medical of All Calls',
      color: 'blue',
      render_type: 'chart',
      group_function: 'x_of_y',
      entity_type_target: 'incident_report',
      true_filters: { custom: { incident_type_1: 'MEDICAL' } },
    },
    {
      name: 'Latest Hydrant Flow (GPM)',
      color: 'teal',
      render_type: 'chart',
      group_function: 'single-entity',
      entity_type_target: 'hydrant',
      value_field: 'flow_rate',
    },
    {
      name: 'Activity Feed',
      color: 'grey',
      render_type: 'activity_feed',
      group_function: 'count',
      entity_type_target: 'incident_report',
      activity_types: ['incident_report', 'hydrant'],
    },
    {
      name: 'Fire Calls',
      color: 'red',
      render_type: 'progress_bar',
      group_function: 'percentage',
      position: 'planner',
      entity_type_target: 'incident_report',
      true_filters: { custom: { incident_type_1: 'FIRE' } },
    },
    {
      name: 'Medical Calls',
      color: 'blue',
      render_type: 'progress_bar',
      group_function: 'percentage',
      position: 'planner',
      entity_type_target: 'incident_report',
      true_filters: { custom: { incident_type_1: 'MEDICAL' } },
    },
  ].map((w) => ({ dashboards: w.position === 'planner' ? [] : [dashboard], ...w }));

/**
 * Riverside's chief's dashboard (issue 24): a call-volume line, response time, hydrants out of
 * service, calls by type, a gauge, a maximum and the activity feed, over demo calls spread over
 * the last 90 days. Idempotent: a tenant that has widgets gets none.
 */
export const widgetsDemo: DemoSeeder = {
  name: 'widgets',
  async run({ db }) {
    const acting = await riversideAdmin(db);
    if (!acting) return undefined;
    const { auth } = acting;
    if ((await listWidgets(db, auth)).length > 0) return undefined;
    const types = loadIncidentTypeOptions().level1.map((o) => String(o.key));
    const now = Date.now();
    for (let n = 1; n <= DEMO_CALL_COUNT; n++) await createRecord(db, auth, 'incident_report', demoCall(n, now, types));
    const dashboard = await createDashboard(db, auth, { name: "Chief's Dashboard", sort_order: 0 });
    await createDashboard(db, auth, { name: 'Board Overview', sort_order: 1 });
    for (const w of DEMO_WIDGETS(dashboard.id)) await createWidget(db, auth, widgetBody.parse(w));
    return undefined;
  },
};
