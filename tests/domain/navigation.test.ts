/** Top navigation, content library, client assessments link, profile menu and landing order (spec section 2). */
import { describe, expect, it } from 'vitest';
import { CLIENT_ASSESSMENTS, CONTENT_LIBRARY, inContentLibrary, isLibraryItemActive, isNavItemActive, landingPath, PROFILE_MENU, ROUTES, TOP_NAV, type NavItem } from '../../src/domain/navigation';
import type { Principal } from '../../src/domain/permissions';
import { ACTION_NAMES, flag, permissionList, type EntityName, type Membership, type RoleName } from './rules';

function user(role: RoleName, membershipType: Membership, flags: Partial<Record<EntityName, string>> = {}): Principal {
  const grants = Object.entries(flags).flatMap(([entity, letters]) =>
    ACTION_NAMES.filter((a) => letters!.includes(a[0])).map((a) => flag(entity as EntityName, a)),
  );
  return { role, membershipType, permissions: permissionList(grants) as Principal['permissions'] };
}

const visibleKeys = (items: NavItem[], u: Principal) => items.filter((item) => item.visible(u)).map((item) => item.key);

/** Representative users, modelled on the demo accounts' job roles. */
const USERS = {
  admin: user('ADMIN', null),
  client: user('CLIENT', null),
  contentManager: user('TEAM_MEMBER', 'SKILLGAUGE_TEAM', {
    QUESTIONS: 'vced',
    TESTS: 'vced',
    ASSESSMENT: 'vce',
    COMPETENCIES: 'vce',
    LANGUAGES: 'v',
    CATEGORIES: 'v',
    CANDIDATES: 'v',
  }),
  recruiter: user('TEAM_MEMBER', 'CLIENT_SPECIFIC_ROLE', { DASHBOARD: 'v', CANDIDATES: 'vce', ASSESSMENT: 'v', CAMPAIGN: 'v' }),
  globalCoordinator: user('TEAM_MEMBER', 'GLOBAL_ROLE', { ASSESSMENT: 'v', CAMPAIGN: 'vc', ORDERS: 'v', CANDIDATES: 'v' }),
  clientViewer: user('TEAM_MEMBER', 'CLIENT_SPECIFIC_ROLE', { CANDIDATES: 'v', 'TEAM MEMBERS': 'v', ROLES: 'v' }),
  /** Flags for changes but none to look: nothing shows. */
  blindEditor: user('TEAM_MEMBER', 'SKILLGAUGE_TEAM', { QUESTIONS: 'ced', DASHBOARD: 'ced', ROLES: 'ced' }),
  plainUser: user('USER', null),
};

