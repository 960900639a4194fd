/**
 * Phones (375 px): every list is a simple list whose rows open the same page as the table's rows,
 * without a Columns button, with room below it for the floating Create button; the permission
 * matrix is one card per area with all five boxes.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { JobRoleCreate, JobRoleList } from '../../src/resources/job-roles/JobRoleViews';
import { LanguageList } from '../../src/resources/languages/LanguageViews';
import { LocationList } from '../../src/resources/locations/LocationViews';
import { OutboxList } from '../../src/resources/outbox/OutboxViews';
import { QuestionList } from '../../src/resources/questions/QuestionViews';
import { NamedList } from '../../src/resources/shared/named';
import { SkillList } from '../../src/resources/skills/SkillViews';
import { TestList } from '../../src/resources/test-library/TestViews';
import { UserList } from '../../src/resources/users/UserViews';
import en from '../../src/i18n/en';
import { grants, renderResource, type Records } from './kit';
import { CLASS_PREFIX, generatedCss } from './styles';

const PHONE = 375;
const area = (entity: string) => (en as unknown as { app: { enums: { entity: Record<string, string> } } }).app.enums.entity[entity];
const at = '2025-01-15T10:00:00.000Z';

// The setup's matchMedia answers from window.innerWidth (and puts it back after each test).
beforeEach(() => {
  window.innerWidth = PHONE;
});

/** The rows of the simple list: each row's link and its text. */
async function phoneRows(): Promise<{ href: string | null; text: string }[]> {
  const list = await waitFor(() => {
    // react-admin names the list in its generated class.
    const found = document.querySelector('ul[class*="RaSimpleList-root"]');
    if (!found) throw new Error('no simple list');
    return found as HTMLElement;
  });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => ({ href: item.querySelector('a')?.getAttribute('href') ?? null, text: item.textContent ?? '' }));
}

interface Case {
  name: string;
  ui: ReactElement;
  resource: string;
  records: Records;
  /** What the first row must say. */
  says: string[];
  /** Where the first row leads: the desktop row's rowClick target. */
  href: string;
}

const cases: Case[] = [
  {
    name: 'categories',
    ui: <NamedList />,
    resource: 'categories',
    records: { categories: [{ id: 'c1', name: 'Aptitude', description: 'Numbers and logic', updatedAt: at }] },
    says: ['Aptitude', 'Numbers and logic'],
    href: '/categories/c1',
  },
  {
    name: 'verticals (owner at the right)',
    ui: <NamedList withOwner />,
    resource: 'verticals',
    records: { verticals: [{ id: 'v1', name: 'Nursing', description: null, clientId: null, updatedAt: at }] },
    says: ['Nursing', 'All clients'],
    href: '/verticals/v1',
  },
  {
    name: 'locations',
    ui: <LocationList />,
    resource: 'locations',
    records: { locations: [{ id: 'l1', name: 'Pune office', city: 'Pune', state: 'Maharashtra', country: 'India', clientId: 'c-1', clientName: 'Acme' }] },
    says: ['Pune office', 'Pune, Maharashtra, India', 'Acme'],
    href: '/locations/l1',
  },
  {
    name: 'outbox (opens the mail)',
    ui: <OutboxList />,
    resource: 'outbox',
    records: { outbox: [{ id: 'm1', toAddress: 'asha@example.com', subject: 'Your code', status: 'failed', createdAt: at }] },
    says: ['Your code', 'asha@example.com', 'Failed'],
    href: '/outbox/m1/show',
  },
  {
    name: 'users (role under the address)',
    ui: <UserList />,
    resource: 'users',
    records: { users: [{ id: 'u1', name: 'Asha', email: 'asha@example.com', role: 'ADMIN', membershipType: null, position: null, isActive: true, isVerified: true }] },
    says: ['Asha', 'asha@example.com · Admin'],
    href: '/users/u1',
  },
  {
    name: 'job roles (scope and areas)',
    ui: <JobRoleList />,
    resource: 'job-roles',
    records: { 'job-roles': [{ id: 'r1', name: 'Recruiter', scope: 'CLIENT_SPECIFIC_ROLE', permissions: grants({ CANDIDATES: ['view'], CAMPAIGN: ['view'] }), updatedAt: at }] },
    says: ['Recruiter', `Client-specific role · ${area('CANDIDATES')}, ${area('CAMPAIGN')}`],
    href: '/job-roles/r1',
  },
  {
    name: 'languages',
    ui: <LanguageList />,
    resource: 'languages',
    records: { languages: [{ id: 'en1', code: 'en', label: 'English', iconName: 'gb', isActive: true, createdAt: at }] },
    says: ['English', 'en · Active: Yes'],
    href: '/languages/en1',
  },
  {
    name: 'tests (opens the preview)',
    ui: <TestList />,
    resource: 'tests',
    records: { tests: [{ id: 't1', name: 'Teamwork essentials', category: 'COMPETENCY', primarySkillLabel: 'Teamwork', questionCount: 3, durationSeconds: 600, tags: ['demo'], updatedAt: at }] },
    says: ['Teamwork essentials', 'Competency · Teamwork · 3 questions · 10 minutes'],
    href: '/tests/t1/show',
  },
  {
    name: 'questions (status at the right, opens the question page)',
    ui: <QuestionList />,
    resource: 'questions',
    records: { questions: [{ id: 'q1', title: 'Shares credit', category: 'COMPETENCY', questionType: 'LIKERT', status: 'CREATED', complexity: 'L2', primarySkillLabel: 'Teamwork', authorName: 'Arjun', updatedAt: at }] },
    says: ['Shares credit', 'Competency · Teamwork · Likert · L2', 'Submitted'],
    href: '/questions/q1/show',
  },
];

