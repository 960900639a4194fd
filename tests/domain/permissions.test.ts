/**
 * src/domain/permissions.ts against the rules stated independently in ./rules.ts: the full matrix
 * of role × membership type × entity × action, with and without the job role's flags.
 */
import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_TYPES, ROLES } from '../../src/domain/constants';
import {
  ACTIONS,
  can,
  canAccessResource,
  canLocations,
  emptyPermissions,
  ENTITIES,
  firstUnheld,
  isClientSide,
  permissionsOf,
  type Principal,
} from '../../src/domain/permissions';
import {
  ACTION_NAMES,
  ALL_ENTITIES,
  expectedCan,
  expectedLocations,
  flag,
  MEMBERSHIPS,
  permissionList,
  ROLE_NAMES,
  type ActionName,
  type EntityName,
  type Membership,
  type RoleName,
  type RulePrincipal,
} from './rules';

const EVERY_FLAG = ALL_ENTITIES.flatMap((e) => ACTION_NAMES.map((a) => flag(e, a)));

function principal(role: RoleName, membershipType: Membership, grants: Iterable<string>): { rules: RulePrincipal; domain: Principal } {
  const set = new Set(grants);
  return {
    rules: { role, membershipType, grants: set },
    domain: { role, membershipType, permissions: permissionList(set) as Principal['permissions'] },
  };
}

/** The job roles a (role, membership, entity, action) cell is tried with. */
function grantVariants(entity: EntityName, action: ActionName): [string, string[]][] {
  const own = flag(entity, action);
  const roles = flag('ROLES', action);
  return [
    ['no flags', []],
    ['exactly this flag', [own]],
    ['every flag but this one', EVERY_FLAG.filter((f) => f !== own)],
    ['every flag', EVERY_FLAG],
    ['only the ROLES flag of this action', [roles]],
    ['every flag but the ROLES flag of this action', EVERY_FLAG.filter((f) => f !== roles)],
    ['the other three actions of this entity', ACTION_NAMES.filter((a) => a !== action).map((a) => flag(entity, a))],
  ];
}

describe('the vocabulary', () => {
  it('has the six roles, three membership types, four actions and 19 entities of the design', () => {
    expect([...ROLES]).toEqual([...ROLE_NAMES]);
    expect([...MEMBERSHIP_TYPES]).toEqual(MEMBERSHIPS.filter((m) => m !== null));
    expect([...ACTIONS]).toEqual([...ACTION_NAMES]);
    expect([...ENTITIES]).toEqual([...ALL_ENTITIES]);
  });

  it('emptyPermissions lists every entity once with every flag off', () => {
    const empty = emptyPermissions();
    expect(empty.map((p) => p.entity)).toEqual([...ALL_ENTITIES]);
    for (const p of empty) expect(p.actions).toEqual({ view: false, create: false, edit: false, delete: false });
  });
});

