/** The typed shape of the database, one interface per table. */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Designation, MembershipType, Role } from '../../src/domain/constants';
import type { EntityPermission } from '../../src/domain/permissions';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface ClientsTable {
  id: Generated<string>;
  name: string;
  legalType: string | null;
  email: string | null;
  phone: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  name: string;
  email: string;
  username: string | null;
  passwordHash: string | null;
  role: Role;
  membershipType: MembershipType | null;
  position: string | null;
  designation: Designation | null;
  clientId: string | null;
  phone: string | null;
  isVerified: Generated<boolean>;
  isActive: Generated<boolean>;
  lastLoginAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface JobRolesTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  scope: MembershipType;
  clientId: string | null;
  permissions: Json<EntityPermission[]>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** Categories, industries and verticals share this shape; verticals may belong to a client. */
export interface NamedTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}
export interface VerticalsTable extends NamedTable {
  clientId: string | null;
}

export interface LocationsTable {
  id: Generated<string>;
  name: string;
  city: string | null;
  state: string | null;
  country: string | null;
  clientId: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface OneTimeTokensTable {
  id: Generated<string>;
  userId: string;
  purpose: 'verify' | 'reset';
  tokenHash: string;
  attempts: Generated<number>;
  expiresAt: Timestamp;
  consumedAt: Timestamp | null;
  createdAt: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  userId: string;
  familyId: string;
  tokenHash: string;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  replacedBy: string | null;
  createdAt: Timestamp;
}

export interface ThrottleTable {
  key: string;
  failures: number;
  windowStartedAt: Timestamp;
  lockedUntil: Timestamp | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  userId: string | null;
  action: 'create' | 'update' | 'delete';
  resource: string;
  recordId: string;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  at: Timestamp;
}

export interface OutboxTable {
  id: Generated<string>;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  status: Generated<'pending' | 'sent' | 'failed' | 'logged'>;
  attempts: Generated<number>;
  lastError: string | null;
  createdAt: Timestamp;
  sentAt: Timestamp | null;
}

export interface Database {
  clients: ClientsTable;
  users: UsersTable;
  jobRoles: JobRolesTable;
  categories: NamedTable;
  industries: NamedTable;
  verticals: VerticalsTable;
  locations: LocationsTable;
  oneTimeTokens: OneTimeTokensTable;
  refreshTokens: RefreshTokensTable;
  throttle: ThrottleTable;
  auditLog: AuditLogTable;
  outbox: OutboxTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type JobRoleRow = Selectable<JobRolesTable>;
export type OutboxRow = Selectable<OutboxTable>;
