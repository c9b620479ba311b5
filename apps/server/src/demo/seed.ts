import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/schema.ts';
import { noticesDemo } from './notices.ts';
import { tenantsDemo } from './tenants.ts';

export interface DemoContext {
  db: Kysely<DB>;
  password: string;
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

export const demoSeeders: DemoSeeder[] = [tenantsDemo, noticesDemo];

export async function seedDemo(context: DemoContext, seeders = demoSeeders): Promise<DemoAccount[]> {
  const accounts: DemoAccount[] = [];
  for (const seeder of seeders) {
    const added = await seeder.run(context);
    if (added) accounts.push(...added);
  }
  return accounts;
}
