import { type EntityType, evaluateRule, fieldText } from '@turnout/shared';
import jsonLogic from 'json-logic-js';
import { sql } from 'kysely';
import type { Tx } from '../../platform/db/tenancy.ts';
import type { Mail } from '../../platform/mail/mailer.ts';
import { type BackgroundCheckConfig, BackgroundCheckError, callProvider, isConfigured, reportUrlOf } from '../background-check/provider.ts';

/**
 * Actions on save (spec 02 §3, §4; 03 §3): an enabled action whose trigger is check-on-save
 * (the default) and whose JSON-logic rules hold for the saved values runs its executable
 * effects once — the first time a save makes the rules true. setProperty changes the values
 * before they are written; email sends real mail (after the save commits); notifyService
 * initiate-background-check asks the configured provider (its report_url is kept as
 * SYSTEM_report_url), or is recorded as 'not configured' without one; fax is recorded as
 * 'not configured' until that service exists;
 * update-related-property is recorded as not configured until related records are built.
 * Observable effects (hide/show fields and pages) are the client's.
 */
interface Effect {
  type: string;
  [key: string]: unknown;
}
interface Action {
  offline_id?: string;
  name: string;
  enabled?: boolean;
  ruleset_json?: unknown;
  triggers?: { type?: string };
  effects?: Effect[];
}

export interface HistoryEntry {
  action_id: string;
  action_name: string;
  status: 'completed' | 'failed' | 'not_configured';
  detail: string;
}

export interface ActionOutcome {
  data: Record<string, unknown>;
  state: Record<string, { fired_at: string }>;
  history: HistoryEntry[];
  mails: Mail[];
}

const idOf = (action: Action) => action.offline_id ?? action.name;
const fill = (template: unknown, type: EntityType, data: Record<string, unknown>) =>
  String(template ?? '').replace(/\{([A-Za-z0-9_]+)\}/g, (_, property: string) => {
    const field = type.fields.find((f) => f.field_data.property === property);
    return field ? fieldText(field.field_data as never, data[property]) : '';
  });
const emails = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[,;\s]+/) : [])
    .map((v) => String(v).trim())
    .filter((v) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v));

/** Which save-triggered actions fire now, with setProperty applied to the values. */
export async function runSaveActions(
  tx: Tx,
  type: EntityType,
  tenantId: string,
  data: Record<string, unknown>,
  state: Record<string, { fired_at: string }>,
  options: { force?: string; recordId?: string; backgroundCheck?: BackgroundCheckConfig } = {},
): Promise<ActionOutcome> {
  const outcome: ActionOutcome = { data: { ...data }, state: { ...state }, history: [], mails: [] };
  for (const action of type.actions as Action[]) {
    const id = idOf(action);
    const forced = options.force === id;
    if (!forced) {
      if (action.enabled === false || (action.triggers?.type && action.triggers.type !== 'check-on-save')) continue;
      if (outcome.state[id] || !evaluateRule(action.ruleset_json ?? false, outcome.data)) continue;
    }
    outcome.state[id] = { fired_at: new Date().toISOString() };
    for (const effect of action.effects ?? []) {
      const entry = (status: HistoryEntry['status'], detail: string) =>
        outcome.history.push({ action_id: id, action_name: action.name, status, detail });
      switch (effect.type) {
        case 'setProperty': {
          const property = String(effect.property ?? '');
          if (!type.fields.some((f) => f.field_data.property === property)) {
            entry('failed', `setProperty: unknown field '${property}'.`);
            break;
          }
          const value =
            typeof effect.expression === 'object' && effect.expression !== null
              ? evaluateJson(effect.expression, outcome.data)
              : effect.expression;
          outcome.data[property] = value;
          entry('completed', `setProperty: ${property} set.`);
          break;
        }
        case 'email': {
          const to = new Set([...emails(effect.to), ...emails(effect.externalTo)]);
          for (const property of Array.isArray(effect.fieldListTo) ? effect.fieldListTo : [])
            for (const e of emails(outcome.data[String(property)])) to.add(e);
          const roles = Array.isArray(effect.toRoles) ? effect.toRoles.map(String) : [];
          if (roles.length) {
            const rows = await tx
              .selectFrom('role_assignment as r')
              .innerJoin('app_user as u', 'u.id', 'r.user_id')
              .select('u.email')
              .where('r.tenant_id', '=', tenantId)
              .where('r.role_key', 'in', roles)
              .where('u.sign_in_enabled', '=', true)
              .execute();
            for (const r of rows) to.add(r.email);
          }
          if (to.size === 0) {
            entry('failed', 'email: no recipients.');
            break;
          }
          for (const recipient of to)
            outcome.mails.push({
              to: recipient,
              subject: fill(effect.subject, type, outcome.data) || action.name,
              text: fill(effect.body, type, outcome.data),
            });
          entry('completed', `email: sent to ${to.size} recipient(s).`);
          break;
        }
        case 'notifyService': {
          const service = String(effect.service ?? 'initiate-background-check');
          if (service !== 'initiate-background-check' || !isConfigured(options.backgroundCheck)) {
            entry('not_configured', `notifyService: ${service} is not configured on this installation; nothing was sent.`);
            break;
          }
          try {
            const answer = await callProvider(options.backgroundCheck, 'initiate', {
              tenant_id: tenantId,
              entity_id: options.recordId ?? null,
              entity_type: type.name,
              action: action.name,
              values: outcome.data,
            });
            const reportUrl = reportUrlOf(answer);
            if (reportUrl) outcome.data.SYSTEM_report_url = reportUrl;
            entry('completed', `notifyService: ${service} requested from the provider.`);
          } catch (error) {
            if (!(error instanceof BackgroundCheckError)) throw error;
            entry('failed', `notifyService: ${service} failed: ${error.message}`);
          }
          break;
        }
        case 'fax':
        case 'update-related-property':
          entry('not_configured', `${effect.type}: not configured on this installation; nothing was sent.`);
          break;
        default:
          // Observable and client-side effects have nothing to run on the server.
          break;
      }
    }
    if (
      (action.effects ?? []).every((e) => !['setProperty', 'email', 'fax', 'notifyService', 'update-related-property'].includes(e.type))
    ) {
      outcome.history.push({ action_id: id, action_name: action.name, status: 'completed', detail: 'Rules true; no server effects.' });
    }
  }
  return outcome;
}

function evaluateJson(expression: unknown, data: Record<string, unknown>): unknown {
  // A JSON-logic expression computes a value (not only true/false) for setProperty.
  // evaluateRule coerces to boolean, so apply json-logic directly here.
  try {
    return jsonLogicApply(expression, data);
  } catch {
    return null;
  }
}

const jsonLogicApply = (rule: unknown, data: Record<string, unknown>) => jsonLogic.apply(rule as never, data) as unknown;

export async function writeHistory(
  tx: Tx,
  tenantId: string,
  entityId: string,
  trigger: 'save' | 'daily' | 'force',
  history: HistoryEntry[],
): Promise<void> {
  if (history.length === 0) return;
  await tx
    .insertInto('action_history')
    .values(history.map((h) => ({ tenant_id: tenantId, entity_id: entityId, trigger, ...h, completed_at: sql<Date>`now()` as never })))
    .execute();
}
