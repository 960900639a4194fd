/**
 * Each resource's list: its records, its translated column headers, its chips; and its buttons,
 * which follow canAccess (the real permission rules): hidden, not merely disabled, when denied.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JobRoleList } from '../../src/resources/job-roles/JobRoleViews';
import { LocationList } from '../../src/resources/locations/LocationViews';
import { OutboxList } from '../../src/resources/outbox/OutboxViews';
import { NamedList } from '../../src/resources/shared/named';
import { UserList } from '../../src/resources/users/UserViews';
import { columnHeaders, grants, profiles, renderResource, tableRows, type Rendered } from './kit';

const at = '2025-01-15T10:00:00.000Z';
const named = (id: string, name: string, extra: Record<string, unknown> = {}) => ({ id, name, description: `${name} questions`, createdAt: at, updatedAt: at, ...extra });

describe('categories (NamedList)', () => {
  const records = { categories: [named('c2', 'Verbal'), named('c1', 'Aptitude'), named('c3', 'Logic')] };

  it('lists the records sorted by name under English headers', async () => {
    renderResource(<NamedList />, { resource: 'categories', records });
    await screen.findByText('Aptitude');
    expect(await columnHeaders()).toEqual(['Name', 'Description', 'Updated']);
    const rows = await tableRows();
    expect(rows.map(([name]) => name)).toEqual(['Aptitude', 'Logic', 'Verbal']);
    expect(screen.getByText('Aptitude questions')).toBeTruthy();
  });

  it('speaks Hindi', async () => {
    renderResource(<NamedList />, { resource: 'categories', records, locale: 'hi' });
    await screen.findByText('Aptitude');
    expect(await columnHeaders()).toEqual(['नाम', 'विवरण', 'अपडेट किया गया']);
  });
});

describe('search and pages', () => {
  const many = { categories: Array.from({ length: 12 }, (_, i) => named(`c${i}`, `Category ${String(i + 1).padStart(2, '0')}`)) };

  it('shows 10 records a page, then narrows the list as the search box is filled', async () => {
    renderResource(<NamedList />, { resource: 'categories', records: many });
    await screen.findByText('Category 01');
    expect(await tableRows()).toHaveLength(10);
    expect(screen.getByText('1-10 of 12')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'category 1' } });
    await waitFor(async () => expect((await tableRows()).map(([name]) => name)).toEqual(['Category 10', 'Category 11', 'Category 12']));
  });
});

describe('industries', () => {
  it('lists the records with no owner column', async () => {
    renderResource(<NamedList />, { resource: 'industries', records: { industries: [named('i1', 'Banking'), named('i2', 'Retail')] } });
    await screen.findByText('Banking');
    expect(screen.getByText('Retail')).toBeTruthy();
    expect(await columnHeaders()).toEqual(['Name', 'Description', 'Updated']);
  });
});

describe('verticals', () => {
  const records = {
    verticals: [named('v1', 'Engineering', { clientId: null, clientName: null }), named('v2', 'Nursing', { clientId: 'c-9', clientName: 'CareCo' })],
  };

  it('shows "All clients" for shared records and the client for owned ones', async () => {
    renderResource(<NamedList withOwner />, { resource: 'verticals', records });
    await screen.findByText('Engineering');
    expect(await columnHeaders()).toEqual(['Name', 'Description', 'Owner', 'Updated']);
    const [shared, owned] = await tableRows();
    expect(shared.slice(0, 3)).toEqual(['Engineering', 'Engineering questions', 'All clients']);
    expect(owned.slice(0, 3)).toEqual(['Nursing', 'Nursing questions', 'CareCo']);
  });

  it('says "All clients" in Hindi', async () => {
    renderResource(<NamedList withOwner />, { resource: 'verticals', records, locale: 'hi' });
    await screen.findByText('Engineering');
    expect(await columnHeaders()).toContain('स्वामी');
    expect(screen.getByText('सभी क्लाइंट')).toBeTruthy();
  });
});

describe('locations', () => {
  it('lists name, city, state, country and owner', async () => {
    renderResource(<LocationList />, {
      resource: 'locations',
      records: {
        locations: [
          { id: 'l1', name: 'Pune office', city: 'Pune', state: 'Maharashtra', country: 'India', clientId: null },
          { id: 'l2', name: 'Acme HQ', city: 'Delhi', state: 'Delhi', country: 'India', clientId: 'c-1', clientName: 'Acme' },
        ],
      },
    });
    await screen.findByText('Pune office');
    expect(await columnHeaders()).toEqual(['Name', 'City', 'State', 'Country', 'Owner']);
    expect(await tableRows()).toEqual([
      ['Acme HQ', 'Delhi', 'Delhi', 'India', 'Acme'],
      ['Pune office', 'Pune', 'Maharashtra', 'India', 'All clients'],
    ]);
  });
});

describe('outbox', () => {
  const mail = (id: string, status: string, minute: number) => ({
    id,
    toAddress: `${id}@example.com`,
    subject: `Subject ${id}`,
    status,
    createdAt: `2025-01-15T10:${String(minute).padStart(2, '0')}:00.000Z`,
  });

  it('lists mails newest first with a status chip each', async () => {
    renderResource(<OutboxList />, {
      resource: 'outbox',
      records: { outbox: [mail('a', 'sent', 1), mail('b', 'failed', 2), mail('c', 'pending', 3), mail('d', 'logged', 4)] },
    });
    await screen.findByText('Subject a');
    expect(await columnHeaders()).toEqual(['Queued', 'To', 'Subject', 'Status']);
    const rows = await tableRows();
    expect(rows.map(([, , subject, status]) => [subject, status])).toEqual([
      ['Subject d', 'Kept (no SMTP)'],
      ['Subject c', 'Pending'],
      ['Subject b', 'Failed'],
      ['Subject a', 'Sent'],
    ]);
    const sent = screen.getByText('Sent').closest('.MuiChip-root')!;
    const failed = screen.getByText('Failed').closest('.MuiChip-root')!;
    expect(sent.className).toContain('MuiChip-colorSuccess');
    expect(failed.className).toContain('MuiChip-colorError');
  });
});

describe('job-roles', () => {
  const records = {
    'job-roles': [
      {
        id: 'r1',
        name: 'Recruiter',
        scope: 'CLIENT_SPECIFIC_ROLE',
        permissions: [
          ...grants({ CANDIDATES: ['view', 'create'], CAMPAIGN: ['view'] }),
          // A flag without view does not make the area visible.
          ...grants({ ORDERS: ['edit'] }),
        ],
        updatedAt: at,
      },
      { id: 'r2', name: 'Content manager', scope: 'SKILLGAUGE_TEAM', permissions: grants({ QUESTIONS: ['view'] }), updatedAt: at },
    ],
  };

  it('shows the scope chip and a chip per granted area', async () => {
    renderResource(<JobRoleList />, { resource: 'job-roles', records });
    await screen.findByText('Recruiter');
    expect(await columnHeaders()).toEqual(['Name', 'Scope', 'Permissions', 'Updated']);
    const table = screen.getByRole('table');
    const [, manager, recruiter] = within(table).getAllByRole('row');
    const chips = (row: HTMLElement) => Array.from(row.querySelectorAll('.MuiChip-label'), (c) => c.textContent);
    expect(chips(manager)).toEqual(['Skillgauge team', 'Questions']);
    expect(chips(recruiter)).toEqual(['Client-specific role', 'Participants', 'Campaign']);
  });

  it('translates scopes and areas into Hindi', async () => {
    renderResource(<JobRoleList />, { resource: 'job-roles', records, locale: 'hi' });
    await screen.findByText('Recruiter');
    expect(await columnHeaders()).toEqual(['नाम', 'दायरा', 'अनुमतियाँ', 'अपडेट किया गया']);
    expect(screen.getByText('स्किलगेज टीम')).toBeTruthy();
  });
});

describe('user screens', () => {
  const person = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
    id,
    name,
    email: `${id}@example.com`,
    role: 'TEAM_MEMBER',
    membershipType: 'SKILLGAUGE_TEAM',
    position: 'r1',
    isActive: true,
    isVerified: true,
    lastLoginAt: null,
    ...extra,
  });
  const roles = [{ id: 'r1', name: 'Content manager', scope: 'SKILLGAUGE_TEAM', permissions: [] }];

  it('team-members has no Account type column and names the role', async () => {
    renderResource(<UserList />, { resource: 'team-members', records: { 'team-members': [person('t1', 'Tara')], 'job-roles': roles } });
    await screen.findByText('Tara');
    const headers = await columnHeaders();
    expect(headers).toEqual(['Name', 'Email', 'Membership type', 'Role', 'Active', 'Verified', 'Last sign-in']);
    expect(headers).not.toContain('Account type');
    expect(await screen.findByText('Content manager')).toBeTruthy();
    expect(screen.getByText('Skillgauge team')).toBeTruthy();
  });

  it('users has the Account type column with translated account types', async () => {
    renderResource(<UserList />, {
      resource: 'users',
      records: { users: [person('a1', 'Asha', { role: 'ADMIN', membershipType: null, position: null }), person('t1', 'Tara')] },
    });
    await screen.findByText('Asha');
    expect(await columnHeaders()).toEqual(['Name', 'Email', 'Account type', 'Membership type', 'Role', 'Active', 'Verified', 'Last sign-in']);
    const [asha, tara] = await tableRows();
    // The users list has a bulk-selection checkbox column first.
    expect(asha.slice(1, 4)).toEqual(['Asha', 'a1@example.com', 'Admin']);
    expect(tara.slice(1, 5)).toEqual(['Tara', 't1@example.com', 'Team member', 'Skillgauge team']);
  });

  it('authors speak Hindi', async () => {
    renderResource(<UserList />, { resource: 'authors', records: { authors: [person('w1', 'Wasim', { role: 'CONTRIBUTOR' })] }, locale: 'hi' });
    await screen.findByText('Wasim');
    expect(await columnHeaders()).toEqual(['नाम', 'ईमेल', 'सदस्यता प्रकार', 'भूमिका', 'सक्रिय', 'सत्यापित', 'पिछला साइन-इन']);
  });

  it('relationship-managers lists its records', async () => {
    renderResource(<UserList />, { resource: 'relationship-managers', profile: profiles.admin(), records: { 'relationship-managers': [person('m1', 'Meera')] } });
    expect(await screen.findByText('Meera')).toBeTruthy();
  });
});

// ---------------------------------------------------------------------------------------------
// Access

const roleRecords = { 'job-roles': [{ id: 'r1', name: 'Recruiter', scope: 'CLIENT_SPECIFIC_ROLE', permissions: [] }] };
const memberRecords = { 'team-members': [{ id: 't1', name: 'Tara', email: 'tara@example.com', role: 'TEAM_MEMBER', membershipType: 'CLIENT_SPECIFIC_ROLE', position: null, isActive: true, isVerified: true }] };

/** Waits until the auth provider has answered the Create button's question, then lets React settle. */
async function createDecided({ authProvider }: Rendered, resource: string): Promise<boolean> {
  await waitFor(() => expect(authProvider.decisions.some((d) => d.resource === resource && d.action === 'create')).toBe(true));
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  return authProvider.decisions.find((d) => d.resource === resource && d.action === 'create')!.allowed;
}

