/**
 * The top navigation, the profile menu and the landing order (specification section 2),
 * each item with the permission check that shows it.
 */
import { PRODUCT } from './constants';
import { can, canLocations, ruleA, ruleC, type Principal } from './permissions';

export interface NavItem {
  /** Translation key under app.nav.* */
  key: string;
  path: string;
  visible: (user: Principal) => boolean;
}

export const ROUTES = {
  login: '/',
  otp: '/otp',
  dashboard: `/${PRODUCT}GraphicalDashboard`,
  providerDashboard: `/${PRODUCT}Dashboard`,
  candidates: '/candidate',
  clients: `/${PRODUCT}Client`,
  licences: '/clientLicence',
  campaigns: '/campaign',
  orders: '/orders',
  assessmentLibrary: '/assessments',
  questionBank: '/question-bank',
  testLibrary: '/test-library',
  clientAssessments: '/assessment',
  changePassword: '/change-password',
  locations: '/locations',
} as const;

const view = (entity: Parameters<typeof can>[1]) => (user: Principal) => can(user, entity, 'view');

export const CONTENT_LIBRARY: NavItem[] = [
  { key: 'assessments', path: ROUTES.assessmentLibrary, visible: (u) => ruleA(u, 'ASSESSMENT', 'view') },
  { key: 'questionBank', path: ROUTES.questionBank, visible: view('QUESTIONS') },
  // A USER account keeps its own questions: 'My Question' instead of the bank.
  { key: 'myQuestions', path: ROUTES.questionBank, visible: (u) => u.role === 'USER' },
  { key: 'testLibrary', path: ROUTES.testLibrary, visible: view('TESTS') },
];

/** The screens (first path segment) of each Content Library item, questions' and tests' forms included. */
const QUESTION_SCREENS = ['questions', 'question-bank', 'question-list', 'qualifying-question', 'question-reports', 'answer-titles', 'new-question', 'new-questionV2', 'add-new-question', 'edit-question', 'clone-question', 'clone-existing-question', 'edit-existing-question'];
/** Assessment screens reached from either Assessments link (the provider's library, a client's own). */
const ASSESSMENT_SCREENS = ['new-assessment', 'editAssessment', 'viewcandidatelist'];
const LIBRARY_SCREENS: Record<string, string[]> = {
  assessments: ['assessments', ...ASSESSMENT_SCREENS],
  questionBank: QUESTION_SCREENS,
  myQuestions: QUESTION_SCREENS,
  testLibrary: ['tests', 'test-library', 'create-test', 'edit-test'],
};
/** Library content reached from the profile menu: skills (competencies) and languages. */
const OTHER_LIBRARY_SCREENS = ['skills', 'sub-skills', 'languages'];

const firstSegment = (pathname: string) => pathname.split('/')[1] ?? '';

/** Whether a Content Library item is the one the current screen belongs to. */
export function isLibraryItemActive(pathname: string, item: NavItem): boolean {
  return (LIBRARY_SCREENS[item.key] ?? []).includes(firstSegment(pathname));
}

/** Jobs and hiring stages have no entry of their own in the navigation (section 2): they sit beside campaigns. */
const HIRING_SCREENS = ['jobs', 'postJob', 'job-candidate', 'managehiringstages', 'scorecards'];

/** Whether a top-bar item is the one the current screen belongs to (a client's assessment screens mark their Assessments link, the hiring screens Campaign). */
export function isNavItemActive(pathname: string, item: NavItem): boolean {
  if (pathname === item.path || pathname.startsWith(`${item.path}/`)) return true;
  if (item.key === 'campaign') return HIRING_SCREENS.includes(firstSegment(pathname));
  return item === CLIENT_ASSESSMENTS && ASSESSMENT_SCREENS.includes(firstSegment(pathname));
}

/** Whether the current screen is part of the Content Library (its top-bar item is marked active). */
export function inContentLibrary(pathname: string): boolean {
  const segment = firstSegment(pathname);
  return OTHER_LIBRARY_SCREENS.includes(segment) || Object.values(LIBRARY_SCREENS).some((screens) => screens.includes(segment));
}

export const TOP_NAV: NavItem[] = [
  { key: 'dashboard', path: ROUTES.dashboard, visible: view('DASHBOARD') },
  { key: 'participants', path: ROUTES.candidates, visible: view('CANDIDATES') },
  { key: 'clients', path: ROUTES.clients, visible: view('CLIENTS') },
  { key: 'licence', path: ROUTES.licences, visible: view('LICENCES') },
  { key: 'campaign', path: ROUTES.campaigns, visible: view('CAMPAIGN') },
  { key: 'orders', path: ROUTES.orders, visible: view('ORDERS') },
];

/** The standalone Assessments link for client-side users (rule C). */
export const CLIENT_ASSESSMENTS: NavItem = {
  key: 'assessments',
  path: ROUTES.clientAssessments,
  visible: (u) => ruleC(u, 'view'),
};

export const PROFILE_MENU: NavItem[] = [
  // A client's own users: their company's details (/details).
  { key: 'details', path: '/details', visible: (u) => u.role === 'CLIENT' || u.membershipType === 'CLIENT_SPECIFIC_ROLE' },
  { key: 'competencies', path: '/skills', visible: view('COMPETENCIES') },
  { key: 'authors', path: '/authors', visible: view('AUTHORS') },
  { key: 'teamMembers', path: '/team-members', visible: view('TEAM MEMBERS') },
  { key: 'categories', path: '/categories', visible: view('CATEGORIES') },
  { key: 'roles', path: '/job-roles', visible: view('ROLES') },
  { key: 'industries', path: '/industries', visible: view('INDUSTRIES') },
  { key: 'relationshipManager', path: '/relationship-managers', visible: view('RELATIONSHIP MANAGERS') },
  { key: 'salesPerson', path: '/sales-persons', visible: view('SALES PERSONS') },
  { key: 'languages', path: '/languages', visible: view('LANGUAGES') },
  { key: 'vertical', path: '/verticals', visible: view('VERTICAL') },
  { key: 'users', path: '/users', visible: (u) => u.role === 'ADMIN' },
  { key: 'outbox', path: '/outbox', visible: (u) => u.role === 'ADMIN' },
  { key: 'locations', path: ROUTES.locations, visible: (u) => canLocations(u, 'view') },
];

/** Landing order of section 2 ("Guards and landing"); the provider dashboard when none applies. */
export function landingPath(user: Principal): string {
  const order: NavItem[] = [...TOP_NAV, ...CONTENT_LIBRARY, CLIENT_ASSESSMENTS];
  return order.find((item) => item.visible(user))?.path ?? ROUTES.providerDashboard;
}

/** Characters as a reader counts them: a letter with its vowel signs and conjuncts, a whole emoji. */
function letters(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl)
    return Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment);
  return Array.from(text);
}

/** The greeting's name, shortened to 8 characters (with an ellipsis when cut). */
export function shortenName(name: string | null | undefined, max = 8): string {
  const trimmed = (name ?? '').trim();
  const chars = letters(trimmed);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : trimmed;
}
