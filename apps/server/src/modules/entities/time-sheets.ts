import { randomUUID } from 'node:crypto';
import { calendarDateIn, type EntityRecord, type EntityType, formatTimestamp, weekStartIn } from '@turnout/shared';
import type { Kysely } from 'kysely';
import { type AuthContext, dbContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type Tx, withContext } from '../../platform/db/tenancy.ts';
import { forbidden, invalid } from '../../platform/http/errors.ts';
import { personnelIdOf } from '../permissions/service.ts';
import type { EntityRow } from './present.ts';
import { authorizeUpdate, createRecord, findRow, present, type Scope, saveVersioned, scopeFor, writeVersion } from './service.ts';
import { changedValues, sheetValues, type WeekTotals, weekTotals } from './time-sheet-totals.ts';
import { displayNameOf } from './values.ts';

/**
 * Time sheets and the punch card (spec 02 §3 'Time sheet', §4 'Time sheet punch card'). A
 * member's week is one time_sheet record (assignee = the member, week_start = the Sunday the
 * week starts on, spec 01 §9); each punch writes a child record: a worked_shift (Punch In opens
 * it, Punch Out closes it) or a meal_break (Take a break / Finish Break), each with time_sheet,
 * time_from and time_to. An open stretch has no time_to.
 */
export const TIME_SHEET_TYPE = 'time_sheet';
export const WORKED_SHIFT_TYPE = 'worked_shift';
export const MEAL_BREAK_TYPE = 'meal_break';
export const PUNCH_STEPS = ['punch-in', 'punch-out', 'break-start', 'break-end'] as const;
export type PunchStep = (typeof PUNCH_STEPS)[number];

export const PUNCH_MESSAGES = {
  alreadyOnShift: 'You are already on shift.',
  alreadyPunchedToday: 'You have already punched in today.',
  notOnShift: 'You are not on shift.',
  onBreak: 'Finish your break before punching out.',
  alreadyOnBreak: 'You are already on a break.',
  notOnBreak: 'You are not on a break.',
  missingType: (name: string) => `The ${name} entity type is missing; the punch card needs it.`,
} as const;

export interface PunchCard extends WeekTotals {
  on_shift: boolean;
  on_break: boolean;
  has_punched_today: boolean;
  shift_started_at: string | null;
  shift_length_hours: number | null;
}

/**
 * When a punch happens and in which time zone its "today" and "this week" are counted: the
 * client's IANA zone (validated by the route), UTC when it sends none (docs/decisions/0010).
 */
export interface PunchClock {
  now?: Date;
  timeZone?: string | undefined;
}

const clockOf = (clock: PunchClock) => ({ now: clock.now ?? new Date(), timeZone: clock.timeZone ?? 'UTC' });

/** The ISO date of the Sunday that starts the week of `now` in the time zone (UTC by default). */
export function weekStartOf(now: Date, timeZone = 'UTC'): string {
  return weekStartIn(now, timeZone);
}

/**
 * POST /time-sheets/current: the caller's time sheet for this week, made when missing. Its
 * offline_id is 'time-sheet:{user}:{week_start}', so two calls at once make one record.
 */
export async function currentTimeSheet(db: Kysely<DB>, auth: AuthContext, clock: PunchClock = {}): Promise<EntityRecord> {
  const scope = await scopeFor(db, auth, TIME_SHEET_TYPE);
  scope.guard.authorize(scope.type.name, 'view');
  const { now, timeZone } = clockOf(clock);
  const weekStart = weekStartOf(now, timeZone);
  const existing = await withContext(db, dbContext(auth), (tx) =>
    tx
      .selectFrom('entity')
      .selectAll()
      .where('tenant_id', '=', scope.tenantId)
      .where('entity_type_id', '=', scope.type.id)
      .where('deleted_at', 'is', null)
      .where('assignee', '=', auth.userId)
      .orderBy('created_at')
      .execute(),
  );
  const mine = existing.find((row) => (row.data.week_start as { value?: string } | undefined)?.value === weekStart);
  if (mine) return present(scope, mine);
  const body: Record<string, unknown> = {
    offline_id: `time-sheet:${auth.userId}:${weekStart}`,
    assignee: auth.userId,
    week_start: { value: weekStart },
  };
  const personnelField = scope.type.fields.find((f) => f.field_data.property === 'personnel');
  const personnelId = await personnelIdOf(db, scope.tenantId, auth.userId);
  if (personnelField && !personnelField.field_data.params?.lockedToCreator && personnelId) {
    body.personnel = { id: personnelId, display_name: auth.displayName };
  }
  try {
    return (await createRecord(db, auth, TIME_SHEET_TYPE, body)).record;
  } catch (error) {
    // Two first calls at once: the loser's insert hits the offline_id key; the winner's sheet is the answer.
    if ((error as { code?: string }).code !== '23505') throw error;
    return (await createRecord(db, auth, TIME_SHEET_TYPE, body)).record;
  }
}

