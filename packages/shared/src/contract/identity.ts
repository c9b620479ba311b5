import { z } from 'zod';
import { MFA_CODE_LENGTH } from '../constants.ts';

/** Tenant as the app shows it (spec 01 §3). */
export const tenantRecord = z.object({
  id: z.string(),
  name: z.string(),
  display_name: z.string(),
  color: z.string().nullable(),
  date_format: z.string(),
  time_format: z.string(),
  SYSTEM_display_picture: z.string().nullable(),
});
export type TenantRecord = z.infer<typeof tenantRecord>;

export const userRole = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  pivot: z.object({ tenant_id: z.string().nullable() }),
});
export type UserRole = z.infer<typeof userRole>;

export const personnelRecord = z.object({
  id: z.string(),
  tenant_id: z.string(),
  display_name: z.string(),
  email_address: z.string().nullable(),
  role: z.string(),
  member_status1: z.enum(['current', 'past']),
  SYSTEM_display_picture: z.string().nullable(),
});
export type PersonnelRecord = z.infer<typeof personnelRecord>;

/** The signed-in user (spec 01 §3), with the tenant and role they act as. */
export const currentUser = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string(),
  roles: z.array(userRole),
  acting_role: z.string().nullable(),
  current_tenant: z.string().nullable(),
  tenant_id: z.string().nullable(),
  tenant_record: tenantRecord.nullable(),
  personnel_record: personnelRecord.nullable(),
  /** Tenants the user may switch to (all of them for a global admin). */
  tenants: z.array(z.object({ id: z.string(), name: z.string(), display_name: z.string() })),
  is_global_admin: z.boolean(),
  /** True while a global admin acts at global level, with no tenant. */
  is_global: z.boolean(),
  can_sign_in_as: z.boolean(),
  effective_permissions: z.record(z.string(), z.unknown()),
  mfa_enrol_by: z.string().nullable(),
  mfa_enrolled_at: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const loginBody = z.object({
  email: z.string().trim().min(1, 'The email field is required.').max(255),
  password: z.string().min(1, 'The password field is required.').max(1024),
  mfa_code: z.string().trim().max(16).optional().nullable(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResponse = z.object({
  access_token: z.string(),
  user: currentUser,
  core_entity_types: z.array(z.unknown()),
  core_entities: z.array(z.unknown()),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const LOGIN_MESSAGES = {
  failed: 'These credentials do not match our records.',
  mfaRequired: 'Please enter your Multi-Factor Auth Code.',
  mfaInvalid: 'The Multi-Factor Auth Code is invalid or has already been used.',
  signInDisabled: 'Sign-in is disabled for this account. Please contact your administrator.',
  tenantSignInDisabled: 'Sign-in is disabled for this department. Please contact your administrator.',
  throttled: 'Too many sign-in attempts. Please try again later.',
} as const;

export const selectTenantBody = z.object({
  tenant: z.string().min(1, 'The tenant field is required.'),
  role: z.string().min(1, 'The role field is required.'),
});
export const selectGlobalBody = z.object({ tenant: z.null().optional() });
export const userResponse = z.object({ data: currentUser });

export const passwordResetBody = z.object({
  email: z.string().trim().min(1, 'The email field is required.').max(255),
  source: z.enum(['web', 'mobile']).default('web'),
});
export const PASSWORD_RESET_SENT = "If this address exists in our system, you'll receive an email with further instructions.";

export const passwordResetUpdateBody = z.object({
  email: z.string().trim().min(1, 'The email field is required.').max(255),
  token: z.string().min(1, 'The token field is required.').max(512),
  password: z.string().max(1024),
  password_confirmation: z.string().max(1024),
});
export const PASSWORD_RESET_TOKEN_INVALID = 'This password reset link is invalid or has expired.';
export const PASSWORD_UPDATED = 'Password updated successfully! Please sign in to continue.';

export const resendWelcomeBody = z.object({ email: z.string().trim().min(1, 'The email field is required.').max(255) });
export const RESENT_WELCOME = 'Resent welcome email successfully.';

export const enrolMfaResponse = z.object({ data: z.object({ qr_code_image: z.string(), key: z.string() }) });
export const finishMfaBody = z.object({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`), `The code must be ${MFA_CODE_LENGTH} digits.`),
});

export const messageResponse = z.object({ message: z.string() });
