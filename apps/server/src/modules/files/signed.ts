import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** How long a signed content URL works: long enough to start a video, short enough to leak little. */
export const SIGNED_URL_SECONDS = 300;

export interface ContentClaim {
  tenantId: string;
  fileId: string;
  /** Unix seconds. */
  expires: number;
}

/** The key for content URLs, derived from the server's secret key (never the key itself). */
export function contentUrlKey(secretKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), 'turnout file content url', 32));
}

function mac(key: Buffer, claim: ContentClaim): Buffer {
  return createHmac('sha256', key).update(`${claim.tenantId}.${claim.fileId}.${claim.expires}`).digest();
}

export function signClaim(key: Buffer, claim: ContentClaim): string {
  return mac(key, claim).toString('base64url');
}

/** True when the signature is this claim's and it has not expired. */
export function claimHolds(key: Buffer, claim: ContentClaim, signature: string, now = Date.now()): boolean {
  if (!Number.isSafeInteger(claim.expires) || claim.expires * 1000 < now) return false;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, claim);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
