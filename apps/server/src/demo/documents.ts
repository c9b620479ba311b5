import { createRecord } from '../modules/entities/service.ts';
import { withContext } from '../platform/db/tenancy.ts';
import { hasRecordsOf, riversideAdmin } from './acting-admin.ts';
import { STATIONS } from './entity-types/department-shifts.ts';
import type { DemoSeeder } from './seed.ts';

/** The folders each demo station's library starts with. */
export const DEMO_STATION_FOLDERS = ['SOPs', 'Pre-plans', 'Apparatus Manuals'];

/**
 * Riverside's stations (records of the core 'station' type, migration 0030) and the first
 * folders of each one's documents library. Idempotent: a tenant that has stations gets none.
 */
export const documentsDemo: DemoSeeder = {
  name: 'documents',
  async run({ db }) {
    const acting = await riversideAdmin(db);
    if (!acting) return undefined;
    const { tenant, admin, auth } = acting;
    const context = { tenantId: tenant.id, userId: admin.id, isGlobal: false };
    if (await hasRecordsOf(db, tenant.id, admin.id, 'station')) return undefined;
    for (const name of STATIONS) {
      const station = await createRecord(db, auth, 'station', { station_name: name });
      await withContext(db, context, (tx) =>
        tx
          .insertInto('document_folder')
          .values(
            DEMO_STATION_FOLDERS.map((folder_name) => ({
              tenant_id: tenant.id,
              folder_name,
              station_id: station.record.id,
              created_by: admin.id,
            })),
          )
          .execute(),
      );
    }
    return undefined;
  },
};
