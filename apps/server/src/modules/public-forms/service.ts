import { randomUUID } from 'node:crypto';
import type { EntityType } from '@turnout/shared';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import { type AuthContext, isTenantAdmin } from '../../platform/auth/context.ts';
import type { Background } from '../../platform/background.ts';
import type { BlobStore } from '../../platform/blobs/index.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type Tx, withContext } from '../../platform/db/tenancy.ts';
import { AppError, addFieldError, forbidden, invalid, tooManyRequests } from '../../platform/http/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { BackgroundCheckConfig } from '../background-check/provider.ts';
import { writeHistory } from '../entities/actions.ts';
import { FILE_VALUE_MESSAGES, type FileLink, linkFileValues, storeSignatureValues } from '../entities/file-values.ts';
import { newEntityRow, newRecordData, refuse, sendAfterCommit, today, writeVersion } from '../entities/service.ts';
import { checkValues } from '../entities/values.ts';
import { typeForRecords, unsafeTypeForTenant } from '../entity-types/service.ts';
import { recordChanged } from '../notifications/service.ts';
import { guardFor } from '../permissions/service.ts';
import { newChallenge, solutionHolds } from './captcha.ts';
import { publicType } from './public-type.ts';
import { inTenant, publicFormRepository, unsafeAcrossTenants } from './repository.ts';
import { linkSignatureHolds, type PublicFormKey, signLink } from './signing.ts';

/** The words of spec 01 §2.1 and this module's refusals (docs/decisions/0029). */
export const PUBLIC_FORM_MESSAGES = {
  savedTitle: 'Saved Successfully',
  saved: 'Thankyou for your submission.',
  badLink: 'This link is not valid. It may have been changed, or the form is no longer public. Please ask the department for a new link.',
  notPublic: 'This entity type is not a public form.',
  tooMany: 'Too many submissions. Please try again later.',
  captcha: 'Please confirm that you are not a robot.',
  /** Who saved a public submission, in its versions and history. */
  author: 'Public submission',
} as const;

/** The default colour of a public form's header (spec 01 §2.1). */
export const DEFAULT_PUBLIC_FORM_COLOR = '#9a0223';

/** Abuse limits (docs/decisions/0029): per address and per link, over the last hour. */
export const PUBLIC_FORM_LIMITS = {
  windowMs: 60 * 60_000,
  submitsPerAddress: 20,
  submitsPerLink: 500,
  uploadsPerAddress: 60,
  uploadsPerLink: 1500,
  /** Largest upload through a public form, in bytes (the server's own limit applies if lower). */
  uploadBytes: 10 * 1024 * 1024,
  /** Largest submission body (signatures travel as images inside it). */
  bodyBytes: 1024 * 1024,
  /** An upload must be attached within this time. */
  uploadClaimMs: 24 * 60 * 60_000,
} as const;

/** The body keys the form adds beside the type's fields: the honeypot and the captcha solution. */
export const HONEYPOT_KEY = '_website';
export const CAPTCHA_KEY = '_altcha';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VISITOR = { role: null, isGlobalAdmin: false } as const;

export interface PublicFormDeps {
  db: Kysely<DB>;
  key: PublicFormKey;
  blobs: BlobStore;
  mailer?: Mailer;
  background?: Background;
  /** The provider of background checks that actions on submission start. */
  backgroundCheck?: BackgroundCheckConfig;
}

/** The link a visitor came with, once its signature and type are checked. */
export interface OpenLink {
  tenantId: string;
  /** The whole type (actions, computed fields); the visitor only ever sees publicType(type). */
  type: EntityType;
  form: EntityType;
}

export interface LinkQuery {
  tenantId?: string | undefined;
  tenantHmac?: string | undefined;
}

const badLink = () => forbidden(PUBLIC_FORM_MESSAGES.badLink);

/**
 * Checks a link: a tenant id and signature made by this server for this type and tenant, a type
 * that is still a public form. Every failure answers the same 403, so a link reveals nothing.
 */
export async function openLink(deps: Pick<PublicFormDeps, 'db' | 'key'>, where: { name: string } | { id: string }, query: LinkQuery) {
  const tenantId = query.tenantId;
  if (!tenantId || !UUID.test(tenantId) || !query.tenantHmac) throw badLink();
  const type = await unsafeTypeForTenant(deps.db, tenantId, where);
  if (type?.object_data.is_public_form !== true) throw badLink();
  if (!linkSignatureHolds(deps.key, type.id, tenantId, query.tenantHmac)) throw badLink();
  const tenant = await publicFormRepository(deps.db).tenantHeader(tenantId);
  if (!tenant) throw badLink();
  return { link: { tenantId, type, form: publicType(type) } satisfies OpenLink, tenant };
}

