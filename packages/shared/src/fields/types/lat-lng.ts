import * as z from 'zod/mini';
import { isRecord, richMessages } from '../checks-rich.ts';
import type { FieldType } from '../types.ts';

const geoValue = z.object({ lat: z.number(), lng: z.number(), value: z.string(), display_value: z.string() });
type GeoValue = z.infer<typeof geoValue>;

const coordinate = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : undefined);

/** 'lat lng' or 'lat,lng'; anything but two parts is not a position. */
const fromText = (text: unknown): Record<string, unknown> => {
  const parts = typeof text === 'string' && text.trim() !== '' ? text.trim().split(/\s*[\s,]\s*/) : [];
  return parts.length === 0 ? {} : parts.length === 2 ? { lat: parts[0], lng: parts[1] } : { lat: Number.NaN, lng: Number.NaN };
};

/**
 * lat-lng: a geo value `{ lat, lng, value, display_value }` (spec 02 §3), value stored as
 * 'lat lng'. Also takes 'lat lng' or 'lat,lng' text, or numbers as text. The spec shows the
 * ranges only as hints in the editor; the server enforces lat −90..90 and lng −180..180.
 */
export const latLng: FieldType<GeoValue> = {
  key: 'lat-lng',
  family: 'input',
  holdsValue: true,
  value: geoValue,
  defaultParams: {},
  filterKind: 'none',
  normalise: (raw) => {
    if (typeof raw !== 'string' && !isRecord(raw)) return raw;
    const r = typeof raw === 'string' ? fromText(raw) : raw.lat == null && raw.lng == null ? { ...raw, ...fromText(raw.value) } : raw;
    const lat = coordinate(r.lat);
    const lng = coordinate(r.lng);
    if (lat === undefined && lng === undefined) return null;
    const display = typeof r.display_value === 'string' && r.display_value.trim() ? r.display_value.trim() : `${lat}, ${lng}`;
    return { lat, lng, value: `${lat} ${lng}`, display_value: display };
  },
  validate: (value, field) => [
    ...(value.lat < -90 || value.lat > 90 ? [richMessages.latitude(field)] : []),
    ...(value.lng < -180 || value.lng > 180 ? [richMessages.longitude(field)] : []),
  ],
  toText: (value) => value.display_value || value.value,
};
