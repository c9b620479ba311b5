import { type CurrentUser, MFA_CODE_LENGTH } from '@turnout/shared';

const DISMISSED_KEY = 'turnout.mfa-prompt-dismissed';

function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Today in the device's calendar, as 'yyyy-MM-dd' (the format of mfa_enrol_by). */
export function localDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** 'Skip for now' is offered only before the enrol-by date; from that date enrolment is mandatory (spec 01 §4). */
export function mfaSkippable(enrolBy: string | null, today: string): boolean {
  return enrolBy === null || today < enrolBy;
}

/**
 * The enrolment prompt appears when the user has an enrol-by date, no enrolled-at date, and has
 * not dismissed it in this session (spec 01 §4). Once mandatory, a dismissal no longer counts.
 */
export function mfaPromptDue(user: CurrentUser, dismissedFor: string | null, today: string): boolean {
  if (!user.mfa_enrol_by || user.mfa_enrolled_at) return false;
  return dismissedFor !== user.id || !mfaSkippable(user.mfa_enrol_by, today);
}

/** The finish button is enabled only when the code is exactly 6 characters (spec 01 §5). */
export function mfaCodeComplete(code: string): boolean {
  return code.length === MFA_CODE_LENGTH;
}

/** Which user dismissed the prompt in this browser session (sessionStorage: it ends with the tab). */
export function mfaPromptDismissedFor(): string | null {
  try {
    return sessionStore()?.getItem(DISMISSED_KEY) ?? null;
  } catch {
    return null;
  }
}

export function dismissMfaPrompt(userId: string): void {
  try {
    sessionStore()?.setItem(DISMISSED_KEY, userId);
  } catch {
    // Storage blocked: the prompt comes back on the next load, which is the safe side.
  }
}

/** A new sign-in is a new session: a dismissal made before it no longer counts. */
export function forgetMfaPromptDismissal(): void {
  try {
    sessionStore()?.removeItem(DISMISSED_KEY);
  } catch {}
}
