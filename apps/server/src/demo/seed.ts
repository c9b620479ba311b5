import type { Kysely } from 'kysely';
import type { Argon2Cost } from '../modules/identity/passwords.ts';
import type { DB } from '../platform/db/schema.ts';
import { documentsDemo } from './documents.ts';
import { entityTypesDemo } from './entity-types.ts';
import { homeDemo } from './home.ts';
import { identityDemo } from './identity.ts';
import { nerisIncidentsDemo } from './neris-incidents.ts';
import { noticesDemo } from './notices.ts';
import { recordsDemo } from './records.ts';
import { shiftsDemo } from './shifts.ts';
import { tenantsDemo } from './tenants.ts';
import { widgetsDemo } from './widgets.ts';

export interface DemoContext {
  db: Kysely<DB>;
  password: string;
  argon2: Argon2Cost;
}

/** A sign-in line printed at start and listed in the README. */
export interface DemoAccount {
  email: string;
  role: string;
  tenant: string | null;
}

/**
 * One part of the demo data. Each must be idempotent: the seed runs at every start with DEMO
 * on, and a second run changes nothing. Later modules add theirs to `demoSeeders`, in order.
 */
export interface DemoSeeder {
  name: string;
  run(context: DemoContext): Promise<DemoAccount[] | undefined>;
}

export const demoSeeders: DemoSeeder[] = [
  tenantsDemo,
  identityDemo,
  entityTypesDemo,
  homeDemo,
  noticesDemo,
  recordsDemo,
  shiftsDemo,
  nerisIncidentsDemo,
  widgetsDemo,
  documentsDemo,
];

export async function seedDemo(context: DemoContext, seeders = demoSeeders): Promise<DemoAccount[]> {
  const accounts: DemoAccount[] = [];
  for (const seeder of seeders) {
    const added = await seeder.run(context);
    if (added) accounts.push(...added);
  }
  return accounts;
}