/**
 * GET /entity-type/{name}/public-url/{optional}: the link of a public-form type for the acting
 * tenant. {optional} is a tenant id: a global admin names the tenant the link is for (spec 01
 * §2.6: they choose a tenant first); anyone else may only name their own.
 */
export async function publicUrlOf(
  deps: Pick<PublicFormDeps, 'db' | 'key'> & { baseUrl: string },
  auth: AuthContext,
  name: string,
  optionalTenantId: string | undefined,
) {
  let tenantId = auth.tenantId;
  let type: EntityType | undefined;
  if (optionalTenantId && optionalTenantId !== auth.tenantId) {
    if (!auth.isGlobalAdmin) throw forbidden();
    if (!UUID.test(optionalTenantId) || !(await publicFormRepository(deps.db).tenantHeader(optionalTenantId))) {
      throw invalid({ tenant: ['The selected tenant is invalid.'] });
    }
    tenantId = optionalTenantId;
    type = await unsafeTypeForTenant(deps.db, optionalTenantId, { name });
  } else {
    if (!tenantId) throw forbidden('Tenant must be selected first');
    type = await typeForRecords(deps.db, auth, name);
    const guard = await guardFor(deps.db, auth);
    if (!isTenantAdmin(auth) && !guard.can(type.name, 'view')) throw forbidden();
  }
  if (!type || !tenantId) throw new AppError(404, 'not_found', 'Entity Type not found.');
  if (type.object_data.is_public_form !== true) throw invalid({ name: [PUBLIC_FORM_MESSAGES.notPublic] });
  const hmac = signLink(deps.key, type.id, tenantId);
  const query = new URLSearchParams({ tenantId, tenantHmac: hmac });
  const url = `${deps.baseUrl}/public_forms/${encodeURIComponent(type.name)}?${query.toString()}`;
  // A QR code of the link for posters and counters (the same package as MFA enrolment).
  const qr_code_image = await QRCode.toDataURL(url, { margin: 1, width: 320 });
  return { url, tenant_id: tenantId, tenant_id_hmac: hmac, entity_type: type.name, qr_code_image };
}

/** GET /public-forms/entity-type/{name}: the form and the tenant's header; nothing else of the tenant. */
export async function loadPublicForm(deps: Pick<PublicFormDeps, 'db' | 'key'>, name: string, query: LinkQuery) {
  const { link, tenant } = await openLink(deps, { name }, query);
  return {
    data: link.form,
    tenant: { id: tenant.id, name: tenant.display_name, color: tenant.color || DEFAULT_PUBLIC_FORM_COLOR },
    captcha: captchaWanted(link.type),
  };
}

const captchaWanted = (type: EntityType) => type.object_data.public_form_captcha === true;

/** GET /public-forms/entity-type/{name}/challenge: a fresh proof-of-work challenge for this link. */
export async function publicChallenge(deps: Pick<PublicFormDeps, 'db' | 'key'>, name: string, query: LinkQuery) {
  await openLink(deps, { name }, query);
  return newChallenge(deps.key);
}

/**
 * 429 past the limits of this address (across tenants) and, given the link, of the link. An upload
 * checks the address before its body is read, and both once the link is known.
 */
export async function throttle(db: Kysely<DB>, kind: 'submit' | 'upload', ip: string, link?: OpenLink): Promise<void> {
  const since = new Date(Date.now() - PUBLIC_FORM_LIMITS.windowMs);
  const [addressLimit, linkLimit] =
    kind === 'submit'
      ? [PUBLIC_FORM_LIMITS.submitsPerAddress, PUBLIC_FORM_LIMITS.submitsPerLink]
      : [PUBLIC_FORM_LIMITS.uploadsPerAddress, PUBLIC_FORM_LIMITS.uploadsPerLink];
  const byAddress = await unsafeAcrossTenants(db, (repo) => repo.countByAddress(kind, ip, since));
  const byLink = link ? await inTenant(db, link.tenantId, (repo) => repo.countByLink(kind, link.tenantId, link.type.id, since)) : 0;
  if (byAddress >= addressLimit || byLink >= linkLimit) throw tooManyRequests(15 * 60, PUBLIC_FORM_MESSAGES.tooMany);
}

