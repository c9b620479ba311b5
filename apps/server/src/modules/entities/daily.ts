import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { withContext } from '../../platform/db/tenancy.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { BackgroundCheckConfig } from '../background-check/provider.ts';
import { fullType } from '../entity-types/repository.ts';
import { recordChanged } from '../notifications/service.ts';
import { runSaveActions, writeHistory } from './actions.ts';

/**
 * The daily check (spec 02 §3 trigger check-daily): for every record of a type with an
 * enabled check-daily action, the rules are evaluated with `_today` (yyyy-MM-dd) beside the
 * values; an action whose rules hold runs once, as on save. Runs per tenant, in its context.
 */
export async function runDailyChecks(
  db: Kysely<DB>,
  mailer: Mailer | undefined,
  today = new Date().toISOString().slice(0, 10),
  backgroundCheck?: BackgroundCheckConfig,
): Promise<number> {
  const types = await withContext(db, { tenantId: null, userId: null, isGlobal: true }, (tx) =>
    tx.selectFrom('entity_type').selectAll().where('deleted_at', 'is', null).where(sql`actions::text`, 'like', '%check-daily%').execute(),
  );
  let fired = 0;
  for (const typeRow of types) {
    const tenants = await withContext(db, { tenantId: null, userId: null, isGlobal: true }, (tx) =>
      tx
        .selectFrom('entity')
        .select('tenant_id')
        .distinct()
        .where('entity_type_id', '=', typeRow.id)
        .where('deleted_at', 'is', null)
        .execute(),
    );
    for (const { tenant_id: tenantId } of tenants) {
      const mails = await withContext(db, { tenantId, userId: null, isGlobal: false }, async (tx) => {
        const type = await fullType(tx, typeRow, tenantId);
        const daily = {
          ...type,
          actions: (type.actions as { triggers?: { type?: string } }[])
            .filter((a) => a.triggers?.type === 'check-daily')
            .map((a) => ({ ...a, triggers: { type: 'check-on-save' } })),
        } as typeof type;
        const rows = await tx
          .selectFrom('entity')
          .selectAll()
          .where('tenant_id', '=', tenantId)
          .where('entity_type_id', '=', type.id)
          .where('deleted_at', 'is', null)
          .execute();
        const out = [];
        for (const row of rows) {
          const outcome = await runSaveActions(tx, daily, tenantId, { ...row.data, _today: today }, row.action_state ?? {}, {
            recordId: row.id,
            backgroundCheck,
          });
          if (outcome.history.length === 0) continue;
          const { _today, ...data } = outcome.data;
          await tx
            .updateTable('entity')
            .set({ data: JSON.stringify(data), action_state: JSON.stringify(outcome.state) })
            .where('tenant_id', '=', tenantId)
            .where('id', '=', row.id)
            .execute();
          await writeHistory(tx, tenantId, row.id, 'daily', outcome.history);
          await recordChanged(tx, { actor: null, type, before: row, after: row, mails: outcome.mails });
          out.push(...outcome.mails);
          fired += 1;
        }
        return out;
      });
      if (mailer) for (const mail of mails) await mailer.send(mail);
    }
  }
  return fired;
}
