import { createRecord } from '../modules/entities/service.ts';
import { hasRecordsOf, riversideAdmin } from './acting-admin.ts';
import { HYDRANT_STATUSES } from './entity-types/hydrant.ts';
import type { DemoSeeder } from './seed.ts';

/** More hydrants than one page of a list holds (48), so 'load more' has something to load. */
export const DEMO_HYDRANT_COUNT = 60;

/** Hydrant H-001 … H-060 along Riverside's streets, tested on varied days, a few out of service. */
export function demoHydrant(n: number): Record<string, unknown> {
  const streets = ['River Rd', 'Mill St', 'Oak Ave', 'Station Ln', 'Harbor Way', 'Elm St'];
  const lat = 41.5 + n / 1000;
  const lng = -73.9 - n / 1000;
  const month = String((n % 12) + 1).padStart(2, '0');
  const day = String((n % 27) + 1).padStart(2, '0');
  return {
    hydrant_number: `H-${String(n).padStart(3, '0')}`,
    location: { lat, lng, value: `${lat} ${lng}`, display_value: `${(n % 90) + 10} ${streets[n % streets.length]}` },
    flow_rate: 500 + (n % 10) * 100,
    last_tested: { value: `2025-${month}-${day}` },
    status: (n % 7 === 0 ? HYDRANT_STATUSES[1] : HYDRANT_STATUSES[0])!.toLowerCase().replace(/ /g, '_'),
  };
}

/**
 * Demo records of Riverside, saved through the records service as the demo global admin acting
 * as Tenant Admin (every check the API makes applies). Idempotent: a type that already has
 * records gets none.
 */
export const recordsDemo: DemoSeeder = {
  name: 'records',
  async run({ db }) {
    const acting = await riversideAdmin(db);
    if (!acting) return undefined;
    const { tenant, admin, auth } = acting;
    if (await hasRecordsOf(db, tenant.id, admin.id, 'hydrant')) return undefined;
    for (let n = 1; n <= DEMO_HYDRANT_COUNT; n++) await createRecord(db, auth, 'hydrant', demoHydrant(n));
    return undefined;
  },
};
