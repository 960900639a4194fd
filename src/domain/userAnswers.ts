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

// ---------------------------------------------------------------------------------------------
// Signing in and the account's own calls (server/modules/auth, sign-ins)

/** A new session: the access token (the refresh token rides in its httpOnly cookie) and how long it lasts. */
export const sessionSchema = z.object({ token: z.string(), expiresIn: z.number() });

/** POST /api/users/login and /verify-otp: a session, or (login, unverified) no token until the mailed code is entered. */
export const sessionAnswerSchema = z.object({ token: z.string().nullable(), expiresIn: z.number().optional(), isVerified: z.boolean(), email: z.string() });

/** POST /api/users/change-credentials: the new session and the account's email now. */
export const credentialsAnswerSchema = sessionSchema.extend({ email: z.string() });

/** Sign-up: the same answer whether or not the email had an account. */
export const signupAnswerSchema = z.object({ isVerified: z.boolean(), email: z.string() });

/** GET /api/users/me: the signed-in account (a user's fields), its client and job role named, and every right it holds. */
export const profileSchema = userRecordSchema
  .pick({ id: true, name: true, email: true, username: true, role: true, membershipType: true, position: true, designation: true, clientId: true, isVerified: true, isActive: true })
  .extend({
    positionName: z.string().nullable(),
    clientName: z.string().nullable(),
    /** Every entity with the actions the account may take on it. */
    permissions: z.array(entityPermissionSchema),
    isAdmin: z.boolean(),
    isContributor: z.boolean(),
    isUser: z.boolean(),
  });

/** GET /api/auth/providers: which third-party sign-ins this server offers, and what their buttons need. */
export const signInProvidersSchema = z.object({
  google: z.boolean(),
  googleClientId: z.string().nullable(),
  /** Whether Google's redirect variant works (it exchanges a code, which takes the client secret). */
  googleRedirect: z.boolean(),
  linkedin: z.boolean(),
  linkedinClientId: z.string().nullable(),
  linkedinScope: z.string().nullable(),
  linkedinRedirectUri: z.string().nullable(),
});

/** POST /api/auth/oauth-state: the state to send back (Google's nonce, and the provider's address for a redirect). */
export const oauthStateSchema = z.object({ state: z.string(), nonce: z.string().optional(), authorizationUrl: z.string().optional() });

/** POST /api/users/signup-with-google and -linkedin: a session, and whether the account was signed in, linked or created. */
export const federatedSessionSchema = sessionSchema.extend({ isVerified: z.boolean(), email: z.string(), outcome: z.enum(['signedIn', 'linked', 'created']) });

/** A sign-in through Google or LinkedIn linked to one's account. */
export const linkedSignInSchema = z.object({ id: z.string(), provider: z.enum(['google', 'linkedin']), email: z.string().nullable(), createdAt: timestamp, lastUsedAt: timestamp });

/** GET /api/users/me/sign-ins */
export const signInsSchema = z.object({ hasPassword: z.boolean(), identities: z.array(linkedSignInSchema) });

/** POST /api/users/set-password: a new session, and the account now has a password. */
export const passwordSetSchema = sessionSchema.extend({ hasPassword: z.boolean() });