/** Every file value of the visitor must be a file uploaded through this link and not yet on a record. */
async function claimUploads(tx: Tx, link: OpenLink, values: Record<string, unknown>, errors: Record<string, string[]>) {
  const links: FileLink[] = [];
  const since = new Date(Date.now() - PUBLIC_FORM_LIMITS.uploadClaimMs);
  for (const field of link.form.fields) {
    const property = field.field_data.property;
    if (field.field_data.type !== 'single-file' || !Array.isArray(values[property])) continue;
    const refs = values[property] as { id?: unknown }[];
    const ids = refs.map((r) => String(r?.id ?? ''));
    const valid = ids.filter((id) => UUID.test(id));
    const uploaded = await publicFormRepository(tx).unclaimedUploads(link.tenantId, link.type.id, valid);
    const rows = valid.length
      ? await tx
          .selectFrom('file')
          .select(['id', 'original_name', 'size_bytes', 'md5'])
          .where('tenant_id', '=', link.tenantId)
          .where('id', 'in', valid)
          .where('entity_id', 'is', null)
          .where('deleted_at', 'is', null)
          .where('created_at', '>', since)
          .execute()
      : [];
    const byId = new Map(rows.filter((r) => uploaded.has(r.id)).map((r) => [r.id, r]));
    if (ids.some((id) => !byId.has(id))) {
      addFieldError(errors, property, FILE_VALUE_MESSAGES.unavailable);
      continue;
    }
    // The value holds what the server knows of the file, never what the visitor said of it.
    values[property] = ids.map((id) => {
      const row = byId.get(id)!;
      links.push({ fileId: id, property });
      return { id, original_name: row.original_name, url: `/api/files/${id}/content`, size_bytes: Number(row.size_bytes), md5: row.md5 };
    });
  }
  return links;
}

/**
 * POST /public-forms/entity/{name}: a new record of the link's tenant, created by nobody
 * ('Public submission' in its versions), with the type's actions on save run as for any save.
 * Only the public fields are taken: anything else the body holds is ignored. The visitor reads
 * nothing back but the confirmation.
 */
export async function submitPublicForm(deps: PublicFormDeps, ip: string, name: string, query: LinkQuery, body: Record<string, unknown>) {
  const { link } = await openLink(deps, { name }, query);
  await throttle(deps.db, 'submit', ip, link);
  // A bot filled in the field people never see: answer as if saved, keep nothing.
  const honeypot = body[HONEYPOT_KEY];
  if (typeof honeypot === 'string' && honeypot.trim() !== '') {
    await inTenant(deps.db, link.tenantId, (repo) =>
      repo.record({ kind: 'submit', tenantId: link.tenantId, entityTypeId: link.type.id, ip }),
    );
    return;
  }
  let proof: string | null = null;
  if (captchaWanted(link.type)) {
    const solution = typeof body[CAPTCHA_KEY] === 'string' ? (body[CAPTCHA_KEY] as string) : '';
    if (
      !solution ||
      !(await solutionHolds(deps.key, solution)) ||
      (await unsafeAcrossTenants(deps.db, (repo) => repo.proofUsed(solution)))
    ) {
      throw invalid({ [CAPTCHA_KEY]: [PUBLIC_FORM_MESSAGES.captcha] });
    }
    proof = solution;
  }
  const allowed = new Set(link.form.fields.map((f) => f.field_data.property));
  const sent = Object.fromEntries(Object.entries(body).filter(([key]) => allowed.has(key)));
  const check = checkValues(link.form, sent, {
    mode: 'add',
    current: {},
    viewer: VISITOR,
    today: today(),
    creator: null,
    actor: { id: 'public', display_name: PUBLIC_FORM_MESSAGES.author },
  });
  const scope = { tenantId: link.tenantId, type: link.type };
  const result = await withContext(deps.db, { tenantId: link.tenantId, userId: null, isGlobal: false }, async (tx) => {
    const fileLinks = await claimUploads(tx, link, check.values, check.errors);
    if (Object.keys(check.errors).length === 0) {
      fileLinks.push(...(await storeSignatureValues(tx, deps.blobs, { type: link.form, tenantId: link.tenantId, owner: null }, check)));
    }
    refuse(check);
    const id = randomUUID();
    const actions = await newRecordData(tx, scope, id, check.values, deps.backgroundCheck);
    const row = await tx
      .insertInto('entity')
      .values(newEntityRow(scope, { userId: null }, { id, body: {}, offlineId: null, data: actions.data, actionState: actions.state }))
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeVersion(tx, row, { userId: null, displayName: PUBLIC_FORM_MESSAGES.author });
    await linkFileValues(tx, scope, row.id, fileLinks);
    await writeHistory(tx, link.tenantId, row.id, 'save', actions.history);
    await recordChanged(tx, { actor: null, type: link.type, before: null, after: row, mails: actions.mails });
    await publicFormRepository(tx).record({
      kind: 'submit',
      tenantId: link.tenantId,
      entityTypeId: link.type.id,
      ip,
      entityId: row.id,
      proof,
    });
    return actions.mails;
  });
  sendAfterCommit(deps, result);
  if (Math.random() < 0.01) {
    const before = new Date(Date.now() - PUBLIC_FORM_LIMITS.uploadClaimMs);
    await unsafeAcrossTenants(deps.db, (repo) => repo.prune(before));
  }
}
