/**
 * Create and edit forms: the shared zod rules' messages (translated), what reaches the data
 * provider, and the job role's permission matrix.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENT_ENTITIES, ENTITIES } from '../../src/domain/permissions';
import { en } from '../../src/i18n/en';
import { JobRoleCreate, JobRoleEdit } from '../../src/resources/job-roles/JobRoleViews';
import { LocationCreate, LocationEdit } from '../../src/resources/locations/LocationViews';
import { NamedCreate, NamedEdit } from '../../src/resources/shared/named';
import { UserCreate, UserEdit } from '../../src/resources/users/UserViews';
import { grants, mockApi, profiles, renderResource } from './kit';

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
/** Types into a field, waiting for the form first (views render once canAccess has answered). */
async function type(label: string | RegExp, value: string) {
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });
}
/** Clicks the toolbar's Save button (found by its text: role queries are slow on the big matrix). */
const save = (label = 'Save') => fireEvent.click(screen.getByText(label).closest('button')!);

/** Opens a react-admin SelectInput (an MUI select) and picks an option. */
async function choose(label: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

describe('named resources (categories, industries, verticals)', () => {
  it('requires a name', async () => {
    const { dataProvider } = renderResource(<NamedCreate />, { resource: 'categories', path: '/categories/create' });
    await type('Description', 'No name given');
    save();
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(dataProvider.db.categories ?? []).toHaveLength(0);
  });

  it('requires a name, in Hindi', async () => {
    renderResource(<NamedCreate />, { resource: 'industries', path: '/industries/create', locale: 'hi' });
    await type('विवरण', 'नाम नहीं');
    save('सहेजें');
    expect(await screen.findByText('नाम आवश्यक है')).toBeTruthy();
  });

  it('creates a category and returns to the list', async () => {
    const view = renderResource(<NamedCreate />, { resource: 'categories', path: '/categories/create' });
    await type('Name', 'Aptitude');
    await type('Description', 'Numbers and patterns');
    save();
    await waitFor(() => expect(view.dataProvider.db.categories).toHaveLength(1));
    expect(view.dataProvider.db.categories[0]).toMatchObject({ name: 'Aptitude', description: 'Numbers and patterns' });
    await waitFor(() => expect(view.location().pathname).toBe('/categories'));
  });

  it('edits a vertical in place', async () => {
    const view = renderResource(<NamedEdit />, {
      resource: 'verticals',
      path: '/verticals/v1',
      route: '/verticals/:id',
      records: { verticals: [{ id: 'v1', name: 'Engineering', description: 'Shared', clientId: null }, { id: 'v2', name: 'Nursing', description: null, clientId: 'c-1' }] },
    });
    await waitFor(() => expect(input('Name').value).toBe('Engineering'));
    await type('Name', 'Software engineering');
    save();
    await waitFor(() => expect(view.dataProvider.db.verticals[0].name).toBe('Software engineering'));
    expect(view.dataProvider.db.verticals[1].name).toBe('Nursing');
  });

  it('does not save an edit that empties the name', async () => {
    const view = renderResource(<NamedEdit />, {
      resource: 'industries',
      path: '/industries/i1',
      route: '/industries/:id',
      records: { industries: [{ id: 'i1', name: 'Banking', description: null }] },
    });
    await waitFor(() => expect(input('Name').value).toBe('Banking'));
    await type('Name', '   ');
    save();
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(view.dataProvider.db.industries[0].name).toBe('Banking');
  });
});

describe('locations', () => {
  it('requires a name', async () => {
    renderResource(<LocationCreate />, { resource: 'locations', path: '/locations/create' });
    await type('City', 'Pune');
    save();
    expect(await screen.findByText('Name is required')).toBeTruthy();
  });

  it('creates a location', async () => {
    const { dataProvider } = renderResource(<LocationCreate />, { resource: 'locations', path: '/locations/create' });
    await type('Name', 'Pune office');
    await type('City', 'Pune');
    await type('Country', 'India');
    save();
    await waitFor(() => expect(dataProvider.db.locations).toHaveLength(1));
    expect(dataProvider.db.locations[0]).toMatchObject({ name: 'Pune office', city: 'Pune', country: 'India' });
  });

  it('edits a location, in Hindi', async () => {
    const { dataProvider } = renderResource(<LocationEdit />, {
      resource: 'locations',
      path: '/locations/l1',
      route: '/locations/:id',
      locale: 'hi',
      records: { locations: [{ id: 'l1', name: 'Pune office', city: 'Pune', state: null, country: 'India' }] },
    });
    await waitFor(() => expect(input('नाम').value).toBe('Pune office'));
    await type('राज्य', 'Maharashtra');
    save('सहेजें');
    await waitFor(() => expect(dataProvider.db.locations[0].state).toBe('Maharashtra'));
  });
});

describe('user forms', () => {
  const JOB_ROLE_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

  it('the team-members form has no Account type input; the users form has one', async () => {
    renderResource(<UserCreate />, { resource: 'team-members', path: '/team-members/create' });
    await screen.findByLabelText('Name');
    expect(screen.queryByRole('combobox', { name: /^Account type\b/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Designation\b/ })).toBeNull();
    expect(screen.getByRole('combobox', { name: /^Membership type\b/ })).toBeTruthy();
  });

  it('the users form has Account type and Designation inputs', async () => {
    renderResource(<UserCreate />, { resource: 'users', path: '/users/create' });
    expect(await screen.findByRole('combobox', { name: /^Account type\b/ })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Designation\b/ })).toBeTruthy();
  });

  it('shows the name and email messages', async () => {
    const { dataProvider } = renderResource(<UserCreate />, { resource: 'team-members', path: '/team-members/create' });
    await type('Email', 'not-an-email');
    save();
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(dataProvider.db['team-members'] ?? []).toHaveLength(0);
  });

  it('shows them in Hindi', async () => {
    renderResource(<UserCreate />, { resource: 'authors', path: '/authors/create', locale: 'hi' });
    await type('ईमेल', 'not-an-email');
    save('सहेजें');
    expect(await screen.findByText('नाम आवश्यक है')).toBeTruthy();
    expect(screen.getByText('मान्य ईमेल पता दर्ज करें')).toBeTruthy();
  });

  it('creates a team member with the screen’s role, membership and a job role from the dropdown', async () => {
    mockApi(({ url }) =>
      url === '/api/job-roles/dropdown?scope=SKILLGAUGE_TEAM' ? { status: 200, data: { result: 1, data: [{ _id: JOB_ROLE_ID, label: 'Content manager' }] } } : undefined,
    );
    const view = renderResource(<UserCreate />, { resource: 'team-members', path: '/team-members/create' });
    await type('Name', 'Ravi Kumar');
    await type('Email', 'ravi@example.com');
    await choose(/^Role\b/, 'Content manager');
    save();
    await waitFor(() => expect(view.dataProvider.db['team-members']).toHaveLength(1));
    expect(view.dataProvider.db['team-members'][0]).toMatchObject({
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      role: 'TEAM_MEMBER',
      designation: null,
      membershipType: 'SKILLGAUGE_TEAM',
      position: JOB_ROLE_ID,
      isActive: true,
    });
  });

  it('a client creates team members with the client-specific membership, without a membership picker', async () => {
    const view = renderResource(<UserCreate />, { resource: 'team-members', path: '/team-members/create', profile: profiles.client() });
    await type('Name', 'Kiran');
    await type('Email', 'kiran@example.com');
    expect(screen.queryByRole('combobox', { name: /^Membership type\b/ })).toBeNull();
    save();
    await waitFor(() => expect(view.dataProvider.db['team-members']).toHaveLength(1));
    expect(view.dataProvider.db['team-members'][0]).toMatchObject({ role: 'TEAM_MEMBER', membershipType: 'CLIENT_SPECIFIC_ROLE' });
  });

  it('an edit keeps the password when left empty', async () => {
    const view = renderResource(<UserEdit />, {
      resource: 'users',
      path: '/users/u9',
      route: '/users/:id',
      records: { users: [{ id: 'u9', name: 'Asha', email: 'asha@example.com', role: 'USER', membershipType: null, isActive: true, isVerified: true }] },
    });
    await waitFor(() => expect(input('Name').value).toBe('Asha'));
    await type('Name', 'Asha Rao');
    save();
    await waitFor(() => expect(view.dataProvider.db.users[0].name).toBe('Asha Rao'));
    expect(view.dataProvider.db.users[0].password).toBeUndefined();
    expect(view.dataProvider.db.users[0]).toMatchObject({ email: 'asha@example.com', role: 'USER' });
  });
});

