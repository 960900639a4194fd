/** The licences' pure rules: when a client runs low, and who may read licences. */
import { describe, expect, it } from 'vitest';
import { canSeeLicences, isLowOnCredits, LICENCE_STATES, licenceState } from '../../src/domain/business';
import type { EntityPermission } from '../../src/domain/permissions';

const perms = (entity: EntityPermission['entity'], action: 'view' | 'create') => [{ entity, actions: { view: action === 'view', create: action === 'create', edit: false, delete: false } }];

describe('isLowOnCredits()', () => {
  it('is low at or below the threshold, at or below 10 % of the credits, and always at none', () => {
    expect(isLowOnCredits({ remaining: 11, credits: 100 }, 10)).toBe(false);
    expect(isLowOnCredits({ remaining: 10, credits: 100 }, 10)).toBe(true);
    expect(isLowOnCredits({ remaining: 100, credits: 1000 }, 10)).toBe(true);
    expect(isLowOnCredits({ remaining: 101, credits: 1000 }, 10)).toBe(false);
    expect(isLowOnCredits({ remaining: 0, credits: 0 }, 0)).toBe(true);
  });
});

describe('canSeeLicences()', () => {
  it('admits provider staff with LICENCES view, the CLIENT account, and client team members who invite or see orders', () => {
    expect(canSeeLicences({ role: 'ADMIN' })).toBe(true);
    expect(canSeeLicences({ role: 'CLIENT' })).toBe(true);
    expect(canSeeLicences({ role: 'TEAM_MEMBER', membershipType: 'SKILLGAUGE_TEAM', permissions: perms('LICENCES', 'view') })).toBe(true);
    expect(canSeeLicences({ role: 'TEAM_MEMBER', membershipType: 'CLIENT_SPECIFIC_ROLE', permissions: perms('CANDIDATES', 'create') })).toBe(true);
    expect(canSeeLicences({ role: 'TEAM_MEMBER', membershipType: 'CLIENT_SPECIFIC_ROLE', permissions: perms('ORDERS', 'view') })).toBe(true);
  });

  it('refuses everyone else', () => {
    expect(canSeeLicences(null)).toBe(false);
    expect(canSeeLicences({ role: 'USER' })).toBe(false);
    expect(canSeeLicences({ role: 'TEAM_MEMBER', membershipType: 'SKILLGAUGE_TEAM', permissions: perms('CANDIDATES', 'create') })).toBe(false);
    expect(canSeeLicences({ role: 'TEAM_MEMBER', membershipType: 'CLIENT_SPECIFIC_ROLE', permissions: perms('CANDIDATES', 'view') })).toBe(false);
    expect(canSeeLicences({ role: 'TEAM_MEMBER', membershipType: 'GLOBAL_ROLE', permissions: perms('ORDERS', 'view') })).toBe(false);
  });
});

it('lists every state licenceState answers', () => {
  const base = { credits: 2, used: 0, validFrom: '2026-01-01', validUntil: '2026-12-31' };
  const now = Date.parse('2026-06-01');
  const seen = new Set([
    licenceState(base, now),
    licenceState({ ...base, used: 2 }, now),
    licenceState(base, Date.parse('2027-01-01')),
    licenceState(base, Date.parse('2025-01-01')),
    licenceState({ ...base, revokedAt: '2026-02-01' }, now),
  ]);
  expect([...seen].sort()).toEqual([...LICENCE_STATES].sort());
});
