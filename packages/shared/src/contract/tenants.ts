import { z } from 'zod';
import { pageQuery } from './common.ts';

/**
 * My Department (spec 01 §2.3 AdminTenantView, §3 Tenant, §9): the formats a tenant may choose.
 * Dates are Luxon presets; times are 12-hour (TIME_WITH_SECONDS, the default) or 24-hour.
 */
export const TENANT_DATE_FORMATS = [
  { value: 'DATE_SHORT', label: 'Short (10/14/2026)' },
  { value: 'DATE_MED', label: 'Medium (Oct 14, 2026)' },
  { value: 'DATE_MED_WITH_WEEKDAY', label: 'Medium with weekday (Wed, Oct 14, 2026)' },
  { value: 'DATE_FULL', label: 'Full (October 14, 2026)' },
  { value: 'yyyy-MM-dd', label: 'ISO (2026-10-14)' },
  { value: 'dd/MM/yyyy', label: 'Day first (14/10/2026)' },
] as const;

export const TENANT_TIME_FORMATS = [
  { value: 'TIME_WITH_SECONDS', label: '12-hour (1:30:15 PM)' },
  { value: 'TIME_24_WITH_SECONDS', label: '24-hour (13:30:15)' },
] as const;

export const TENANT_MESSAGES = {
  nameTaken: 'The name has already been taken.',
  nameGlobalOnly: 'Only a global admin may change the name.',
  color: 'The color must be a hex colour such as #9a0223.',
  dateFormat: 'The date format must be one of the offered formats.',
  timeFormat: 'The time format must be TIME_WITH_SECONDS or TIME_24_WITH_SECONDS.',
  picture: 'The display picture must be an image uploaded to this department.',
  updated: 'Updated Successfully',
} as const;

const dateFormats = TENANT_DATE_FORMATS.map((f) => f.value) as [string, ...string[]];
const timeFormats = TENANT_TIME_FORMATS.map((f) => f.value) as [string, ...string[]];

/** PUT /tenant/{id}: the whole editable tenant. */
export const tenantUpdateBody = z.object({
  name: z.string().trim().min(1, 'The name field is required.').max(100, 'The name may not be greater than 100 characters.'),
  display_name: z
    .string()
    .trim()
    .min(1, 'The display name field is required.')
    .max(150, 'The display name may not be greater than 150 characters.'),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, TENANT_MESSAGES.color)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  date_format: z.enum(dateFormats, { message: TENANT_MESSAGES.dateFormat }),
  time_format: z.enum(timeFormats, { message: TENANT_MESSAGES.timeFormat }),
  SYSTEM_display_picture: z
    .string()
    .max(200)
    .nullable()
    .optional()
    .transform((v) => v || null),
});
export type TenantUpdate = z.infer<typeof tenantUpdateBody>;

/** GET /tenant?page&per_page&search: the global admin's tenant list (AdminTenantList). */
export const tenantListQuery = pageQuery.extend({
  search: z.string().trim().max(100, 'The search may not be greater than 100 characters.').optional(),
});
