import { createHmac } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import type { PublicFormKey } from './signing.ts';

/**
 * The optional captcha of a public form (spec 02 §2; docs/decisions/0029): an ALTCHA
 * proof-of-work challenge made and checked by this server with altcha-lib (MIT), so no outside
 * service is called. The browser finds the number (about a second); a bot posting in bulk
 * pays that for every submission. A challenge expires after CHALLENGE_MINUTES, and a solved one
 * is accepted once (the service records it).
 */
export const CHALLENGE_MINUTES = 30;
/** The proof-of-work difficulty: the browser tries up to this many hashes (half on average). */
export const CHALLENGE_MAX_NUMBER = 100_000;

const captchaKey = (key: PublicFormKey) => createHmac('sha256', key.key).update('altcha').digest('hex');

export function newChallenge(key: PublicFormKey, maxNumber = CHALLENGE_MAX_NUMBER): Promise<Challenge> {
  return createChallenge({
    hmacKey: captchaKey(key),
    maxnumber: maxNumber,
    expires: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
  });
}

/** Whether the solution sent (base64 JSON, as the ALTCHA widget sends it) holds; never throws. */
export async function solutionHolds(key: PublicFormKey, payload: string): Promise<boolean> {
  if (payload.length > 2000) return false;
  try {
    return await verifySolution(payload, captchaKey(key), true);
  } catch {
    return false;
  }
}
