/**
 * The access rules of the specification (section 6) and DESIGN.md section 3, stated a second
 * time, independently of src/domain/permissions.ts, so that tests can check the implementation
 * against them. Shared by the domain tests and the API permission matrix. Not a test file.
 */

export const ROLE_NAMES = ['USER', 'CONTRIBUTOR', 'ADMIN', 'CLIENT', 'MODERATOR', 'TEAM_MEMBER'] as const;
export const MEMBERSHIPS = ['SKILLGAUGE_TEAM', 'CLIENT_SPECIFIC_ROLE', 'GLOBAL_ROLE', null] as const;
export const ACTION_NAMES = ['view', 'create', 'edit', 'delete'] as const;

/** The 19 permission modules, in the order DESIGN.md lists them. */
export const ALL_ENTITIES = [
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

export type RoleName = (typeof ROLE_NAMES)[number];
export type Membership = (typeof MEMBERSHIPS)[number];
export type ActionName = (typeof ACTION_NAMES)[number];
export type EntityName = (typeof ALL_ENTITIES)[number];

/** Rule A: Clients, Licence, Assessment library, Questions, Tests and the provider's profile-menu lists. */
export const RULE_A_ENTITIES: readonly EntityName[] = [
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
export const RULE_B_ENTITIES: readonly EntityName[] = ['DASHBOARD', 'CANDIDATES', 'ORDERS', 'CAMPAIGN', 'TEAM MEMBERS', 'ROLES'];

/** A user as the rules see it: role, membership, and the flags its job role grants ("ENTITY:action"). */
export interface RulePrincipal {
  role: RoleName;
  membershipType: Membership;
  grants: ReadonlySet<string>;
}

export const flag = (entity: EntityName, action: ActionName) => `${entity}:${action}`;

/** The job-role permission list ({entity, actions}) that grants exactly these flags. */
export function permissionList(grants: Iterable<string>) {
  const byEntity = new Map<string, Record<ActionName, boolean>>();
  for (const g of grants) {
    const [entity, action] = g.split(':') as [EntityName, ActionName];
    const actions = byEntity.get(entity) ?? { view: false, create: false, edit: false, delete: false };
    actions[action] = true;
    byEntity.set(entity, actions);
  }
  return [...byEntity].map(([entity, actions]) => ({ entity: entity as EntityName, actions }));
}

/** Reads the flags back out of a stored job-role permission list. */
export function grantsOf(permissions: unknown): Set<string> {
  const grants = new Set<string>();
  for (const p of (permissions as { entity: EntityName; actions: Record<string, boolean> }[] | null) ?? []) {
    for (const action of ACTION_NAMES) if (p.actions?.[action] === true) grants.add(flag(p.entity, action));
  }
  return grants;
}

/** May this user perform this action on this entity? The rules in plain words, one line each. */
export function expectedCan(user: RulePrincipal, entity: EntityName, action: ActionName): boolean {
  const admin = user.role === 'ADMIN';
  const client = user.role === 'CLIENT';
  // Admins and clients have fixed permissions; everybody else's come from a job role, and only
  // someone with a membership type is a team member holding one.
  const teamMember = !admin && !client && user.membershipType !== null;
  const holds = (e: EntityName) => teamMember && user.grants.has(flag(e, action));

  // "The Vertical entry uses the Roles check."
  if (entity === 'VERTICAL') return expectedCan(user, 'ROLES', action);

  const ruleA = admin || (user.membershipType === 'SKILLGAUGE_TEAM' && holds(entity));
  const ruleB = admin || client || holds(entity);
  const ruleC = client || ((user.membershipType === 'CLIENT_SPECIFIC_ROLE' || user.membershipType === 'GLOBAL_ROLE') && holds('ASSESSMENT'));

  if (entity === 'ASSESSMENT') return ruleA || ruleC;
  if (RULE_B_ENTITIES.includes(entity)) return ruleB;
  if (RULE_A_ENTITIES.includes(entity)) return ruleA;
  throw new Error(`No rule for ${entity}`);
}

/** Locations: everyone signed in may look; only admins and clients change them. */
export function expectedLocations(user: RulePrincipal, action: ActionName): boolean {
  return action === 'view' || user.role === 'ADMIN' || user.role === 'CLIENT';
}

/** A client user or a client's own staff is confined to one client's records. */
export const isTenant = (user: { role: RoleName; membershipType: Membership }) =>
  user.role === 'CLIENT' || user.membershipType === 'CLIENT_SPECIFIC_ROLE';