describe('menus', () => {
  it('lists the top navigation, the content library and the profile menu in the specification order', () => {
    expect(TOP_NAV.map((i) => i.key)).toEqual(['dashboard', 'participants', 'clients', 'licence', 'campaign', 'orders']);
    expect(CONTENT_LIBRARY.map((i) => i.key)).toEqual(['assessments', 'questionBank', 'myQuestions', 'testLibrary']);
    expect(PROFILE_MENU.map((i) => i.key)).toEqual(
      expect.arrayContaining([
        'competencies',
        'authors',
        'teamMembers',
        'categories',
        'roles',
        'industries',
        'relationshipManager',
        'salesPerson',
        'languages',
        'vertical',
        'locations',
      ]),
    );
  });

  const cases: [keyof typeof USERS, string[], string[], boolean, string[]][] = [
    // user, top navigation, content library, client assessments link, profile menu
    [
      'admin',
      ['dashboard', 'participants', 'clients', 'licence', 'campaign', 'orders'],
      ['assessments', 'questionBank', 'testLibrary'],
      false,
      PROFILE_MENU.map((i) => i.key).filter((key) => key !== 'details'),
    ],
    ['client', ['dashboard', 'participants', 'campaign', 'orders'], [], true, ['details', 'teamMembers', 'roles', 'vertical', 'locations']],
    [
      'contentManager',
      ['participants'],
      ['assessments', 'questionBank', 'testLibrary'],
      false,
      ['competencies', 'categories', 'languages', 'locations'],
    ],
    ['recruiter', ['dashboard', 'participants', 'campaign'], [], true, ['details', 'locations']],
    ['globalCoordinator', ['participants', 'campaign', 'orders'], [], true, ['locations']],
    ['clientViewer', ['participants'], [], false, ['details', 'teamMembers', 'roles', 'vertical', 'locations']],
    ['blindEditor', [], [], false, ['locations']],
    ['plainUser', [], ['myQuestions'], false, ['locations']],
  ];

  it.each(cases)('%s sees what its permissions allow', (name, top, library, clientAssessments, profile) => {
    const u = USERS[name];
    expect(visibleKeys(TOP_NAV, u)).toEqual(top);
    expect(visibleKeys(CONTENT_LIBRARY, u)).toEqual(library);
    expect(CLIENT_ASSESSMENTS.visible(u)).toBe(clientAssessments);
    expect(visibleKeys(PROFILE_MENU, u)).toEqual(profile);
  });

  it('shows users and outbox to admins only', () => {
    for (const [name, u] of Object.entries(USERS)) {
      const keys = visibleKeys(PROFILE_MENU, u);
      expect(keys.includes('users'), name).toBe(name === 'admin');
      expect(keys.includes('outbox'), name).toBe(name === 'admin');
    }
  });
});

describe('landingPath()', () => {
  it('uses the routes of the specification', () => {
    expect(ROUTES.dashboard).toBe('/skillgaugeGraphicalDashboard');
    expect(ROUTES.providerDashboard).toBe('/skillgaugeDashboard');
    expect(ROUTES.candidates).toBe('/candidate');
    expect(ROUTES.clients).toBe('/skillgaugeClient');
    expect(ROUTES.licences).toBe('/clientLicence');
    expect(ROUTES.campaigns).toBe('/campaign');
    expect(ROUTES.orders).toBe('/orders');
    expect(ROUTES.clientAssessments).toBe('/assessment');
  });

  /** Landing order: Dashboard, Candidates, Clients, Licence, Campaign, Orders, Content Library, Assessments. */
  const PROVIDER_ORDER: [string, EntityName][] = [
    ['/skillgaugeGraphicalDashboard', 'DASHBOARD'],
    ['/candidate', 'CANDIDATES'],
    ['/skillgaugeClient', 'CLIENTS'],
    ['/clientLicence', 'LICENCES'],
    ['/campaign', 'CAMPAIGN'],
    ['/orders', 'ORDERS'],
    ['/assessments', 'ASSESSMENT'],
    ['/question-bank', 'QUESTIONS'],
    ['/test-library', 'TESTS'],
  ];
  const CLIENT_SIDE_ORDER: [string, EntityName][] = [
    ['/skillgaugeGraphicalDashboard', 'DASHBOARD'],
    ['/candidate', 'CANDIDATES'],
    ['/campaign', 'CAMPAIGN'],
    ['/orders', 'ORDERS'],
    ['/assessment', 'ASSESSMENT'],
  ];

  const chain = (order: [string, EntityName][]) => order.map(([path], i) => [path, order.slice(i).map(([, e]) => e)] as const);

  it.each(chain(PROVIDER_ORDER))('a provider-team member whose first permitted page is %s lands there', (path, entities) => {
    const u = user('TEAM_MEMBER', 'SKILLGAUGE_TEAM', Object.fromEntries(entities.map((e) => [e, 'v'])));
    expect(landingPath(u)).toBe(path);
  });

  it.each(chain(CLIENT_SIDE_ORDER))('a client-side member whose first permitted page is %s lands there', (path, entities) => {
    for (const m of ['CLIENT_SPECIFIC_ROLE', 'GLOBAL_ROLE'] as const) {
      const u = user('TEAM_MEMBER', m, Object.fromEntries(entities.map((e) => [e, 'v'])));
      expect(landingPath(u), m).toBe(path);
    }
  });

  it('sends admins and clients to the graphical dashboard and everyone else to the provider dashboard', () => {
    expect(landingPath(USERS.admin)).toBe('/skillgaugeGraphicalDashboard');
    expect(landingPath(USERS.client)).toBe('/skillgaugeGraphicalDashboard');
    // A USER account's only area is its own questions.
    expect(landingPath(USERS.plainUser)).toBe('/question-bank');
    expect(landingPath(USERS.blindEditor)).toBe('/skillgaugeDashboard');
    // Client-side staff never land on provider-only pages, even with their flags.
    expect(landingPath(user('TEAM_MEMBER', 'CLIENT_SPECIFIC_ROLE', { CLIENTS: 'v', QUESTIONS: 'v' }))).toBe('/skillgaugeDashboard');
    expect(landingPath(USERS.contentManager)).toBe('/candidate');
  });
});

