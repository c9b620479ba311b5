import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/users.ts';
import { localDate, mfaCodeComplete, mfaPromptDue, mfaSkippable } from './mfa-rules.ts';

describe('MFA enrolment rules (spec 01 §4, §5)', () => {
  it("offers 'Skip for now' only before the enrol-by date", () => {
    expect(mfaSkippable('2026-12-01', '2026-11-30')).toBe(true);
    expect(mfaSkippable('2026-12-01', '2026-12-01')).toBe(false);
    expect(mfaSkippable('2026-12-01', '2027-01-05')).toBe(false);
    expect(mfaSkippable(null, '2026-12-01')).toBe(true);
  });

  it('prompts with an enrol-by date, without an enrolled-at date, unless dismissed in this session', () => {
    const due = makeUser({ mfa_enrol_by: '2026-12-01' });
    expect(mfaPromptDue(due, null, '2026-11-01')).toBe(true);
    expect(mfaPromptDue(due, due.id, '2026-11-01')).toBe(false);
    expect(mfaPromptDue(due, 'someone-else', '2026-11-01')).toBe(true);
    expect(mfaPromptDue(makeUser(), null, '2026-11-01')).toBe(false);
    expect(mfaPromptDue(makeUser({ mfa_enrol_by: '2026-12-01', mfa_enrolled_at: '2026-11-02T10:00:00.000Z' }), null, '2026-11-03')).toBe(
      false,
    );
  });

  it('ignores a dismissal once enrolment is mandatory', () => {
    const due = makeUser({ mfa_enrol_by: '2026-12-01' });
    expect(mfaPromptDue(due, due.id, '2026-12-01')).toBe(true);
  });

  it('enables Finish only at exactly 6 characters', () => {
    expect(mfaCodeComplete('12345')).toBe(false);
    expect(mfaCodeComplete('123456')).toBe(true);
    expect(mfaCodeComplete('1234567')).toBe(false);
  });

  it("writes the device's date as yyyy-MM-dd", () => {
    expect(localDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