interface Stretch {
  row: EntityRow;
  from: string;
  to: string | null;
}

const timeOf = (v: unknown): string | null =>
  v && typeof v === 'object' && typeof (v as { value?: unknown }).value === 'string' ? (v as { value: string }).value : null;

async function stretches(tx: Tx, tenantId: string, type: EntityType, sheetId: string): Promise<Stretch[]> {
  const rows = await tx
    .selectFrom('entity')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('entity_type_id', '=', type.id)
    .where('parent_entity_id', '=', sheetId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ row, from: timeOf(row.data.time_from) ?? row.created_at.toISOString(), to: timeOf(row.data.time_to) }));
}

/** The card: on shift or break now, whether a shift began today (in the time zone), the open shift's length and the week's totals. */
export function cardOf(shifts: Stretch[], breaks: Stretch[], now: Date, timeZone = 'UTC'): PunchCard {
  const open = shifts.find((s) => s.to === null);
  const today = calendarDateIn(now, timeZone);
  const hours = open ? (now.getTime() - Date.parse(open.from)) / 3_600_000 : null;
  return {
    on_shift: open !== undefined,
    on_break: open !== undefined && breaks.some((b) => b.to === null),
    has_punched_today: shifts.some((s) => calendarDateIn(s.from, timeZone) === today),
    shift_started_at: open?.from ?? null,
    shift_length_hours: hours === null ? null : Math.round(hours * 100) / 100,
    ...weekTotals(shifts, breaks),
  };
}

const stamp = (at: Date, timeZone: string) => ({ value: at.toISOString(), display_value: formatTimestamp(at.toISOString(), { timeZone }) });

/**
 * Writes the week's totals and day-by-day detail of the punches on the sheet (time-sheet-totals.ts)
 * as a new version of it, when anything changed: a punch that ends a shift or a break changes
 * what the sheet shows, and a client still holding the old version must not save over it.
 */
async function writeSheetValues(
  tx: Tx,
  scope: Scope,
  sheet: EntityRow,
  auth: AuthContext,
  stretchesOf: { shifts: Stretch[]; breaks: Stretch[] },
  timeZone: string,
): Promise<EntityRow> {
  const weekStart = (sheet.data.week_start as { value?: unknown } | undefined)?.value;
  const next = sheetValues(scope.type, typeof weekStart === 'string' ? weekStart : null, stretchesOf.shifts, stretchesOf.breaks, timeZone);
  const changes = changedValues(sheet.data, next);
  if (Object.keys(changes).length === 0) return sheet;
  const data = { ...sheet.data, ...changes };
  return saveVersioned(tx, scope, sheet, auth, { data: JSON.stringify(data), display_name: displayNameOf(scope.type, data) });
}

/**
 * POST /entity/{type}/{id}/punch/{step}. The time sheet's row is locked for the punch, so two
 * punches at once are taken one after the other (the second sees the first).
 */
