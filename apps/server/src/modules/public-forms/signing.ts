import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a public form link (spec 01 §2.1, §7 tenantHmac; docs/decisions/0029): an
 * HMAC-SHA256 over the entity type's id and the tenant's id with a server secret. The secret is
 * PUBLIC_FORM_SECRET when set, else derived from the server's SECRET_KEY, so rotating either
 * revokes every link at once; turning is_public_form off (or deleting the type) revokes a
 * type's links because the server checks the type on every call.
 */
export interface PublicFormKey {
  readonly key: Buffer;
}

export function publicFormKey(secretKey: Buffer, publicFormSecret?: string): PublicFormKey {
  if (publicFormSecret) return { key: Buffer.from(publicFormSecret, 'utf8') };
  return { key: Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), 'turnout public form links', 32)) };
}

export function signLink(key: PublicFormKey, entityTypeId: string, tenantId: string): string {
  return createHmac('sha256', key.key).update(`public-form\n${entityTypeId}\n${tenantId}`).digest('base64url');
}

/** Constant-time comparison of a signature sent by a visitor with the one the server makes. */
export function linkSignatureHolds(key: PublicFormKey, entityTypeId: string, tenantId: string, unverified: string | undefined): boolean {
  if (!unverified || unverified.length > 100) return false;
  const expected = Buffer.from(signLink(key, entityTypeId, tenantId));
  const given = Buffer.from(unverified);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
