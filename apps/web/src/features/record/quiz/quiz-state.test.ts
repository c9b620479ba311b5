import { describe, expect, it } from 'vitest';
import { canRetake, minutesRemaining, quizPhase, shiftLength, verdict } from './quiz-state.ts';

const now = Date.parse('2026-11-22T10:00:00Z');
const stamp = (iso: string) => ({ value: iso, display_value: iso });

describe('quiz state', () => {
  it('is not started, in progress, then complete on a finish time, marks or no time left', () => {
    expect(quizPhase({}, now)).toBe('not-started');
    const started = { started_at: stamp('2026-11-22T09:55:00Z'), finishes_at: stamp('2026-11-22T10:15:00Z'), is_active: true };
    expect(quizPhase(started, now)).toBe('in-progress');
    expect(minutesRemaining(started, now)).toBe(15);
    expect(quizPhase({ ...started, finishes_at: stamp('2026-11-22T09:59:00Z') }, now)).toBe('complete');
    expect(quizPhase({ ...started, finished_at: stamp('2026-11-22T09:58:00Z') }, now)).toBe('complete');
    expect(minutesRemaining({ started_at: started.started_at }, now)).toBeNull();
  });
  it('passes or fails against the pass mark and allows a retake only with attempts left', () => {
    const marked = { marking_array: { marksAchieved: 4, marksPossible: 5, quizMarksPercent: 80 }, quiz_attempts_remaining: 0 };
    expect(verdict(marked, 80)).toBe('Pass');
    expect(verdict(marked, 90)).toBe('Fail');
    expect(verdict(marked, null)).toBeNull();
    expect(canRetake(marked, 'one-attempt')).toBe(false);
    expect(canRetake({ ...marked, quiz_attempts_remaining: 1 }, 'multiple-attempts')).toBe(true);
    expect(canRetake(marked, 'unlimited-attempts')).toBe(true);
  });
  it('shows a shift in hours with one decimal, or minutes under 0.1 h', () => {
    expect(shiftLength(7.25)).toBe('7.3 hours');
    expect(shiftLength(0.05)).toBe('3 minutes');
    expect(shiftLength(null)).toBe('');
  });
});