export async function punch(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  id: string,
  step: PunchStep,
  clock: PunchClock = {},
): Promise<{ data: EntityRecord; card: PunchCard }> {
  const { now, timeZone } = clockOf(clock);
  const scope = await scopeFor(db, auth, typeName);
  scope.guard.authorize(scope.type.name, 'view');
  if (scope.type.name !== TIME_SHEET_TYPE) throw invalid({ type: ['Only a time sheet has a punch card.'] });
  const shiftScope = await scopeFor(db, auth, WORKED_SHIFT_TYPE).catch(() => {
    throw invalid({ step: [PUNCH_MESSAGES.missingType(WORKED_SHIFT_TYPE)] });
  });
  const breakScope = await scopeFor(db, auth, MEAL_BREAK_TYPE).catch(() => {
    throw invalid({ step: [PUNCH_MESSAGES.missingType(MEAL_BREAK_TYPE)] });
  });
  return withContext(db, dbContext(auth), async (tx) => {
    const found = await findRow(tx, scope, id);
    if (found.assignee !== auth.userId) authorizeUpdate(scope);
    if (found.place === 'finalised' && !auth.isGlobalAdmin) throw forbidden('A finalised record is read-only.');
    // Locked and read again: the version written below is the one current under the lock.
    const sheet = await tx
      .selectFrom('entity')
      .selectAll()
      .where('tenant_id', '=', found.tenant_id)
      .where('id', '=', found.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const shifts = await stretches(tx, scope.tenantId, shiftScope.type, sheet.id);
    const breaks = await stretches(tx, scope.tenantId, breakScope.type, sheet.id);
    const card = cardOf(shifts, breaks, now, timeZone);
    const refuse = (message: string) => invalid({ step: [message] });
    const openShift = shifts.find((s) => s.to === null);
    const openBreak = breaks.find((b) => b.to === null);
    const open = async (type: EntityType) => {
      const data = { time_sheet: sheet.id, time_from: stamp(now, timeZone) };
      const childId = randomUUID();
      const row = await tx
        .insertInto('entity')
        .values({
          tenant_id: sheet.tenant_id,
          id: childId,
          entity_type_id: type.id,
          uri: `/entity/${type.name}/${childId}`,
          parent_entity_id: sheet.id,
          display_name: displayNameOf(type, data),
          place: 'created',
          assignee: sheet.assignee,
          created_by: auth.userId,
          updated_by: auth.userId,
          data: JSON.stringify(data),
          data_requiring_approval: '{}',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeVersion(tx, row, auth);
    };
    const close = async (stretch: Stretch, type: EntityType) => {
      const data = { ...stretch.row.data, time_to: stamp(now, timeZone) };
      const row = await tx
        .updateTable('entity')
        .set({
          data: JSON.stringify(data),
          display_name: displayNameOf(type, data),
          version: stretch.row.version + 1,
          updated_by: auth.userId,
          updated_at: now,
        })
        .where('tenant_id', '=', stretch.row.tenant_id)
        .where('id', '=', stretch.row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeVersion(tx, row, auth);
    };
    if (step === 'punch-in') {
      if (card.on_shift) throw refuse(PUNCH_MESSAGES.alreadyOnShift);
      if (card.has_punched_today) throw refuse(PUNCH_MESSAGES.alreadyPunchedToday);
      await open(shiftScope.type);
    } else if (step === 'punch-out') {
      if (!openShift) throw refuse(PUNCH_MESSAGES.notOnShift);
      if (openBreak) throw refuse(PUNCH_MESSAGES.onBreak);
      await close(openShift, shiftScope.type);
    } else if (step === 'break-start') {
      if (!openShift) throw refuse(PUNCH_MESSAGES.notOnShift);
      if (openBreak) throw refuse(PUNCH_MESSAGES.alreadyOnBreak);
      await open(breakScope.type);
    } else {
      if (!openShift) throw refuse(PUNCH_MESSAGES.notOnShift);
      if (!openBreak) throw refuse(PUNCH_MESSAGES.notOnBreak);
      await close(openBreak, breakScope.type);
    }
    const after = {
      shifts: await stretches(tx, scope.tenantId, shiftScope.type, sheet.id),
      breaks: await stretches(tx, scope.tenantId, breakScope.type, sheet.id),
    };
    // Ending a shift or a break changes the week's totals and that day's detail on the sheet.
    const written = step === 'punch-out' || step === 'break-end' ? await writeSheetValues(tx, scope, sheet, auth, after, timeZone) : sheet;
    return { data: present(scope, written), card: cardOf(after.shifts, after.breaks, now, timeZone) };
  });
}

/** GET-style read of the card without punching (the record screen shows it on open). */
export async function punchCard(
  db: Kysely<DB>,
  auth: AuthContext,
  typeName: string,
  id: string,
  clock: PunchClock = {},
): Promise<PunchCard> {
  const { now, timeZone } = clockOf(clock);
  const scope = await scopeFor(db, auth, typeName);
  scope.guard.authorize(scope.type.name, 'view');
  const shiftScope = await scopeFor(db, auth, WORKED_SHIFT_TYPE);
  const breakScope = await scopeFor(db, auth, MEAL_BREAK_TYPE);
  return withContext(db, dbContext(auth), async (tx) => {
    const sheet = await findRow(tx, scope, id);
    return cardOf(
      await stretches(tx, scope.tenantId, shiftScope.type, sheet.id),
      await stretches(tx, scope.tenantId, breakScope.type, sheet.id),
      now,
      timeZone,
    );
  });
}
