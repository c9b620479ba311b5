import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../platform/config.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';

/** What identity services need; routes build it from the app. */
export interface IdentityDeps {
  db: Kysely<DB>;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Where a request came from, for sessions and the sign-in log. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}