describe('can(): the full matrix against rules A, B and C', () => {
  const cells = ROLE_NAMES.flatMap((role) =>
    MEMBERSHIPS.flatMap((membership) => ALL_ENTITIES.map((entity) => [role, membership ?? 'none', entity] as const)),
  );

  it.each(cells)('%s / membership %s / %s', (role, membershipName, entity) => {
    const membership = (membershipName === 'none' ? null : membershipName) as Membership;
    const mismatches: string[] = [];
    for (const action of ACTION_NAMES) {
      for (const [variant, grants] of grantVariants(entity, action)) {
        const { rules, domain } = principal(role, membership, grants);
        const want = expectedCan(rules, entity, action);
        const got = can(domain, entity, action);
        if (got !== want) mismatches.push(`${action} with ${variant}: expected ${want}, got ${got}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('spot checks read as the specification says', () => {
    const only = (role: RoleName, m: Membership, ...grants: string[]) => principal(role, m, grants).domain;
    // Rule A: a provider-team member with the flag; a client-side member never.
    expect(can(only('TEAM_MEMBER', 'SKILLGAUGE_TEAM', 'QUESTIONS:view'), 'QUESTIONS', 'view')).toBe(true);
    expect(can(only('TEAM_MEMBER', 'GLOBAL_ROLE', 'QUESTIONS:view'), 'QUESTIONS', 'view')).toBe(false);
    expect(can(only('TEAM_MEMBER', 'CLIENT_SPECIFIC_ROLE', 'CLIENTS:view'), 'CLIENTS', 'view')).toBe(false);
    expect(can(only('CLIENT', null), 'CLIENTS', 'view')).toBe(false);
    expect(can(only('ADMIN', null), 'LANGUAGES', 'delete')).toBe(true);
    // Rule B: clients always, any team member with the flag.
    expect(can(only('CLIENT', null), 'TEAM MEMBERS', 'delete')).toBe(true);
    expect(can(only('TEAM_MEMBER', 'CLIENT_SPECIFIC_ROLE', 'ORDERS:view'), 'ORDERS', 'view')).toBe(true);
    expect(can(only('TEAM_MEMBER', 'CLIENT_SPECIFIC_ROLE', 'ORDERS:view'), 'ORDERS', 'edit')).toBe(false);
    // A user without a membership is no team member, whatever its permissions say.
    expect(can(only('USER', null, 'DASHBOARD:view'), 'DASHBOARD', 'view')).toBe(false);
    // Rule C: the client-side assessments.
    expect(can(only('TEAM_MEMBER', 'GLOBAL_ROLE', 'ASSESSMENT:view'), 'ASSESSMENT', 'view')).toBe(true);
    expect(can(only('CLIENT', null), 'ASSESSMENT', 'delete')).toBe(true);
    // Vertical follows Roles, not its own flag.
    expect(can(only('TEAM_MEMBER', 'GLOBAL_ROLE', 'VERTICAL:view'), 'VERTICAL', 'view')).toBe(false);
    expect(can(only('TEAM_MEMBER', 'GLOBAL_ROLE', 'ROLES:view'), 'VERTICAL', 'view')).toBe(true);
  });

  it('denies a missing user, and ignores flags that are not exactly true', () => {
    expect(can(null, 'DASHBOARD', 'view')).toBe(false);
    expect(can(undefined, 'ROLES', 'view')).toBe(false);
    const loose = {
      role: 'TEAM_MEMBER',
      membershipType: 'SKILLGAUGE_TEAM',
      permissions: [{ entity: 'QUESTIONS', actions: { view: 'true', create: 1 } }],
    } as unknown as Principal;
    expect(can(loose, 'QUESTIONS', 'view')).toBe(false);
    expect(can(loose, 'QUESTIONS', 'create')).toBe(false);
    expect(can({ role: 'TEAM_MEMBER', membershipType: 'SKILLGAUGE_TEAM', permissions: null }, 'QUESTIONS', 'view')).toBe(false);
    expect(can({ role: 'TEAM_MEMBER', membershipType: 'SKILLGAUGE_TEAM' }, 'DASHBOARD', 'view')).toBe(false);
  });
});

describe('permissionsOf(): the list /api/users/me answers', () => {
  const samples: [string, RoleName, Membership, string[]][] = [
    ['admin', 'ADMIN', null, []],
    ['client', 'CLIENT', null, []],
    ['client with a stray job role', 'CLIENT', 'SKILLGAUGE_TEAM', EVERY_FLAG],
    ['provider team, every flag', 'TEAM_MEMBER', 'SKILLGAUGE_TEAM', EVERY_FLAG],
    ['client staff, every flag', 'TEAM_MEMBER', 'CLIENT_SPECIFIC_ROLE', EVERY_FLAG],
    ['global role, a few flags', 'TEAM_MEMBER', 'GLOBAL_ROLE', ['ASSESSMENT:view', 'CAMPAIGN:create', 'ROLES:edit', 'QUESTIONS:view']],
    ['plain user', 'USER', null, EVERY_FLAG],
  ];

  it.each(samples)('%s', (_label, role, membership, grants) => {
    const { rules, domain } = principal(role, membership, grants);
    const list = permissionsOf(domain);
    expect(list).toHaveLength(19);
    expect(list.map((p) => p.entity)).toEqual([...ALL_ENTITIES]);
    for (const p of list) {
      const want = Object.fromEntries(ACTION_NAMES.map((a) => [a, expectedCan(rules, p.entity as EntityName, a)]));
      expect(p.actions, p.entity).toEqual(want);
    }
  });
});

describe('canLocations()', () => {
  it.each(ROLE_NAMES.flatMap((role) => MEMBERSHIPS.map((m) => [role, m ?? 'none'] as const)))('%s / %s', (role, m) => {
    const { rules, domain } = principal(role, m === 'none' ? null : m, EVERY_FLAG);
    for (const action of ACTION_NAMES) expect(canLocations(domain, action), action).toBe(expectedLocations(rules, action));
  });

  it('denies a missing user', () => {
    expect(canLocations(null, 'view')).toBe(false);
  });
});

describe('canAccessResource(): react-admin resources and actions', () => {
  /** The resources of DESIGN.md section 4 and the screens of the profile menu, with the entity guarding each. */
  const RESOURCES: [string, EntityName][] = [
    ['dashboard', 'DASHBOARD'],
    ['candidates', 'CANDIDATES'],
    ['invitations', 'CANDIDATES'],
    ['hiring-stages', 'CANDIDATES'],
    ['clients', 'CLIENTS'],
    ['licences', 'LICENCES'],
    ['orders', 'ORDERS'],
    ['payments', 'ORDERS'],
    ['assessments', 'ASSESSMENT'],
    ['questions', 'QUESTIONS'],
    ['question-reports', 'QUESTIONS'],
    ['answer-titles', 'QUESTIONS'],
    ['tests', 'TESTS'],
    ['campaigns', 'CAMPAIGN'],
    ['jobs', 'CAMPAIGN'],
    ['relationship-managers', 'RELATIONSHIP MANAGERS'],
    ['sales-persons', 'SALES PERSONS'],
    ['team-members', 'TEAM MEMBERS'],
    ['authors', 'AUTHORS'],
    ['categories', 'CATEGORIES'],
    ['skills', 'COMPETENCIES'],
    ['industries', 'INDUSTRIES'],
    ['languages', 'LANGUAGES'],
    ['job-roles', 'ROLES'],
    ['verticals', 'VERTICAL'],
  ];
  const RA_ACTIONS: [string, ActionName][] = [
    ['list', 'view'],
    ['show', 'view'],
    ['export', 'view'],
    ['view', 'view'],
    ['create', 'create'],
    ['clone', 'create'],
    ['edit', 'edit'],
    ['delete', 'delete'],
  ];

  /** Every role and membership, each with no flags, every flag, and a scattered third of them. */
  const population = ROLE_NAMES.flatMap((role) =>
    MEMBERSHIPS.flatMap((m) =>
      [[], EVERY_FLAG, EVERY_FLAG.filter((_, i) => (i * 7 + role.length + (m?.length ?? 0)) % 3 === 0)].map((grants) =>
        principal(role, m, grants),
      ),
    ),
  );

  it('maps each resource and action onto its entity', () => {
    const mismatches: string[] = [];
    for (const { rules, domain } of population) {
      for (const [resource, entity] of RESOURCES) {
        for (const [raAction, action] of RA_ACTIONS) {
          // 'My Question': a USER account works on its own questions and reads their reports.
          const own = rules.role === 'USER' && (resource === 'questions' || (resource === 'question-reports' && action === 'view'));
          const want = own ? true : expectedCan(rules, entity, action);
          if (canAccessResource(domain, resource, raAction) !== want)
            mismatches.push(`${rules.role}/${rules.membershipType} ${resource}.${raAction}: expected ${want}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('keeps users and outbox for admins and locations changes for admins and clients', () => {
    for (const { rules, domain } of population) {
      for (const [raAction, action] of RA_ACTIONS) {
        expect(canAccessResource(domain, 'users', raAction)).toBe(rules.role === 'ADMIN');
        expect(canAccessResource(domain, 'outbox', raAction)).toBe(rules.role === 'ADMIN');
        expect(canAccessResource(domain, 'locations', raAction)).toBe(expectedLocations(rules, action));
      }
    }
  });

  it('denies unknown resources, unknown actions and a missing user', () => {
    const admin = principal('ADMIN', null, []).domain;
    expect(canAccessResource(admin, 'no-such-resource', 'list')).toBe(false);
    expect(canAccessResource(admin, 'questions', 'frobnicate')).toBe(false);
    expect(canAccessResource(admin, 'questions', '')).toBe(false);
    expect(canAccessResource(null, 'locations', 'list')).toBe(false);
    expect(canAccessResource(undefined, 'questions', 'list')).toBe(false);
  });
});

describe('firstUnheld(): nobody grants what they lack', () => {
  it('answers the first flag the user does not hold, or nothing', () => {
    const manager = principal('TEAM_MEMBER', 'SKILLGAUGE_TEAM', ['ROLES:view', 'ROLES:create', 'QUESTIONS:view']).domain;
    const list = (grants: string[]) => permissionList(grants) as Parameters<typeof firstUnheld>[1];
    expect(firstUnheld(manager, list(['QUESTIONS:view', 'ROLES:create']))).toBeUndefined();
    expect(firstUnheld(manager, list(['QUESTIONS:view', 'QUESTIONS:edit']))).toEqual({ entity: 'QUESTIONS', action: 'edit' });
    expect(firstUnheld(manager, list(['CLIENTS:view']))).toEqual({ entity: 'CLIENTS', action: 'view' });
    expect(firstUnheld(manager, [])).toBeUndefined();
  });

  it('lets admins grant anything and clients anything of the client set', () => {
    const everything = permissionList(EVERY_FLAG) as Parameters<typeof firstUnheld>[1];
    expect(firstUnheld(principal('ADMIN', null, []).domain, everything)).toBeUndefined();
    const client = principal('CLIENT', null, []).domain;
    const clientSet = ['ASSESSMENT', 'CAMPAIGN', 'CANDIDATES', 'DASHBOARD', 'ORDERS', 'ROLES', 'TEAM MEMBERS'] as EntityName[];
    expect(firstUnheld(client, permissionList(clientSet.flatMap((e) => ACTION_NAMES.map((a) => flag(e, a)))) as Parameters<typeof firstUnheld>[1])).toBeUndefined();
    expect(firstUnheld(client, permissionList(['LICENCES:view']) as Parameters<typeof firstUnheld>[1])).toEqual({ entity: 'LICENCES', action: 'view' });
  });
});

describe('isClientSide(): whose records are their client’s only', () => {
  it('is the CLIENT account and client-specific team members, never the provider’s people', () => {
    const who = (role: Principal['role'], membershipType: Principal['membershipType'] = null): Principal => ({ role, membershipType, permissions: [] }) as unknown as Principal;
    expect(isClientSide(who('CLIENT'))).toBe(true);
    expect(isClientSide(who('TEAM_MEMBER', 'CLIENT_SPECIFIC_ROLE'))).toBe(true);
    expect(isClientSide(who('TEAM_MEMBER', 'SKILLGAUGE_TEAM'))).toBe(false);
    expect(isClientSide(who('ADMIN'))).toBe(false);
    expect(isClientSide(who('USER'))).toBe(false);
    expect(isClientSide(null)).toBe(false);
  });
});
