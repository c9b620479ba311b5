import type { Notice } from '@turnout/shared';
import type { Tx } from '../../platform/db/tenancy.ts';

/** SQL for notices. Built on a transaction that already carries the tenant (RLS applies). */
export function noticeRepository(tx: Tx, tenantId: string) {
  const toNotice = (row: {
    id: string;
    tenant_id: string;
    title: string;
    body: string;
    created_by: string | null;
    created_at: Date;
  }): Notice => ({
    ...row,
    created_at: row.created_at.toISOString(),
  });
  return {
    async list(page: number, perPage: number): Promise<{ rows: Notice[]; total: number }> {
      // The tenant predicate is explicit as well as enforced by RLS, so indexes on
      // (tenant_id, …) are used whatever the policy looks like (see STACK.md).
      // One after the other: a transaction is one connection, which runs one query at a time.
      const rows = await tx
        .selectFrom('notice')
        .select(['id', 'tenant_id', 'title', 'body', 'created_by', 'created_at'])
        .where('tenant_id', '=', tenantId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      const count = await tx
        .selectFrom('notice')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow();
      return { rows: rows.map(toNotice), total: Number(count.total) };
    },
    async create(input: { title: string; body: string; createdBy: string }): Promise<Notice> {
      const row = await tx
        .insertInto('notice')
        .values({ tenant_id: tenantId, title: input.title, body: input.body, created_by: input.createdBy })
        .returning(['id', 'tenant_id', 'title', 'body', 'created_by', 'created_at'])
        .executeTakeFirstOrThrow();
      return toNotice(row);
    },
  };
}
