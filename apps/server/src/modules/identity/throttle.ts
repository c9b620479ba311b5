import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/**
 * Brute-force limits on sign-in (CJIS 5.5.3): 5 failures for one account within 10 minutes
 * lock that account for 10 minutes; 50 failures from one address within 15 minutes lock the
 * address for 15 minutes. An unknown email counts like a known one. A success clears an
 * account's count.
 *
 * The check and the count are one step (decision 0021): an attempt is written down as
 * 'checking' — counted as a failure — in the same transaction that checks the limits, under
 * advisory locks on the email and the address, before the password is checked against its hash.
 * However many requests arrive at once, at most `ACCOUNT_LIMIT.failures` guesses per window
 * reach the hash; the attempt's row is then settled with its real outcome.
 */
/** Outcomes that are refusals but not wrong guesses. */
const NOT_FAILURES = ['throttled', 'mfa_required'];

export const ACCOUNT_LIMIT = { failures: 5, windowMs: 10 * 60_000, lockMs: 10 * 60_000 };
export const ADDRESS_LIMIT = { failures: 50, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

function lockedUntil(failures: Date[], limit: typeof ACCOUNT_LIMIT): Date | undefined {
  // failures: newest first. Locked when the last `limit.failures` fall within the window.
  if (failures.length < limit.failures) return undefined;
  const newest = failures[0]!.getTime();
  const oldest = failures[limit.failures - 1]!.getTime();
  if (newest - oldest > limit.windowMs) return undefined;
  const until = newest + limit.lockMs;
  return until > Date.now() ? new Date(until) : undefined;
}

/** Advisory-lock classes (first key of pg_advisory_xact_lock(int, int)) of the sign-in throttle. */
const EMAIL_LOCK = 1_936_289_281;
const ADDRESS_LOCK = 1_936_289_282;

/** An attempt written down before its password is checked: counted as a failure until settled. */
export const CHECKING = 'checking';

export interface Claim {
  attemptId: number;
  /** Seconds until the email or address may try again; 0 when this attempt may check its password. */
  retryAfter: number;
}

/**
 * Checks the limits and records the attempt atomically: 'throttled' when a limit is reached
 * (retryAfter > 0), else 'checking' (the caller may check the password, then settles the row).
 */
export async function claimAttempt(db: Kysely<DB>, email: string, ip: string): Promise<Claim> {
  return db.transaction().execute(async (tx) => {
    // Email first, then address, in every request: no two requests wait on each other in a cycle.
    await sql`SELECT pg_advisory_xact_lock(${EMAIL_LOCK}::int, hashtext(${email})), pg_advisory_xact_lock(${ADDRESS_LOCK}::int, hashtext(${ip}))`.execute(
      tx,
    );
    const retryAfter = await retryAfterSeconds(tx, email, ip);
    const row = await tx
      .insertInto('sign_in_attempt')
      .values({ email: email.slice(0, 255), user_id: null, ip, outcome: retryAfter > 0 ? 'throttled' : CHECKING, succeeded: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { attemptId: Number(row.id), retryAfter };
  });
}

/** Seconds until this email or address may try again, or 0. */
export async function retryAfterSeconds(db: Kysely<DB>, email: string, ip: string): Promise<number> {
  const since = new Date(
    Date.now() - Math.max(ACCOUNT_LIMIT.windowMs + ACCOUNT_LIMIT.lockMs, ADDRESS_LIMIT.windowMs + ADDRESS_LIMIT.lockMs),
  );
  const lastSuccess = await db
    .selectFrom('sign_in_attempt')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('succeeded', '=', true)
    .executeTakeFirst();
  const accountSince = lastSuccess?.at && new Date(lastSuccess.at) > since ? new Date(lastSuccess.at) : since;
  const accountFailures = await db
    .selectFrom('sign_in_attempt')
    .select('created_at')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('succeeded', '=', false)
    .where('outcome', 'not in', NOT_FAILURES)
    .where('created_at', '>', accountSince)
    .orderBy('created_at', 'desc')
    .limit(ACCOUNT_LIMIT.failures)
    .execute();
  const addressFailures = await db
    .selectFrom('sign_in_attempt')
    .select('created_at')
    .where('ip', '=', ip)
    .where('succeeded', '=', false)
    .where('outcome', 'not in', NOT_FAILURES)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(ADDRESS_LIMIT.failures)
    .execute();
  const until = [
    lockedUntil(
      accountFailures.map((r) => r.created_at),
      ACCOUNT_LIMIT,
    ),
    lockedUntil(
      addressFailures.map((r) => r.created_at),
      ADDRESS_LIMIT,
    ),
  ]
    .filter((d): d is Date => d !== undefined)
    .map((d) => d.getTime());
  if (until.length === 0) return 0;
  return Math.max(1, Math.ceil((Math.max(...until) - Date.now()) / 1000));
}
