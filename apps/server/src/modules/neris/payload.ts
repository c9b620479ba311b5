import { CATALOGUE, type ElementSpec } from './catalogue.ts';
import type { NerisValues } from './values.ts';

/**
 * The NERIS API's incident payload (IncidentPayload: base, incident_types, dispatch, …) built
 * from a record's checked NERIS values. Most elements are set at the path layout.ts gives them;
 * the rest are the API's own shapes: incident types with their primary flag, actions or the
 * reason for none, aid, points as GeoJSON, the one location written for base and dispatch, and
 * the discriminators of its unions (a structure or an outside fire, firefighter or civilian).
 */

type Json = Record<string, unknown>;

/** The object under `key`, made when missing. */
function child(node: Json, key: string): Json {
  if (!node[key] || typeof node[key] !== 'object') node[key] = {};
  return node[key] as Json;
}

function setPath(target: Json, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  parts.forEach((part, i) => {
    if (i === parts.length - 1) {
      node[part] = value;
      return;
    }
    node = child(node, part);
  });
}

const geoPoint = (p: { lat: number; lng: number }) => ({ crs: 4326, geometry: { type: 'Point', coordinates: [p.lng, p.lat] } });

/** Paths this builder writes itself rather than by setPath. */
const OWN_PATHS = new Set([
  'incident_types[].type',
  'aids[].aid_direction',
  'aids[].aid_type',
  'aids[].department_neris_id',
  'dispatch.comments[].comment',
  'base.point',
  'fire_suppression.presence.suppression_types[].type',
  'fire_suppression.presence.suppression_types[].full_partial',
]);

function plain(spec: ElementSpec, value: unknown): unknown {
  if (spec.kind === 'point') return geoPoint(value as { lat: number; lng: number });
  return value;
}

function rowObject(columns: ElementSpec[], row: NerisValues, fixed: Record<string, string> | undefined): Json {
  const out: Json = { ...(fixed ?? {}) };
  for (const column of columns) {
    if (column.path && row[column.name] !== undefined) setPath(out, column.path, plain(column, row[column.name]));
  }
  return out;
}

/** Objects left with nothing in them are dropped (an empty module is no module). */
function pruned(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pruned);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value as Json)) {
    const p = pruned(v);
    if (p && typeof p === 'object' && !Array.isArray(p) && Object.keys(p).length === 0) continue;
    if (p !== undefined) out[k] = p;
  }
  return out;
}

export function buildPayload(values: NerisValues): Json {
  const payload: Json = {};
  for (const spec of Object.values(CATALOGUE.elements)) {
    const value = values[spec.name];
    if (value === undefined || !spec.path || OWN_PATHS.has(spec.path)) continue;
    setPath(payload, spec.path, plain(spec, value));
  }
  for (const group of Object.values(CATALOGUE.groups)) {
    const rows = (values[group.name] as NerisValues[] | undefined) ?? [];
    if (rows.length === 0 && !group.required) continue;
    const objects = rows.map((row) => rowObject(group.columns, row, group.fixed));
    const parts = group.path.split('.');
    let node = payload;
    for (const part of parts.slice(0, -1)) node = child(node, part);
    const key = parts[parts.length - 1]!;
    node[key] = [...((node[key] as Json[] | undefined) ?? []), ...objects];
  }

  const types = (values.incident_final_type as string[] | undefined) ?? [];
  payload.incident_types = types.map((type, i) => ({ type, primary: i === 0 }));

  const base = child(payload, 'base');
  const dispatch = child(payload, 'dispatch');
  base.location ??= {};
  dispatch.location = structuredClone(base.location);
  dispatch.incident_number = values.incident_internal_id;
  dispatch.unit_responses ??= [];
  if (values.incident_point) base.point = geoPoint(values.incident_point as { lat: number; lng: number });
  if (typeof values.dispatch_comment === 'string') dispatch.comments = [{ comment: values.dispatch_comment }];

  const actions = payload.actions_tactics as { action_noaction?: Json } | undefined;
  if (actions?.action_noaction) actions.action_noaction.type = actions.action_noaction.noaction_type ? 'NOACTION' : 'ACTION';

  if (values.incident_aid_type || values.incident_aid_direction || values.incident_aid_department_name) {
    payload.aids = [
      {
        department_neris_id: values.incident_aid_department_name,
        aid_type: values.incident_aid_type,
        aid_direction: values.incident_aid_direction,
      },
    ];
  }

  const fire = payload.fire_detail as Json | undefined;
  if (fire) {
    const structure = types.some((t) => t.startsWith('FIRE||STRUCTURE_FIRE||'));
    fire.location_detail = { ...((fire.location_detail as Json | undefined) ?? {}), type: structure ? 'STRUCTURE' : 'OUTSIDE' };
  }

  const suppression = (payload.fire_suppression as { presence?: Json } | undefined)?.presence;
  const suppressionTypes = values.fire_suppression_type as string[] | undefined;
  if (suppression && suppressionTypes?.length) {
    suppression.suppression_types = suppressionTypes.map((type) => ({
      type,
      ...(values.fire_suppression_full_partial ? { full_partial: values.fire_suppression_full_partial } : {}),
    }));
  }

  // A mayday is stated only when there was one (the API's mayday is the constant true).
  for (const row of (payload.casualty_rescues as Json[] | undefined) ?? []) {
    const rescue = row.rescue as { mayday?: Json } | undefined;
    if (rescue?.mayday && rescue.mayday.mayday !== true) delete rescue.mayday;
  }
  return pruned(payload) as Json;
}
