import { PASSWORD_MESSAGES, passwordProblems } from '@turnout/shared';
import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';

/**
 * Passwords: argon2id at or above OWASP ASVS level 2 (memory ≥ 19 MiB, t ≥ 2, see
 * docs/performance.md for the cost chosen), and the set-password rule of the help text plus a
 * refusal of the ~49,000 most common passwords (the list zxcvbn-ts ships).
 */
export interface Argon2Cost {
  memoryKiB: number;
  timeCost: number;
}

const COMMON = new Set((dictionary.passwords as string[]).map((p) => p.toLowerCase()));

export function hashPassword(password: string, cost: Argon2Cost): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: cost.memoryKiB, timeCost: cost.timeCost, parallelism: 1 });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same effort as a real check when there is no account, so timing reveals nothing. */
export async function verifyAgainstNothing(password: string, cost: Argon2Cost): Promise<false> {
  dummyHash ??= hashPassword('no-such-account-0', cost);
  await verifyPassword(await dummyHash, password);
  return false;
}

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/** Every message the set-password rule gives this password; empty when it may be used. */
export function newPasswordProblems(password: string, confirmation?: string): { password?: string[]; password_confirmation?: string[] } {
  const problems = passwordProblems(password);
  if (problems.length === 0 && isCommonPassword(password)) problems.push(PASSWORD_MESSAGES.tooCommon);
  const errors: { password?: string[]; password_confirmation?: string[] } = {};
  if (problems.length) errors.password = problems;
  if (confirmation !== undefined && confirmation !== password) errors.password_confirmation = [PASSWORD_MESSAGES.mismatch];
  return errors;
}
