import { describe, expect, it } from 'vitest';
import { completionRate, dashboardKind, invitationsLink, monthsOf, presetRange, rangeBounds, rangeQuerySchema } from '../../src/domain/dashboards';
import type { EntityPermission } from '../../src/domain/permissions';

const view = (entity: EntityPermission['entity']): EntityPermission[] => [{ entity, actions: { view: true, create: false, edit: false, delete: false } }];

describe('dashboard periods', () => {
  it('presets are whole months of India, up to today', () => {
    // 22:00 UTC on 31 Jan is 1 Feb in India.
    const now = new Date('2026-01-31T22:00:00Z');
    expect(presetRange('THIS_MONTH', now)).toEqual({ from: '2026-02-01', to: '2026-02-01' });
    expect(presetRange('LAST_3_MONTHS', now)).toEqual({ from: '2025-12-01', to: '2026-02-01' });
    expect(presetRange('LAST_12_MONTHS', now)).toEqual({ from: '2025-03-01', to: '2026-02-01' });
  });

  it('bounds a range by India’s midnights and lists its months', () => {
    expect(rangeBounds({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ start: new Date('2026-02-28T18:30:00Z'), end: new Date('2026-03-31T18:30:00Z') });
    expect(monthsOf({ from: '2025-11-15', to: '2026-02-01' })).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('checks the query: both days or neither, real days, in order', () => {
    expect(rangeQuerySchema.safeParse({}).success).toBe(true);
    expect(rangeQuerySchema.safeParse({ from: '2026-01-01', to: '2026-01-01' }).success).toBe(true);
    for (const bad of [{ from: '2026-01-01' }, { from: '2026-02-30', to: '2026-03-01' }, { from: '2026-03-02', to: '2026-03-01' }, { from: '2000-01-01', to: '2099-01-01' }])
      expect(rangeQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('links to the invitations list with the period and status', () => {
    const link = invitationsLink({ from: '2026-03-01', to: '2026-03-31' }, { status: 'COMPLETED' });
    const filter = JSON.parse(new URLSearchParams(link.split('?')[1]).get('filter')!);
    expect(link.startsWith('/candidate?')).toBe(true);
    expect(filter).toEqual({ status: 'COMPLETED', invitedAt_gte: '2026-02-28T18:30:00.000Z', invitedAt_lte: '2026-03-31T18:29:59.999Z' });
  });

  it('rounds the completion rate and has none without invitations', () => {
    expect(completionRate(3, 7)).toBe(42.9);
    expect(completionRate(0, 0)).toBeNull();
  });
});

describe('which dashboard', () => {
  it('the provider’s staff, a client’s users, or none', () => {
    expect(dashboardKind({ role: 'ADMIN' })).toBe('admin');
    expect(dashboardKind({ role: 'TEAM_MEMBER', membershipType: 'SKILLGAUGE_TEAM', permissions: view('DASHBOARD') })).toBe('admin');
    expect(dashboardKind({ role: 'TEAM_MEMBER', membershipType: 'SKILLGAUGE_TEAM', permissions: view('QUESTIONS') })).toBeNull();
    expect(dashboardKind({ role: 'CLIENT', clientId: 'c' })).toBe('client');
    expect(dashboardKind({ role: 'TEAM_MEMBER', membershipType: 'CLIENT_SPECIFIC_ROLE', permissions: view('DASHBOARD'), clientId: 'c' })).toBe('client');
    expect(dashboardKind({ role: 'TEAM_MEMBER', membershipType: 'GLOBAL_ROLE', permissions: view('DASHBOARD') })).toBeNull();
    expect(dashboardKind({ role: 'USER' })).toBeNull();
  });
});
