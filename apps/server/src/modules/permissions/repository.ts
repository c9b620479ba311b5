import type { PermissionDocument, PermissionEntry, PermissionLevel } from '@turnout/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { Tx } from '../../platform/db/tenancy.ts';
import { withContext } from '../../platform/db/tenancy.ts';

export interface LevelAddress {
  tenantId: string | null;
  role: string | null;
  personnelId: string | null;
}

export type LevelName = 'system' | 'tenant' | 'role' | 'personnel';

export function levelOf(address: LevelAddress): LevelName {
  if (!address.tenantId) return 'system';
  if (address.personnelId) return 'personnel';
  if (address.role) return 'role';
  return 'tenant';
}

const toLevel = (rows: { key: string; entry: Record<string, boolean | null> }[]): PermissionLevel =>
  Object.fromEntries(rows.map((r) => [r.key, r.entry as PermissionEntry]));

/** The levels that apply to a context: system, and the tenant's, role's and person's when given. */
export async function loadDocument(db: Kysely<DB>, address: LevelAddress): Promise<PermissionDocument> {
  const system = toLevel(await db.selectFrom('system_permission').select(['key', 'entry']).execute());
  if (!address.tenantId) return { system };
  const tenantId = address.tenantId;
  const rows = await withContext(db, { tenantId, userId: null, isGlobal: false }, (tx) =>
    tx
      .selectFrom('tenant_permission')
      .select(['level', 'subject', 'key', 'entry'])
      .where('tenant_id', '=', tenantId)
      .where((eb) => {
        const levels = [eb('level', '=', 'tenant')];
        if (address.role) levels.push(eb.and([eb('level', '=', 'role'), eb('subject', '=', address.role)]));
        if (address.personnelId) levels.push(eb.and([eb('level', '=', 'personnel'), eb('subject', '=', address.personnelId)]));
        return eb.or(levels);
      })
      .execute(),
  );
  const pick = (level: string) => toLevel(rows.filter((r) => r.level === level));
  return { system, tenant: pick('tenant'), role: pick('role'), personnel: pick('personnel') };
}

/** What one level sets. */
export async function loadLevel(db: Kysely<DB>, address: LevelAddress): Promise<PermissionLevel> {
  const level = levelOf(address);
  const document = await loadDocument(db, address);
  return document[level] ?? {};
}

/** Replaces the entries of the given keys at one level; an entry with nothing set is removed. */
export async function writeLevel(tx: Tx | Kysely<DB>, address: LevelAddress, entries: PermissionLevel, userId: string): Promise<void> {
  const level = levelOf(address);
  for (const [key, entry] of Object.entries(entries)) {
    const meaningful = Object.fromEntries(Object.entries(entry).filter(([, v]) => v === true || v === false));
    const empty = Object.keys(meaningful).length === 0;
    if (level === 'system') {
      if (empty) await tx.deleteFrom('system_permission').where('key', '=', key).execute();
      else
        await tx
          .insertInto('system_permission')
          .values({ key, entry: JSON.stringify(meaningful), updated_by: userId })
          .onConflict((oc) =>
            oc.column('key').doUpdateSet({ entry: JSON.stringify(meaningful), updated_by: userId, updated_at: new Date() }),
          )
          .execute();
      continue;
    }
    const subject = level === 'role' ? (address.role ?? '') : level === 'personnel' ? (address.personnelId ?? '') : '';
    const where = { tenant_id: address.tenantId!, level, subject, key } as const;
    if (empty) {
      await tx
        .deleteFrom('tenant_permission')
        .where('tenant_id', '=', where.tenant_id)
        .where('level', '=', level)
        .where('subject', '=', subject)
        .where('key', '=', key)
        .execute();
    } else {
      await tx
        .insertInto('tenant_permission')
        .values({ ...where, entry: JSON.stringify(meaningful), updated_by: userId })
        .onConflict((oc) =>
          oc
            .columns(['tenant_id', 'level', 'subject', 'key'])
            .doUpdateSet({ entry: JSON.stringify(meaningful), updated_by: userId, updated_at: new Date() }),
        )
        .execute();
    }
  }
}
