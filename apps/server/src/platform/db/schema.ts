import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely. Each module adds its own tables here as it adds migrations. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface TenantTable {
  id: Generated<string>;
  name: string;
  display_name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AppUserTable {
  id: Generated<string>;
  email: string;
  display_name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
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

export interface DB {
  tenant: TenantTable;
  app_user: AppUserTable;
  user_session: UserSessionTable;
  notice: NoticeTable;
  schema_migration: SchemaMigrationTable;
}
