/**
 * Who may see and do what: rules A, B and C of the specification (section 6).
 * Pure functions shared by the browser (authProvider.canAccess, menus) and the server (pre-handlers).
 */
import type { MembershipType, Role } from './constants';

export const ENTITIES = [
  'DASHBOARD',
  'CANDIDATES',
  'CLIENTS',
  'LICENCES',
  'ORDERS',
  'ASSESSMENT',
  'QUESTIONS',
  'TESTS',
  'CAMPAIGN',
  'RELATIONSHIP MANAGERS',
  'SALES PERSONS',
  'TEAM MEMBERS',
  'AUTHORS',
  'CATEGORIES',
  'COMPETENCIES',
  'INDUSTRIES',
  'LANGUAGES',
  'ROLES',
  'VERTICAL',
] as const;
export type Entity = (typeof ENTITIES)[number];

export const ACTIONS = ['view', 'create', 'edit', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export type ActionFlags = Record<Action, boolean>;
export interface EntityPermission {
  entity: Entity;
  actions: ActionFlags;
}

/** The part of a user that access decisions read. */
export interface Principal {
  role: Role;
  membershipType?: MembershipType | null;
  /** From the user's job role; ignored for ADMIN and CLIENT, whose permissions are fixed. */
  permissions?: EntityPermission[] | null;
}

/** Rule A: provider-only areas. */
export const PROVIDER_ONLY_ENTITIES: readonly Entity[] = [
  'CLIENTS',
  'LICENCES',
  'ASSESSMENT',
  'QUESTIONS',
  'TESTS',
  'COMPETENCIES',
  'AUTHORS',
  'CATEGORIES',
  'INDUSTRIES',
  'RELATIONSHIP MANAGERS',
  'SALES PERSONS',
  'LANGUAGES',
];
/** Rule B: areas shared by the provider and its clients. */
export const SHARED_ENTITIES: readonly Entity[] = ['DASHBOARD', 'CANDIDATES', 'ORDERS', 'CAMPAIGN', 'TEAM MEMBERS', 'ROLES'];
/** The entities a client-style user can ever hold (the specification's reduced set). */
export const CLIENT_ENTITIES: readonly Entity[] = [
  'ASSESSMENT',
  'CAMPAIGN',
  'CANDIDATES',
  'DASHBOARD',
  'ORDERS',
  'ROLES',
  'TEAM MEMBERS',
];

const isFixedRole = (user: Principal) => user.role === 'ADMIN' || user.role === 'CLIENT';

/** A team member is any user whose permissions come from a job role, i.e. who has a membership type. */
export const isTeamMember = (user: Principal) => !isFixedRole(user) && !!user.membershipType;

/** The flag a job role grants, false when the role says nothing about the entity. */
export function granted(user: Principal, entity: Entity, action: Action): boolean {
  const entry = user.permissions?.find((p) => p.entity === entity);
  return entry?.actions?.[action] === true;
}

export function ruleA(user: Principal, entity: Entity, action: Action): boolean {
  if (user.role === 'ADMIN') return true;
  return isTeamMember(user) && user.membershipType === 'SKILLGAUGE_TEAM' && granted(user, entity, action);
}

export function ruleB(user: Principal, entity: Entity, action: Action): boolean {
  if (isFixedRole(user)) return true;
  return isTeamMember(user) && granted(user, entity, action);
}

/** Rule C: the client-side Assessments link. */
export function ruleC(user: Principal, action: Action): boolean {
  if (user.role === 'CLIENT') return true;
  return (
    isTeamMember(user) &&
    (user.membershipType === 'CLIENT_SPECIFIC_ROLE' || user.membershipType === 'GLOBAL_ROLE') &&
    granted(user, 'ASSESSMENT', action)
  );
}

/**
 * The one decision: may this user perform this action on this entity?
 * Assessments are reachable through the provider library (A) or the client-side link (C);
 * Vertical follows the Roles check.
 */
export function can(user: Principal | null | undefined, entity: Entity, action: Action): boolean {
  if (!user) return false;
  if (entity === 'VERTICAL') return ruleB(user, 'ROLES', action);
  if (entity === 'ASSESSMENT') return ruleA(user, entity, action) || ruleC(user, action);
  if (SHARED_ENTITIES.includes(entity)) return ruleB(user, entity, action);
  return ruleA(user, entity, action);
}

/** The first flag of a permission list that the user does not hold itself: nobody grants what they lack. */
export function firstUnheld(user: Principal, permissions: readonly EntityPermission[]): { entity: Entity; action: Action } | undefined {
  for (const p of permissions)
    for (const action of ACTIONS) if (p.actions?.[action] === true && !can(user, p.entity, action)) return { entity: p.entity, action };
  return undefined;
}

/** Locations are open to everyone signed in; changes are for admins and clients (clients' own only). */
export function canLocations(user: Principal | null | undefined, action: Action): boolean {
  if (!user) return false;
  return action === 'view' || isFixedRole(user);
}

/** The full permission list as stored on a job role or answered by /api/users/me. */
export function permissionsOf(user: Principal): EntityPermission[] {
  return ENTITIES.map((entity) => ({
    entity,
    actions: Object.fromEntries(ACTIONS.map((a) => [a, can(user, entity, a)])) as ActionFlags,
  }));
}

/** A blank permission matrix, every flag false. */
export const emptyPermissions = (): EntityPermission[] =>
  ENTITIES.map((entity) => ({ entity, actions: { view: false, create: false, edit: false, delete: false } }));

/**
 * React-admin resources and the entity that guards each. Resources missing here
 * (locations, outbox, users) have their own rules below.
 */
export const RESOURCE_ENTITY: Record<string, Entity> = {
  'team-members': 'TEAM MEMBERS',
  authors: 'AUTHORS',
  'relationship-managers': 'RELATIONSHIP MANAGERS',
  'sales-persons': 'SALES PERSONS',
  'job-roles': 'ROLES',
  categories: 'CATEGORIES',
  industries: 'INDUSTRIES',
  verticals: 'VERTICAL',
  candidates: 'CANDIDATES',
  invitations: 'CANDIDATES',
  clients: 'CLIENTS',
  licences: 'LICENCES',
  orders: 'ORDERS',
  payments: 'ORDERS',
  campaigns: 'CAMPAIGN',
  jobs: 'CAMPAIGN',
  'hiring-stages': 'CANDIDATES',
  scorecards: 'CAMPAIGN',
  assessments: 'ASSESSMENT',
  questions: 'QUESTIONS',
  'question-reports': 'QUESTIONS',
  'answer-titles': 'QUESTIONS',
  tests: 'TESTS',
  skills: 'COMPETENCIES',
  languages: 'LANGUAGES',
  dashboard: 'DASHBOARD',
};

/** React-admin's action names onto ours. */
const RA_ACTION: Record<string, Action> = {
  list: 'view',
  show: 'view',
  view: 'view',
  export: 'view',
  create: 'create',
  clone: 'create',
  edit: 'edit',
  delete: 'delete',
};

/** The canAccess of the auth provider; also used by menus. Unknown resources are denied. */
export function canAccessResource(user: Principal | null | undefined, resource: string, raAction: string): boolean {
  if (!user) return false;
  const action = RA_ACTION[raAction] ?? (raAction as Action);
  if (!ACTIONS.includes(action)) return false;
  if (resource === 'locations') return canLocations(user, action);
  if (resource === 'users' || resource === 'outbox') return user.role === 'ADMIN';
  // 'My Question': a USER account works on its own questions and reads their reports (the server keeps it to them).
  if ((resource === 'questions' || (resource === 'question-reports' && action === 'view')) && user.role === 'USER') return true;
  const entity = RESOURCE_ENTITY[resource];
  return entity ? can(user, entity, action) : false;
}

// ---------------------------------------------------------------------------------------------
// Screens' product rules beyond one resource and action (the routes' guards read them; the
// server decides again on every call).

/** A client's own user (the CLIENT account or its team members), as the server's tenant scope reads it: its client's records only. */
export const isClientSide = (user: Principal | null | undefined): boolean => !!user && (user.role === 'CLIENT' || user.membershipType === 'CLIENT_SPECIFIC_ROLE');
/** Staff who read candidates' attempts, and USERs (the server answers them their own self assessments only). */
export const mayReadReports = (user: Principal | null | undefined): boolean => !!user && (canAccessResource(user, 'invitations', 'show') || user.role === 'USER');
/** The provider's assessment library (rule A). */
export const mayListLibrary = (user: Principal): boolean => ruleA(user, 'ASSESSMENT', 'view');
/** "My assessments": anyone's who may see assessments, the provider's staff or a client's users. */
export const mayListOwnAssessments = (user: Principal): boolean => ruleA(user, 'ASSESSMENT', 'view') || ruleC(user, 'view');
