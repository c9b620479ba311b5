/**
 * How widget figures read (spec 02 §9): percentages rounded, aggregates to 2 decimals, response
 * time in hours, minutes and seconds, durations written h:m:s taken as hours.
 */
export function roundTo2(value: number): number {
  return Math.round(value * 100) / 100;
}

export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part * 100) / whole) : null;
}

/** '1h 02m 05s', '4m 30s', '45s'; null reads '—'. */
export function formatResponseTime(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '—';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m ${String(s).padStart(2, '0')}s`;
  if (m > 0) return `${m}m ${String(s).padStart(2, '0')}s`;
  return `${s}s`;
}

/** A duration written 'h:m' or 'h:m:s' as hours (1:30 → 1.5); a number stays; anything else is null. */
export function durationHours(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  const m = /^(\d+):([0-5]?\d)(?::([0-5]?\d))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) + Number(m[2]) / 60 + Number(m[3] ?? 0) / 3600;
}

/** The last `n` points of a line, oldest first (spec 02 §9: a line chart shows the last 30). */
export function lastPoints<T>(points: T[], n = 30): T[] {
  return points.length > n ? points.slice(points.length - n) : points;
}