describe('the Content Library marked active', () => {
  const library = (key: string) => CONTENT_LIBRARY.find((i) => i.key === key)!;

  it('on its screens: questions, tests, skills, languages, answer titles, qualifying questions, reports and their forms', () => {
    for (const path of ['/questions', '/questions/q-1/show', '/qualifying-question', '/question-reports', '/answer-titles', '/answer-titles/a-1', '/new-question/bank', '/edit-question/q-1', '/clone-question/q-1', '/tests', '/tests/t-1/show', '/create-test/COMPETENCY', '/edit-test/t-1', '/skills', '/sub-skills/s-1', '/languages', '/languages/languageContent/l-1', '/assessments']) {
      expect(inContentLibrary(path), path).toBe(true);
    }
  });

  it('not elsewhere', () => {
    for (const path of ['/', '/skillgaugeGraphicalDashboard', '/candidate', '/orders', '/team-members', '/job-roles', '/locations', '/assessment', '/profile', '/questionsX']) {
      expect(inContentLibrary(path), path).toBe(false);
    }
  });

  it('marks the item of the screen in its menu', () => {
    expect(isLibraryItemActive('/qualifying-question', library('questionBank'))).toBe(true);
    expect(isLibraryItemActive('/questions/q-1/show', library('myQuestions'))).toBe(true);
    expect(isLibraryItemActive('/edit-test/t-1', library('testLibrary'))).toBe(true);
    expect(isLibraryItemActive('/edit-test/t-1', library('questionBank'))).toBe(false);
    expect(isLibraryItemActive('/skills', library('questionBank'))).toBe(false);
  });

  it("marks Assessments on an assessment's form and participants, for the library and for a client's own link", () => {
    for (const path of ['/new-assessment', '/editAssessment/a-1', '/viewcandidatelist/a-1']) {
      expect(isLibraryItemActive(path, library('assessments')), path).toBe(true);
      expect(isNavItemActive(path, CLIENT_ASSESSMENTS), path).toBe(true);
    }
    expect(isNavItemActive('/assessment/view-assessment/a-1', CLIENT_ASSESSMENTS)).toBe(true);
    expect(isNavItemActive('/orders', CLIENT_ASSESSMENTS)).toBe(false);
    expect(isLibraryItemActive('/viewcandidatelist/a-1', library('testLibrary'))).toBe(false);
  });

  it('marks Campaign on the jobs and hiring-stage screens, which have no entry of their own', () => {
    const campaign = TOP_NAV.find((i) => i.key === 'campaign')!;
    const orders = TOP_NAV.find((i) => i.key === 'orders')!;
    for (const path of ['/campaign', '/campaign/c-1', '/jobs', '/postJob', '/postJob/j-1', '/job-candidate/j-1', '/managehiringstages']) {
      expect(isNavItemActive(path, campaign), path).toBe(true);
      expect(isNavItemActive(path, orders), path).toBe(false);
    }
    expect(isNavItemActive('/jobRoles', campaign)).toBe(false);
  });
});