describe('list actions', () => {
  it('an admin sees Create, Export and Columns on job-roles', async () => {
    renderResource(<JobRoleList />, { resource: 'job-roles', records: roleRecords, profile: profiles.admin() });
    await screen.findByText('Recruiter');
    expect(await screen.findByRole('link', { name: 'Create' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Columns' })).toBeTruthy();
  });

  it('a Skillgauge team member with only view on ROLES sees the list without Create', async () => {
    const view = renderResource(<JobRoleList />, {
      resource: 'job-roles',
      records: roleRecords,
      profile: profiles.teamMember('SKILLGAUGE_TEAM', { ROLES: ['view'] }),
    });
    await screen.findByText('Recruiter');
    expect(await createDecided(view, 'job-roles')).toBe(false);
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('the same member with create on ROLES sees Create', async () => {
    renderResource(<JobRoleList />, {
      resource: 'job-roles',
      records: roleRecords,
      profile: profiles.teamMember('SKILLGAUGE_TEAM', { ROLES: ['view', 'create'] }),
    });
    await screen.findByText('Recruiter');
    expect(await screen.findByRole('link', { name: 'Create' })).toBeTruthy();
  });

  it('a client-specific member without create on TEAM MEMBERS sees no Create on team-members', async () => {
    const view = renderResource(<UserList />, {
      resource: 'team-members',
      records: memberRecords,
      profile: profiles.teamMember('CLIENT_SPECIFIC_ROLE', { 'TEAM MEMBERS': ['view', 'edit'] }),
    });
    await screen.findByText('Tara');
    expect(await createDecided(view, 'team-members')).toBe(false);
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
  });

  it('a client (fixed permissions) sees Create on team-members', async () => {
    renderResource(<UserList />, { resource: 'team-members', records: memberRecords, profile: profiles.client() });
    await screen.findByText('Tara');
    expect(await screen.findByRole('link', { name: 'Create' })).toBeTruthy();
  });

  it('a Hindi admin sees the buttons in Hindi', async () => {
    renderResource(<NamedList />, { resource: 'categories', records: { categories: [{ id: 'c1', name: 'Aptitude' }] }, locale: 'hi' });
    await screen.findByText('Aptitude');
    expect(await screen.findByRole('link', { name: 'बनाएँ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'निर्यात करें' })).toBeTruthy();
  });
});

describe('the list itself', () => {
  it('is not shown to a client-specific member for a provider-only resource (categories)', async () => {
    const view = renderResource(<NamedList />, {
      resource: 'categories',
      records: { categories: [{ id: 'c1', name: 'Aptitude' }] },
      route: '/categories',
      // Rule A: a CATEGORIES flag means nothing outside the Skillgauge team.
      profile: profiles.teamMember('CLIENT_SPECIFIC_ROLE', { CATEGORIES: ['view', 'create'] }),
    });
    await waitFor(() => expect(view.authProvider.decisions.some((d) => d.resource === 'categories' && d.action === 'list')).toBe(true));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(view.authProvider.decisions.find((d) => d.action === 'list')!.allowed).toBe(false);
    await waitFor(() => expect(view.location().pathname).toBe('/access-denied'));
    expect(screen.queryByText('Aptitude')).toBeNull();
  });
});
