/**
 * What the users' calls answer (server/modules/users, and the accounts the auth module answers):
 * an account as the API shows it, never its password hash. Apart from constants.ts, which the
 * candidate's page downloads.
 */
import { z } from 'zod';
import { optionSchema, timestamp } from './answers';
import { DESIGNATIONS, MEMBERSHIP_TYPES, ROLES } from './constants';
import { ENTITIES } from './permissions';

/** A row of GET /api/users (and one user, and what saving or deleting one answers). */
export const userRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  role: z.enum(ROLES),
  membershipType: z.enum(MEMBERSHIP_TYPES).nullable(),
  /** The job role's id. */
  position: z.string().nullable(),
  designation: z.enum(DESIGNATIONS).nullable(),
  clientId: z.string().nullable(),
  phone: z.string().nullable(),
  isVerified: z.boolean(),
  isActive: z.boolean(),
  lastLoginAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** A right a job role grants: an entity and the actions on it. */
export const entityPermissionSchema = z.object({
  entity: z.enum(ENTITIES),
  actions: z.object({ view: z.boolean(), create: z.boolean(), edit: z.boolean(), delete: z.boolean() }),
});

/** A row of GET /api/job-roles (and one role, and what saving or deleting one answers). */
export const jobRoleRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  scope: z.enum(MEMBERSHIP_TYPES),
  /** A client's own role; null: the provider's. */
  clientId: z.string().nullable(),
  permissions: z.array(entityPermissionSchema),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** A row of GET /api/job-roles/dropdown. */
export const jobRoleOptionSchema = optionSchema.extend({ scope: z.enum(MEMBERSHIP_TYPES) });
