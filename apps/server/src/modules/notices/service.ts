import { type CreateNoticeBody, makePageMeta, type Notice, type PageMeta } from '@turnout/shared';
import type { Kysely } from 'kysely';
import { type AuthContext, actingTenant, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import { guardFor } from '../permissions/service.ts';
import { noticeRepository } from './repository.ts';

export async function listNotices(
  db: Kysely<DB>,
  auth: AuthContext,
  page: number,
  perPage: number,
): Promise<{ data: Notice[]; meta: PageMeta }> {
  const tenantId = actingTenant(auth);
  (await guardFor(db, auth)).authorize('notice', 'view');
  const { rows, total } = await withContext(db, dbContext(auth), (tx) => noticeRepository(tx, tenantId).list(page, perPage));
  return { data: rows, meta: makePageMeta(page, perPage, total, rows.length) };
}

export async function createNotice(db: Kysely<DB>, auth: AuthContext, input: CreateNoticeBody): Promise<Notice> {
  const tenantId = actingTenant(auth);
  (await guardFor(db, auth)).authorize('notice', 'create');
  return withContext(db, dbContext(auth), (tx) =>
    noticeRepository(tx, tenantId).create({ title: input.title, body: input.body, createdBy: auth.userId }),
  );
}
