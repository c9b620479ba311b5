import type { SystemAlert } from '@turnout/shared';
import { describe, expect, it } from 'vitest';
import { activeAlertsLabel, endsText } from './ActiveAlertsBanner.tsx';

describe('[ALERTS] banner texts', () => {
  it("counts 'N active alerts'", () => {
    expect(activeAlertsLabel(1)).toBe('1 active alert');
    expect(activeAlertsLabel(3)).toBe('3 active alerts');
  });

  it("prints 'Ends: {time}', falling back to the server's display value", () => {
    const alert: SystemAlert = {
      id: 'a',
      title: 't',
      alert: '',
      uri: null,
      ends_at: { value: 'x', valueUtc: 'not a time', display_value: '01/05/2030 10:00:00 AM' },
    };
    expect(endsText(alert)).toBe('Ends: 01/05/2030 10:00:00 AM');
    const readable = { ...alert, ends_at: { ...alert.ends_at, valueUtc: '2030-01-05T10:00:00.000Z' } };
    expect(endsText(readable)).toMatch(/^Ends: .*2030/);
  });
});