describe('lists at 375 px', () => {
  it.each(cases)('$name: a simple list, no table, each row a link to its record', async ({ ui, resource, records, says, href }) => {
    renderResource(ui, { resource, records });
    const [first] = await phoneRows();
    for (const text of says) expect(first.text).toContain(text);
    expect(first.href).toBe(href);
    expect(screen.queryByRole('table')).toBeNull();
    // Nothing to choose in a simple list.
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
  });

  it('competencies: tapping a row opens its secondary skills, as the table row does', async () => {
    const view = renderResource(<SkillList />, {
      resource: 'skills',
      records: { skills: [{ id: 's1', label: 'Teamwork', category: 'COMPETENCY', kind: 'COMPETENCY', subSkills: [{ id: 'x', label: 'Listening', thresholds: null }] }] },
    });
    const [first] = await phoneRows();
    expect(first.text).toContain('Teamwork');
    expect(first.text).toContain('Listening');
    fireEvent.click(screen.getByText('Teamwork'));
    await waitFor(() => expect(view.location().pathname).toBe('/sub-skills/s1'));
  });

  it('speaks Hindi', async () => {
    renderResource(<JobRoleList />, { resource: 'job-roles', records: cases[5].records, locale: 'hi' });
    const [first] = await phoneRows();
    expect(first.text).toContain('क्लाइंट-विशिष्ट भूमिका');
  });

  it('keeps room below the list for the floating Create button', async () => {
    renderResource(<NamedList />, { resource: 'categories', records: cases[0].records });
    await phoneRows();
    const create = await screen.findByRole('link', { name: 'Create' });
    expect(create.className).toContain('RaCreateButton-floating');
    // jsdom computes no layout: check that the list's root carries the bottom room for it.
    const root = create.closest('[class*="RaList-root"]') as HTMLElement;
    const rules = generatedCss();
    const own = root.className.split(' ').find((c) => c.startsWith(`${CLASS_PREFIX}-`))!;
    expect(rules).toMatch(new RegExp(`\\.${own}:has\\(\\.RaCreateButton-floating\\)\\{padding-bottom:136px;`));
  });
});

describe('the permission matrix at 375 px', () => {
  it('is one card per area, each with View, Create, Edit, Delete and All in sight', async () => {
    renderResource(<JobRoleCreate />, { resource: 'job-roles', path: '/job-roles/create' });
    const dashboard = await screen.findByLabelText('Dashboard');
    expect(dashboard.getAttribute('role')).toBe('group');
    expect(document.querySelector('table')).toBeNull();
    expect(document.querySelectorAll('[role="group"].MuiPaper-root')).toHaveLength(19);
    const boxes = Array.from(dashboard.querySelectorAll('input[type="checkbox"]'), (b) => b.getAttribute('aria-label'));
    expect(boxes).toEqual(['Dashboard: All', 'Dashboard: View', 'Dashboard: Create', 'Dashboard: Edit', 'Dashboard: Delete']);
    expect(within(dashboard).getByText('Delete')).toBeTruthy();
  });

  it('ticks like the table: Delete brings View, All fills the card', async () => {
    renderResource(<JobRoleCreate />, { resource: 'job-roles', path: '/job-roles/create' });
    const box = async (name: string) => (await screen.findByLabelText(name)) as HTMLInputElement;
    fireEvent.click(await box('Orders: Delete'));
    expect((await box('Orders: View')).checked).toBe(true);
    expect((await box('Orders: All')).checked).toBe(false);
    fireEvent.click(await box('Tests: All'));
    for (const action of ['View', 'Create', 'Edit', 'Delete']) expect((await box(`Tests: ${action}`)).checked).toBe(true);
  });
});
