import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely. Each module adds its own tables here as it adds migrations. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface TenantTable {
  id: Generated<string>;
  name: string;
  display_name: string;
  color: string | null;
  date_format: Generated<string>;
  time_format: Generated<string>;
  display_picture: string | null;
  sign_in_enabled: Generated<boolean>;
  sign_in_disabled_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AppUserTable {
  id: Generated<string>;
  email: string;
  display_name: string;
  password_hash: string | null;
  mfa_secret: string | null;
  mfa_pending_secret: string | null;
  mfa_enrolled_at: Date | null;
  mfa_enrol_by: ColumnType<string | null, string | null | undefined, string | null>;
  mfa_last_time_step: ColumnType<number | null, number | null | undefined, number | null>;
  sign_in_enabled: Generated<boolean>;
  sign_in_disabled_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RoleAssignmentTable {
  id: Generated<string>;
  user_id: string;
  role_key: string;
  tenant_id: string | null;
  created_at: Timestamp;
}

export interface PersonnelTable {
  tenant_id: string;
  id: Generated<string>;
  user_id: string | null;
  display_name: string;
  email_address: string | null;
  date_of_birth: ColumnType<string | null, string | null | undefined, string | null>;
  member_status1: Generated<'current' | 'past'>;
  role: Generated<string>;
  display_picture: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PasswordResetTokenTable {
  token_hash: Buffer;
  user_id: string;
  purpose: 'reset' | 'welcome';
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface SignInAttemptTable {
  id: Generated<number>;
  email: string;
  user_id: string | null;
  ip: string;
  outcome: string;
  succeeded: boolean;
  created_at: Timestamp;
}

export interface SensitiveActionTable {
  id: Generated<string>;
  tenant_id: string | null;
  user_id: string | null;
  user_display_name: string;
  name: string;
  content: string;
  created_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<string>;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: Timestamp;
  sent_at: Date | null;
  error: string | null;
}

export interface UserSessionTable {
  token_hash: Buffer;
  user_id: string;
  tenant_id: string | null;
  acting_role: string | null;
  is_global: Generated<boolean>;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  signed_in_as_by: string | null;
}

export interface NoticeTable {
  tenant_id: string;
  id: Generated<string>;
  title: string;
  body: Generated<string>;
  created_by: string | null;
  created_at: Timestamp;
}

export interface SchemaMigrationTable {
  name: string;
  applied_at: Timestamp;
}

export interface SystemPermissionTable {
  key: string;
  entry: ColumnType<Record<string, boolean | null>, string, string>;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface TenantPermissionTable {
  tenant_id: string;
  level: 'tenant' | 'role' | 'personnel';
  subject: Generated<string>;
  key: string;
  entry: ColumnType<Record<string, boolean | null>, string, string>;
  updated_at: Timestamp;
  updated_by: string | null;
}

type Json<T> = ColumnType<T, string, string>;

export interface EntityTypeTable {
  id: Generated<string>;
  tenant_id: string | null;
  name: string;
  label: string;
  sort_order: number;
  pages: number;
  is_module: Generated<boolean>;
  is_core: Generated<boolean>;
  is_task: Generated<boolean>;
  is_global: Generated<boolean>;
  date_significant: Generated<boolean>;
  object_data: Json<Record<string, unknown>>;
  actions: Json<unknown[]>;
  alarms: Json<unknown[]>;
  reports: Json<unknown[]>;
  allowed_transitions: Json<unknown[]>;
  created_at: Timestamp;
  modified_at: Timestamp;
  deleted_at: Date | null;
}

export interface EntityTypeFieldTable {
  id: Generated<string>;
  entity_type_id: string;
  tenant_id: string | null;
  offline_id: string | null;
  property: string;
  title: Generated<string>;
  field_data: Json<Record<string, unknown>>;
  seq: Generated<number>;
  created_at: Timestamp;
  modified_at: Timestamp;
  deleted_at: Date | null;
}

export interface EntityTable {
  tenant_id: string;
  id: Generated<string>;
  offline_id: string | null;
  entity_type_id: string;
  display_name: Generated<string>;
  uri: string | null;
  place: Generated<string>;
  assignee: string | null;
  assignee_2: string | null;
  assignee_3: string | null;
  assignee_4: string | null;
  assignee_5: string | null;
  parent_entity_id: string | null;
  due_at: Date | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Date | null;
  version: Generated<number>;
  data: Json<Record<string, unknown>>;
  data_requiring_approval: Json<Record<string, unknown>>;
  approval_log: ColumnType<Record<string, Record<string, unknown>>, string | undefined, string>;
  action_state: ColumnType<Record<string, { fired_at: string }>, string | undefined, string>;
}

export interface EntityVersionTable {
  tenant_id: string;
  entity_id: string;
  version: number;
  updated_at: Timestamp;
  responsible_user_id: string | null;
  responsible_user_name: Generated<string>;
  model_data: Json<Record<string, unknown>>;
  pdf_file_id: Generated<string | null>;
}

export interface EntityWatcherTable {
  tenant_id: string;
  entity_id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface NotificationTable {
  tenant_id: string;
  id: Generated<string>;
  user_id: string;
  data: Json<{ subject: string; path: string | null }>;
  created_at: Timestamp;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface NerisSubmissionTable {
  tenant_id: string;
  id: Generated<string>;
  entity_id: string;
  submitted_by: string | null;
  submitted_at: Timestamp;
  status: 'accepted' | 'failed';
  http_status: number | null;
  neris_id: string | null;
  message: string | null;
  payload: Json<unknown>;
  response: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface FileTable {
  tenant_id: string;
  id: string;
  original_name: string;
  path: string;
  size_bytes: number;
  md5: string;
  mime_type: string;
  created_at: Timestamp;
  created_by: string | null;
  entity_id: string | null;
  entity_type_id: string | null;
  entity_field_property: string | null;
  offline_id: string | null;
  is_restricted: Generated<boolean>;
  visible_to: ColumnType<string[], string[] | undefined, string[]>;
  deleted_at: Date | null;
  deleted_by: string | null;
}

export interface ActionHistoryTable {
  tenant_id: string;
  id: Generated<string>;
  entity_id: string;
  action_id: string;
  action_name: string;
  trigger: 'save' | 'daily' | 'force';
  status: 'completed' | 'failed' | 'not_configured';
  detail: Generated<string>;
  created_at: Timestamp;
  completed_at: Date | null;
}

export interface DB {
  tenant: TenantTable;
  app_user: AppUserTable;
  user_session: UserSessionTable;
  notice: NoticeTable;
  schema_migration: SchemaMigrationTable;
  role_assignment: RoleAssignmentTable;
  personnel: PersonnelTable;
  password_reset_token: PasswordResetTokenTable;
  sign_in_attempt: SignInAttemptTable;
  sensitive_action: SensitiveActionTable;
  mail_outbox: MailOutboxTable;
  system_permission: SystemPermissionTable;
  tenant_permission: TenantPermissionTable;
  entity_type: EntityTypeTable;
  entity_type_field: EntityTypeFieldTable;
  entity: EntityTable;
  /** The tenant's records for list pages (migration 0013): the isolation predicate as a view. */
  entity_in_tenant: EntityTable;
  entity_version: EntityVersionTable;
  entity_watcher: EntityWatcherTable;
  action_history: ActionHistoryTable;
  file: FileTable;
  notification: NotificationTable;
  long_running_job: LongRunningJobTable;
  neris_submission: NerisSubmissionTable;
  public_form_event: PublicFormEventTable;
  dashboard: DashboardTable;
  widget: WidgetTable;
  system_report: SystemReportTable;
  conversation: ConversationTable;
  conversation_participant: ConversationParticipantTable;
  message: MessageTable;
  document_folder: DocumentFolderTable;
  document: DocumentTable;
  file_text: FileTextTable;
  recurring_event: RecurringEventTable;
  recurring_event_occurrence: RecurringEventOccurrenceTable;
}

/** Migration 0030: the documents library (modules/documents). */
export interface DocumentFolderTable {
  tenant_id: string;
  id: Generated<string>;
  folder_name: string;
  parent_folder: string | null;
  owner_user_id: string | null;
  station_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DocumentTable {
  tenant_id: string;
  id: Generated<string>;
  file_id: string;
  folder_id: string | null;
  owner_user_id: string | null;
  station_id: string | null;
  is_handbook: Generated<boolean>;
  created_by: string | null;
  created_at: Timestamp;
}

/** Migration 0039: the words of a PDF filed as a document (documents/pdf-text.ts). */
export interface FileTextTable {
  tenant_id: string;
  file_id: string;
  text_content: string;
  indexed_at: Generated<Date>;
}

/** Migration 0022: the job queue and what a job reports (platform/job-queue). */
export interface LongRunningJobTable {
  tenant_id: string;
  id: Generated<string>;
  user_id: string;
  acting: ColumnType<Record<string, unknown>, string | undefined, string>;
  kind: string;
  params: ColumnType<Record<string, unknown>, string | undefined, string>;
  status: ColumnType<'queued' | 'started' | 'complete', 'queued' | 'started' | 'complete' | undefined>;
  progress: number | null;
  notes: ColumnType<Record<string, unknown>, string | undefined, string>;
  result_url: string | null;
  error: string | null;
  attempts: Generated<number>;
  heartbeat_at: Date | null;
  created_at: Timestamp;
  started_at: Date | null;
  finished_at: Date | null;
}

/** Migration 0032: what public-form visitors did (modules/public-forms): rate limits, their uploads, used captchas. */
export interface PublicFormEventTable {
  id: Generated<number>;
  kind: 'submit' | 'upload';
  tenant_id: string;
  entity_type_id: string;
  ip: string;
  file_id: string | null;
  entity_id: string | null;
  proof: string | null;
  created_at: Timestamp;
}
/** Migration 0034: dashboards and widgets (modules/widgets). */
export interface DashboardTable {
  tenant_id: string;
  id: Generated<string>;
  name: string;
  sort_order: Generated<number>;
  created_at: Timestamp;
}

export interface WidgetTable {
  tenant_id: string;
  id: Generated<string>;
  name: string;
  color: string;
  render_type: string;
  group_function: string;
  position: string;
  entity_type_target: string;
  dashboards: ColumnType<string[], string[] | undefined, string[]>;
  settings: ColumnType<Record<string, unknown>, string | undefined, string>;
  sort_order: Generated<number>;
  kiosk_key_hash: string | null;
  kiosk_issued_by: string | null;
  kiosk_role: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
/** Migration 0029: conversations, their participants and messages (modules/conversations). */
export interface ConversationTable {
  tenant_id: string;
  id: Generated<string>;
  name: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ConversationParticipantTable {
  tenant_id: string;
  conversation_id: string;
  user_id: string;
  last_read_seq: ColumnType<string, string | number | undefined, string | number>;
  joined_at: Timestamp;
}

export interface MessageTable {
  tenant_id: string;
  id: Generated<string>;
  conversation_id: string;
  seq: ColumnType<string, never, never>;
  sender_id: string | null;
  body: string;
  created_at: Timestamp;
}

/** Migration 0027: recurring event definitions and the records made from their occurrences (modules/calendar). */
export interface RecurringEventTable {
  tenant_id: string;
  id: Generated<string>;
  entity_type_id: string;
  title: string;
  mode: 'entity' | 'schedule';
  event_key: string;
  platoon: string | null;
  /** A date column: read it as text (to_char), never as a JS Date. */
  origin_day: string;
  ends_on: string | null;
  start_time: string;
  duration_minutes: number;
  all_day: boolean;
  time_zone: string;
  custom_key: string | null;
  custom_key_n: number | null;
  on_day_of_period: ColumnType<number[] | null, string | null | undefined, string | null>;
  on_week_of_period: number | null;
  prefills: ColumnType<Record<string, unknown>, string | undefined, string>;
  active_at: Timestamp;
  virtual_event_created_date: Date | null;
  created_by: string | null;
  created_role: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Date | null;
}

export interface RecurringEventOccurrenceTable {
  tenant_id: string;
  recurring_event_id: string;
  starts_at: ColumnType<Date, Date | string, Date | string>;
  entity_id: string;
  created_at: Timestamp;
}

/** Migration 0041: system reports (modules/reports/system-reports.ts). */
export interface SystemReportTable {
  tenant_id: string;
  id: Generated<string>;
  display_name: string;
  report_entity_type: string;
  report_fields: ColumnType<string[], string, string>;
  filter_body: ColumnType<Record<string, string>, string, string>;
  group_by_params: ColumnType<string[], string, string>;
  view_only_no_click_through: boolean;
  created_by: string | null;
  created_at: Timestamp;
}
