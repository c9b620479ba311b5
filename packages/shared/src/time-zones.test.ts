import { describe, expect, it } from 'vitest';
import { addDays, calendarDateIn, canonicalTimeZone, daysBetween, isTimeZone, weekStartIn } from './time-zones.ts';

describe('time zones', () => {
  it('knows IANA names, canonicalises them and refuses anything else', () => {
    expect(canonicalTimeZone('America/Chicago')).toBe('America/Chicago');
    // Three-part names are zones too (the runtime's data decides which spelling is canonical).
    expect(canonicalTimeZone('America/Argentina/Buenos_Aires')).toMatch(/Buenos_Aires$/);
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Etc/GMT+5')).toBe('Etc/GMT+5');
    for (const bad of ['Mars/Olympus_Mons', '', '+05:00', 'America/../Chicago', 'America/Chicago ', 'x'.repeat(200), 42, null]) {
      expect(canonicalTimeZone(bad), String(bad)).toBeNull();
      expect(isTimeZone(bad)).toBe(false);
    }
  });

  it('names the calendar date of an instant in a zone', () => {
    // Saturday 23:30 in Chicago (CST, UTC−6) is already Sunday in UTC.
    expect(calendarDateIn('2026-11-22T05:30:00Z', 'America/Chicago')).toBe('2026-11-21');
    expect(calendarDateIn('2026-11-22T05:30:00Z', 'UTC')).toBe('2026-11-22');
    expect(calendarDateIn(new Date('2026-11-22T05:30:00Z'))).toBe('2026-11-22');
    // Half past midnight on Sunday in Kiritimati (UTC+14) is Saturday morning in UTC.
    expect(calendarDateIn('2026-11-21T10:30:00Z', 'Pacific/Kiritimati')).toBe('2026-11-22');
  });

  it('starts the week on the Sunday of the zone’s date', () => {
    expect(weekStartIn('2026-11-22T05:30:00Z', 'America/Chicago')).toBe('2026-11-15');
    expect(weekStartIn('2026-11-22T05:30:00Z', 'UTC')).toBe('2026-11-22');
    expect(weekStartIn('2026-11-22T06:00:00Z', 'America/Chicago')).toBe('2026-11-22');
    expect(weekStartIn('2026-11-21T10:30:00Z', 'Pacific/Kiritimati')).toBe('2026-11-22');
    // Around the spring change of clocks (Sunday 8 March 2026 in the US).
    expect(weekStartIn('2026-03-08T05:30:00Z', 'America/Chicago')).toBe('2026-03-01');
    expect(weekStartIn('2026-03-08T06:30:00Z', 'America/Chicago')).toBe('2026-03-08');
    // A week that spans new year.
    expect(weekStartIn('2027-01-01T12:00:00Z', 'America/New_York')).toBe('2026-12-27');
  });

  it('counts and adds whole days between calendar dates', () => {
    expect(daysBetween('2026-11-15', '2026-11-21')).toBe(6);
    expect(daysBetween('2026-11-15', '2026-11-14')).toBe(-1);
    expect(daysBetween('2026-03-01', '2026-03-08')).toBe(7);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