// ---------------------------------------------------------------------------------------------
// Job roles and the permission matrix

const entityLabels: Record<string, string> = en.app.enums.entity;
// Label queries: role queries over ~100 checkboxes are slow in jsdom.
const viewBoxes = () => screen.getAllByLabelText(/: View$/) as HTMLInputElement[];
const box = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
/** The area names of the matrix rows, in order. */
const matrixAreas = () => viewBoxes().map((b) => b.getAttribute('aria-label')!.replace(/: View$/, ''));

const scopeSelect = () => screen.getByLabelText('Scope');

async function chooseScope(option: string) {
  fireEvent.mouseDown(scopeSelect());
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('job-role form', () => {
  it('shows all 19 areas for a Skillgauge team role and the 7 client areas for a client-specific one', async () => {
    renderResource(<JobRoleCreate />, { resource: 'job-roles', path: '/job-roles/create' });
    await screen.findByLabelText('Participants: View');
    expect(matrixAreas()).toEqual(ENTITIES.map((e) => entityLabels[e]));
    await chooseScope('Client-specific role');
    await waitFor(() => expect(viewBoxes()).toHaveLength(7));
    expect(matrixAreas()).toEqual(CLIENT_ENTITIES.map((e) => entityLabels[e]));
  });

  it('a client only ever sees the client areas, with the scope fixed', async () => {
    renderResource(<JobRoleCreate />, { resource: 'job-roles', path: '/job-roles/create', profile: profiles.client() });
    await screen.findByLabelText('Participants: View');
    expect(viewBoxes()).toHaveLength(CLIENT_ENTITIES.length);
    expect(scopeSelect().getAttribute('aria-disabled')).toBe('true');
  });

  it('a client creates a role on a fresh page (its profile still loading): the fixed scope is sent with it', async () => {
    const { dataProvider } = renderResource(<JobRoleCreate />, { resource: 'job-roles', path: '/job-roles/create', profile: profiles.client(), profileArrivesLate: true });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Campus recruiter' } });
    fireEvent.click(box('Participants: Create'));
    save();
    await waitFor(() => expect(dataProvider.db['job-roles']).toHaveLength(1));
    expect(dataProvider.db['job-roles'][0]).toMatchObject({ name: 'Campus recruiter', scope: 'CLIENT_SPECIFIC_ROLE', permissions: grants({ CANDIDATES: ['view', 'create'] }) });
  });

  it('ticking Create ticks View; unticking View clears the row', async () => {
    renderResource(<JobRoleCreate />, { resource: 'job-roles', path: '/job-roles/create' });
    await screen.findByLabelText('Participants: View');
    fireEvent.click(box('Participants: Create'));
    expect(box('Participants: Create').checked).toBe(true);
    expect(box('Participants: View').checked).toBe(true);
    expect(box('Participants: Edit').checked).toBe(false);
    fireEvent.click(box('Participants: Edit'));
    fireEvent.click(box('Participants: View'));
    for (const action of ['View', 'Create', 'Edit', 'Delete', 'All']) expect(box(`Participants: ${action}`).checked).toBe(false);
    // Other rows are untouched by the row's changes.
    expect(box('Orders: View').checked).toBe(false);
  });

  it('"All" ticks and clears a whole row', async () => {
    renderResource(<JobRoleCreate />, { resource: 'job-roles', path: '/job-roles/create' });
    await screen.findByLabelText('Participants: View');
    fireEvent.click(box('Tests: All'));
    for (const action of ['View', 'Create', 'Edit', 'Delete']) expect(box(`Tests: ${action}`).checked).toBe(true);
    fireEvent.click(box('Tests: All'));
    expect(box('Tests: View').checked).toBe(false);
  });

  it('requires a name (English and Hindi)', async () => {
    const english = renderResource(<JobRoleCreate />, { resource: 'job-roles', path: '/job-roles/create' });
    fireEvent.change(await screen.findByLabelText('Description'), { target: { value: 'No name' } });
    save();
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(english.dataProvider.db['job-roles'] ?? []).toHaveLength(0);
    english.unmount();

    renderResource(<JobRoleCreate />, { resource: 'job-roles', path: '/job-roles/create', locale: 'hi' });
    fireEvent.change(await screen.findByLabelText('विवरण'), { target: { value: 'नाम नहीं' } });
    save('सहेजें');
    expect(await screen.findByText('नाम आवश्यक है')).toBeTruthy();
  });

  it('creates a role with the ticked permissions', async () => {
    const { dataProvider } = renderResource(<JobRoleCreate />, { resource: 'job-roles', path: '/job-roles/create' });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Recruiter' } });
    fireEvent.click(box('Participants: Create'));
    fireEvent.click(box('Orders: View'));
    save();
    await waitFor(() => expect(dataProvider.db['job-roles']).toHaveLength(1));
    expect(dataProvider.db['job-roles'][0]).toMatchObject({
      name: 'Recruiter',
      scope: 'SKILLGAUGE_TEAM',
      permissions: grants({ CANDIDATES: ['view', 'create'], ORDERS: ['view'] }),
    });
  });

  it('switching to a client-specific scope drops grants of areas it no longer shows', async () => {
    const { dataProvider } = renderResource(<JobRoleCreate />, { resource: 'job-roles', path: '/job-roles/create' });
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Narrowed' } });
    fireEvent.click(box('Clients: View'));
    fireEvent.click(box('Participants: View'));
    await chooseScope('Client-specific role');
    await waitFor(() => expect(viewBoxes()).toHaveLength(7));
    save();
    await waitFor(() => expect(dataProvider.db['job-roles']).toHaveLength(1));
    expect(dataProvider.db['job-roles'][0].permissions).toEqual(grants({ CANDIDATES: ['view'] }));
  });

  it('edits a role, showing its stored permissions', async () => {
    const { dataProvider } = renderResource(<JobRoleEdit />, {
      resource: 'job-roles',
      path: '/job-roles/r1',
      route: '/job-roles/:id',
      records: { 'job-roles': [{ id: 'r1', name: 'Viewer', description: null, scope: 'GLOBAL_ROLE', permissions: grants({ CAMPAIGN: ['view'] }) }] },
    });
    await waitFor(() => expect(box('Campaign: View').checked).toBe(true));
    expect(viewBoxes()).toHaveLength(ENTITIES.length);
    fireEvent.click(box('Campaign: Edit'));
    save();
    await waitFor(() => expect(dataProvider.db['job-roles'][0].permissions).toEqual(grants({ CAMPAIGN: ['view', 'edit'] })));
    expect(dataProvider.db['job-roles'][0]).toMatchObject({ name: 'Viewer', scope: 'GLOBAL_ROLE' });
  });
});
