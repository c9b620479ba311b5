import { z } from 'zod';

/** Manage Logins (spec 03 §2, §3 'Login records', §7). Global admins only. */
export const loginListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  search: z.string().trim().max(255).optional().default(''),
  sort: z.enum(['a_to_z', 'z_to_a']).default('a_to_z'),
});

export const tenantLogin = z.object({
  id: z.string(),
  name: z.string(),
  display_name: z.string(),
  signInEnabled: z.boolean(),
  signInDisabledError: z.string().nullable(),
});
export type TenantLogin = z.infer<typeof tenantLogin>;

export const userLogin = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  signInEnabled: z.boolean(),
  signInDisabledError: z.string().nullable(),
  roles: z.array(z.object({ name: z.string(), label: z.string(), tenant_id: z.string().nullable() })),
  tenants: z.array(z.object({ id: z.string(), name: z.string(), display_name: z.string() })),
  mfa_enrolled_at: z.string().nullable(),
  mfa_enrol_by: z.string().nullable(),
});
export type UserLogin = z.infer<typeof userLogin>;

export const personnelLogin = z.object({
  id: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  display_name: z.string(),
  email_address: z.string().nullable(),
  date_of_birth: z.object({ value: z.string().nullable(), display_value: z.string() }),
  member_status1: z.enum(['current', 'past']),
  role: z.string(),
});
export type PersonnelLogin = z.infer<typeof personnelLogin>;

const signInFields = {
  signInEnabled: z.boolean().optional(),
  signInDisabledError: z
    .string()
    .trim()
    .max(1000, 'The sign-in disabled message may not be greater than 1000 characters.')
    .nullable()
    .optional(),
};

export const updateTenantLoginBody = z.object({ tenant: z.object(signInFields) });
export const updateUserLoginBody = z.object({
  user: z.object({
    ...signInFields,
    name: z.string().trim().min(1, 'The name field is required.').max(255).optional(),
    /** Clears the user's MFA enrolment (they enrol again). */
    reset_mfa: z.boolean().optional(),
    /** From this date on, enrolment is mandatory; null removes the requirement. */
    mfa_enrol_by: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'The MFA enrol-by date must be a date (yyyy-MM-dd).')
      .nullable()
      .optional(),
  }),
});
export const updatePersonnelLoginBody = z.object({
  person: z.object({
    display_name: z.string().trim().min(1, 'The display name field is required.').max(255).optional(),
    email_address: z.string().trim().email('The email address must be a valid email address.').max(255).nullable().optional(),
    // The list's shape ({ value, display_value }) is taken as well as the bare date: a row read
    // from GET /admin/logins/personnel can be sent back as it is.
    date_of_birth: z.preprocess(
      (v) => (v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v),
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date of birth must be a date (yyyy-MM-dd).')
        .nullable()
        .optional(),
    ),
    member_status1: z.enum(['current', 'past']).optional(),
    role: z.string().optional(),
  }),
});

export const signInAsBody = z.object({ email: z.string().trim().min(1, 'The email field is required.').max(255) });

export const sensitiveAction = z.object({
  id: z.string(),
  name: z.string(),
  content: z.string(),
  created_at: z.string(),
  user: z.object({ id: z.string().nullable(), display_name: z.string() }),
  tenant_id: z.string().nullable(),
});
export type SensitiveAction = z.infer<typeof sensitiveAction>;
