import { sql } from 'kysely';
import { hashToken } from '../../apps/server/src/platform/auth/context.ts';
import type { Database } from '../../apps/server/src/platform/db/database.ts';
import { withContext } from '../../apps/server/src/platform/db/tenancy.ts';
import type { Seeded } from './data.ts';

/**
 * The SQL each API scenario runs, straight on the database: the session look-up, then the
 * tenant transaction with the same statements the repository issues.
 */
export function sqlScenarios(db: Database, seeded: Seeded) {
  const k = db.kysely;
  const context = { tenantId: seeded.tenantId, userId: seeded.userId, isGlobal: false };
  const hash = hashToken(seeded.token);
  const session = () =>
    k
      .selectFrom('user_session')
      .select(['user_id', 'tenant_id'])
      .where('token_hash', '=', hash)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
  const listPage = (page: number) =>
    withContext(k, context, async (tx) => {
      await tx
        .selectFrom('notice')
        .select(['id', 'tenant_id', 'title', 'body', 'created_by', 'created_at'])
        .where('tenant_id', '=', seeded.tenantId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(48)
        .offset((page - 1) * 48)
        .execute();
      await tx
        .selectFrom('notice')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('tenant_id', '=', seeded.tenantId)
        .executeTakeFirst();
    });
  let page = 0;
  return {
    health: { label: 'SELECT 1', run: () => sql`SELECT 1`.execute(k) },
    'notices.list page 1': {
      label: 'session + tenant tx + page + count',
      run: async () => {
        await session();
        await listPage(1);
      },
    },
    'notices.list pages 1–100': {
      label: 'session + tenant tx + page + count',
      run: async () => {
        await session();
        await listPage((page++ % 100) + 1);
      },
    },
    rlsOn: { label: 'tenant tx as app role (RLS on)', run: () => listPage(1) },
    rlsOff: {
      label: 'same tx as table owner (RLS bypassed)',
      run: () =>
        k.transaction().execute(async (tx) => {
          await tx
            .selectFrom('notice')
            .select(['id', 'tenant_id', 'title', 'body', 'created_by', 'created_at'])
            .where('tenant_id', '=', seeded.tenantId)
            .orderBy('created_at', 'desc')
            .orderBy('id')
            .limit(48)
            .execute();
          await tx
            .selectFrom('notice')
            .select((eb) => eb.fn.countAll<number>().as('total'))
            .where('tenant_id', '=', seeded.tenantId)
            .executeTakeFirst();
        }),
    },
  };
}
