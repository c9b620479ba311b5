import type { FieldDefinition } from '@turnout/shared';
import { ApiError, api } from '../../api/index.ts';
import type { FieldRecordContext } from '../types.ts';
import { calendarDateOf } from './dates.ts';
import { contentUrl, pdfViewerHref } from './files.ts';

/** The link targets of spec 02 §2 'Other' (params.navigate_to). */
export const LINK_TARGETS = [
  'url',
  'create-entity',
  'entity-list',
  'current-timesheet',
  'current-handbook',
  'tenant-file',
  'report',
  'field-value',
] as const;
export type LinkTarget = (typeof LINK_TARGETS)[number];

/** Link paths must start with / or http (an app path or a web address); anything else is not followed. */
export const isAllowedLink = (href: unknown): href is string => typeof href === 'string' && /^(\/(?!\/)|https?:\/\/)/i.test(href.trim());

export type Resolved =
  | { kind: 'href'; href: string; external: boolean }
  /** Resolved on click (needs the server); resolves to an href or throws a message for the person. */
  | { kind: 'deferred'; resolve: () => Promise<string> }
  | { kind: 'unavailable'; reason: string };

export class LinkUnavailable extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

const href = (h: string): Resolved => ({ kind: 'href', href: h.trim(), external: /^https?:/i.test(h.trim()) });
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/**
 * The Monday-agnostic week start of spec 02 §3 'Time sheet': the Sunday of the week `now` falls
 * in, in the zone, yyyy-MM-dd; '' when the zone is invalid.
 */
export function currentWeekStart(now: Date, timeZone?: string): string {
  const today = calendarDateOf(now, timeZone);
  if (!today) return '';
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - day.getUTCDay());
  return day.toISOString().slice(0, 10);
}

/** Where a link field or button goes (params.navigate_to, linkToType, url, …). */
export function resolveLink(field: FieldDefinition, record: FieldRecordContext): Resolved {
  const p = field.params ?? {};
  const target = (text(p.navigate_to) ?? (text(p.url) ? 'url' : text(p.buttonLinkTo) ? 'url' : undefined)) as LinkTarget | undefined;
  const typeName = text(p.linkToType) ?? text(p.entityTypeTarget);
  switch (target) {
    case 'url': {
      const url = text(p.url) ?? text(p.buttonLinkTo);
      return isAllowedLink(url) ? href(url) : { kind: 'unavailable', reason: 'The link must start with / or http.' };
    }
    case 'create-entity':
      return typeName
        ? href(`/entity/add?type=${encodeURIComponent(typeName)}`)
        : { kind: 'unavailable', reason: 'No entity type is set.' };
    case 'entity-list':
      return typeName
        ? href(`/entity-list/?type=${encodeURIComponent(typeName)}`)
        : { kind: 'unavailable', reason: 'No entity type is set.' };
    case 'current-timesheet':
      return { kind: 'deferred', resolve: () => currentTimesheetHref(record) };
    case 'current-handbook':
      return { kind: 'deferred', resolve: currentHandbookHref };
    case 'tenant-file': {
      const file = p.clientFieldFile;
      const ref = Array.isArray(file) ? file[0] : file;
      const id = ref && typeof ref === 'object' && 'id' in ref ? text((ref as { id?: unknown }).id) : undefined;
      if (id) return { kind: 'deferred', resolve: () => tenantFileHref(id) };
      if (ref && typeof ref === 'object' && 'url' in ref) return href(pdfViewerHref(contentUrl(ref as { id: string; url?: string })));
      if (isAllowedLink(ref)) return href(pdfViewerHref(ref));
      return { kind: 'deferred', resolve: () => Promise.reject(new LinkUnavailable('File unavailable', 'File is not available.')) };
    }
    case 'report': {
      const report = text(p.reportSource);
      if (!report || !record.entityId) return { kind: 'unavailable', reason: 'No report available' };
      return {
        kind: 'deferred',
        resolve: async () => {
          const answer = await api.get<{ url: string }>(
            `/entity/${encodeURIComponent(record.typeName)}/${encodeURIComponent(record.entityId!)}/report/${encodeURIComponent(report)}`,
          );
          if (!isAllowedLink(answer.url)) throw new LinkUnavailable('Report', 'No report available');
          return pdfViewerHref(answer.url);
        },
      };
    }
    case 'field-value': {
      const property = text(p.targetEntityField) ?? text(p.sourceName);
      const value = property ? record.values[property] : undefined;
      const candidate =
        typeof value === 'string'
          ? value
          : value && typeof value === 'object'
            ? (text((value as Record<string, unknown>).uri) ??
              text((value as Record<string, unknown>).url) ??
              text((value as Record<string, unknown>).value))
            : undefined;
      return isAllowedLink(candidate) ? href(candidate) : { kind: 'unavailable', reason: 'The field has no link.' };
    }
    default:
      return { kind: 'unavailable', reason: 'The link has no target.' };
  }
}

interface Page<T> {
  data: T[];
}

/**
 * The current week's time sheet of the person: theirs among the time sheets, else a new one with
 * the week prefilled (field.{property} parameters of the record screen, spec 02 §2).
 */
async function currentTimesheetHref(record: FieldRecordContext): Promise<string> {
  const week = currentWeekStart(new Date(), record.timeZone);
  const sheets = await api.get<Page<{ id: string; data?: Record<string, unknown> }>>('/entity/time_sheet', {
    query: { per_page: 48, sort: '-created_at' },
  });
  const mine = sheets.data.find((s) => {
    const start = s.data?.week_start as { value?: string } | undefined;
    const person = s.data?.personnel as { id?: string } | undefined;
    return start?.value === week && (!record.user?.personnelId || person?.id === record.user.personnelId);
  });
  return mine ? `/entity/time_sheet/${mine.id}` : `/entity/add?type=time_sheet&field.week_start=${week}`;
}

/** The spec's texts (01 §8) for a tenant resource the server refused: no tenant, or nothing there. */
function unavailableFrom(error: unknown, title: string, message: string): LinkUnavailable {
  if (error instanceof ApiError && error.statusCode === 403 && /tenant must be selected/i.test(error.message)) {
    return new LinkUnavailable('Select a tenant', 'Tenant must be selected first');
  }
  return new LinkUnavailable(title, message);
}

/** GET /handbook (spec 01 §7): the tenant's handbook document, opened in the documents screen. */
async function currentHandbookHref(): Promise<string> {
  try {
    const answer = await api.get<{ data: { id: string } }>('/handbook');
    return `/documents/${encodeURIComponent(answer.data.id)}`;
  } catch (error) {
    throw unavailableFrom(error, 'Handbook unavailable', 'Handbook is not available.');
  }
}

/** GET /tenant/file/{id} (spec 01 §7): a file of the acting tenant, in the PDF viewer. */
async function tenantFileHref(id: string): Promise<string> {
  try {
    const answer = await api.get<{ data: { id: string; url: string } }>(`/tenant/file/${encodeURIComponent(id)}`);
    return pdfViewerHref(contentUrl(answer.data));
  } catch (error) {
    throw unavailableFrom(error, 'File unavailable', 'File is not available.');
  }
}
