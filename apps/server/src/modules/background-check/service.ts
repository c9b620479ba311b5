import { type Kysely, sql } from 'kysely';
import { type AuthContext, actingTenant, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { AppError, invalid, notFound } from '../../platform/http/errors.ts';
import { guardFor } from '../permissions/service.ts';
import {
  BACKGROUND_CHECK_MESSAGES,
  type BackgroundCheckConfig,
  BackgroundCheckError,
  isConfigured,
  isHttpUrl,
  reportLinkFor,
} from './provider.ts';

export const RETRIEVE_MESSAGES = {
  required: 'The report url field is required.',
  url: 'The report url must be a valid URL.',
  notFound: 'Report not found.',
} as const;

/**
 * POST /background-check/retrieve: the report link of a background check, asked of the
 * provider. Only for a report url kept on a record of the acting tenant that the caller may
 * view, so nobody reaches another department's reports through us.
 */
export async function retrieveReport(
  db: Kysely<DB>,
  auth: AuthContext,
  config: BackgroundCheckConfig,
  reportUrl: unknown,
): Promise<{ report_link: string }> {
  if (typeof reportUrl !== 'string' || !reportUrl.trim()) throw invalid({ report_url: [RETRIEVE_MESSAGES.required] });
  if (!isHttpUrl(reportUrl)) throw invalid({ report_url: [RETRIEVE_MESSAGES.url] });
  if (!isConfigured(config)) throw new AppError(503, 'not_configured', BACKGROUND_CHECK_MESSAGES.notConfigured);
  const tenantId = actingTenant(auth);
  const rows = await withContext(db, dbContext(auth), (tx) =>
    tx
      .selectFrom('entity as e')
      .innerJoin('entity_type as t', 't.id', 'e.entity_type_id')
      .select('t.name')
      .where('e.tenant_id', '=', tenantId)
      .where('e.deleted_at', 'is', null)
      .where(sql`e.data->>'SYSTEM_report_url'`, '=', reportUrl)
      .execute(),
  );
  const guard = await guardFor(db, auth);
  if (!rows.some((r) => guard.can(r.name, 'view'))) throw notFound(RETRIEVE_MESSAGES.notFound);
  try {
    return { report_link: await reportLinkFor(config, reportUrl) };
  } catch (error) {
    if (error instanceof BackgroundCheckError) throw new AppError(502, 'provider_failed', error.message);
    throw error;
  }
}
