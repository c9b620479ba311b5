import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTimestamp } from './checks-basic.ts';

/**
 * formatTimestamp reads a zone's offset once per UTC day and formats through compiled patterns;
 * the text must be what Intl's clock parts give for every instant, in zones with daylight time,
 * half- and quarter-hour offsets, and changes of offset in their history.
 */
const ZONES = [
  'UTC',
  'America/Chicago',
  'America/St_Johns',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Apia',
  'America/Sao_Paulo',
  'Not/AZone',
];

const referenceFormats = new Map<string, Intl.DateTimeFormat>();
function reference(ms: number, timeZone: string, pattern: (p: Record<string, number>) => string): string {
  const n = 'numeric';
  let f = referenceFormats.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: n, month: n, day: n, hour: n, minute: n, second: n });
    } catch {
      f = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hourCycle: 'h23', year: n, month: n, day: n, hour: n, minute: n, second: n });
    }
    referenceFormats.set(timeZone, f);
  }
  return pattern(Object.fromEntries(f.formatToParts(ms).map((x) => [x.type, Number(x.value)])));
}

const pad = (n: number) => String(n).padStart(2, '0');
const defaultText = (p: Record<string, number>) =>
  `${p.month}/${p.day}/${String(p.year).padStart(4, '0')} ${p.hour! % 12 || 12}:${pad(p.minute!)}:${pad(p.second!)} ${p.hour! < 12 ? 'AM' : 'PM'}`;
const isoText = (p: Record<string, number>) => `${p.year}-${pad(p.month!)}-${pad(p.day!)} at ${pad(p.hour!)}.${pad(p.minute!)}`;

describe('formatTimestamp', () => {
  it('gives Intl’s wall clock for any instant and zone (1850–2250)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1850, 0, 1), max: Date.UTC(2250, 0, 1) }), fc.constantFrom(...ZONES), (ms, timeZone) => {
        const iso = new Date(ms).toISOString();
        expect(formatTimestamp(iso, { timeZone })).toBe(reference(ms, timeZone, defaultText));
        expect(formatTimestamp(iso, { timeZone, dateFormat: "yyyy-MM-dd 'at'", timeFormat: 'HH.mm' })).toBe(
          reference(ms, timeZone, isoText),
        );
      }),
      { numRuns: 3000 },
    );
  }, 60_000);

  it('is right on both sides of a change of offset, second by second', () => {
    // America/Chicago: 2026-03-08 02:00 CST → 03:00 CDT (08:00 UTC), 2026-11-01 02:00 CDT → 01:00 CST (07:00 UTC).
    for (const change of [Date.UTC(2026, 2, 8, 8), Date.UTC(2026, 10, 1, 7)]) {
      for (let ms = change - 5000; ms <= change + 5000; ms += 1000) {
        expect(formatTimestamp(new Date(ms).toISOString(), { timeZone: 'America/Chicago' })).toBe(
          reference(ms, 'America/Chicago', defaultText),
        );
      }
    }
    // Lord Howe moves by half an hour.
    const lordHowe = Date.UTC(2026, 3, 4, 15);
    for (let ms = lordHowe - 3_600_000; ms <= lordHowe + 3_600_000; ms += 60_000) {
      expect(formatTimestamp(new Date(ms).toISOString(), { timeZone: 'Australia/Lord_Howe' })).toBe(
        reference(ms, 'Australia/Lord_Howe', defaultText),
      );
    }
  });

  it('keeps a pattern’s quoted text and answers blank for an invalid timestamp', () => {
    expect(formatTimestamp('2026-11-26T18:05:09Z', { dateFormat: "d LLL yyyy 'week' yy", timeFormat: 'hh:mm a' })).toBe(
      '26 Nov 2026 week 26 06:05 PM',
    );
    expect(formatTimestamp('not a time')).toBe('');
  });
});
