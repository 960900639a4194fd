/**
 * The component-test kit: an in-memory data provider, an auth provider over a profile whose
 * canAccess is the real permission rule, the real i18n provider, and render helpers that put a
 * view inside react-admin's AdminContext the way App does (MUI's words in the interface language).
 */
import { deepmerge } from '@mui/utils';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import {
  AdminContext,
  memoryStore,
  ResourceContextProvider,
  ResourceDefinitionContextProvider,
  TestMemoryRouter,
  usePermissions,
  type RaRecord,
  type ResourceDefinitions,
} from 'react-admin';
import { Route, Routes, type Location } from 'react-router-dom';
import { vi } from 'vitest';
import { MAX_PAGE_SIZE, type MembershipType, type Role } from '../../src/domain/constants';
import { ACTIONS, canAccessResource, type Action, type Entity, type EntityPermission } from '../../src/domain/permissions';
import { createI18nProvider } from '../../src/i18n';
import { MuiLocale } from '../../src/i18n/muiLocale';
import { appMethods } from '../../src/providers/api';
import { sessionCalls } from '../../src/providers/api/session';
import type { AppAuthProvider, Profile } from '../../src/providers/authProvider';
import type { AppDataProvider, AppMethods } from '../../src/providers/dataProvider';
import { LAYOUT_ROUTES } from '../../src/routes';
import { theme as appTheme } from '../../src/theme';
import { OffDocumentStyles } from './styles';

export * from './apiMock';

export type Locale = 'en' | 'hi';
export type Records = Record<string, RaRecord[]>;

// ---------------------------------------------------------------------------------------------
// Profiles

/** A permission list from `{ ROLES: ['view'], CANDIDATES: ['view', 'create'] }`. */
export function grants(flags: Partial<Record<Entity, Action[]>>): EntityPermission[] {
  return Object.entries(flags).map(([entity, actions]) => ({
    entity: entity as Entity,
    actions: Object.fromEntries(ACTIONS.map((a) => [a, actions!.includes(a)])) as EntityPermission['actions'],
  }));
}

/** A whole Profile (what /api/users/me answers) from the parts access decisions read. */
export function makeProfile(parts: { role: Role; membershipType?: MembershipType | null; permissions?: EntityPermission[] } & Partial<Profile>): Profile {
  return {
    id: 'u-1',
    name: 'Test User',
    email: 'test@example.com',
    username: null,
    position: null,
    positionName: null,
    designation: null,
    clientId: null,
    clientName: null,
    isVerified: true,
    isActive: true,
    isAdmin: parts.role === 'ADMIN',
    isContributor: parts.role === 'CONTRIBUTOR',
    isUser: parts.role === 'USER',
    ...parts,
    membershipType: parts.membershipType ?? null,
    permissions: parts.permissions ?? [],
  };
}

export const profiles = {
  admin: () => makeProfile({ role: 'ADMIN', name: 'Asha Admin', email: 'asha@example.com' }),
  client: () => makeProfile({ role: 'CLIENT', name: 'Chitra Client', clientId: 'c-1', clientName: 'Acme' }),
  teamMember: (membershipType: MembershipType, flags: Partial<Record<Entity, Action[]>>) =>
    makeProfile({ role: 'TEAM_MEMBER', membershipType, permissions: grants(flags), name: 'Tara Team' }),
};

// ---------------------------------------------------------------------------------------------
// Providers

/** What the test auth provider decided, for tests that assert a button stays hidden. */
export interface AccessDecision {
  resource: string;
  action: string;
  allowed: boolean;
}

/** Its session calls (sign-up, codes, resets, third-party sign-ins) are the real ones over the mocked network. */
export type TestAuthProvider = AppAuthProvider & { decisions: AccessDecision[] };

export function createTestAuthProvider(profile: Profile | null): TestAuthProvider {
  const decisions: AccessDecision[] = [];
  return {
    ...sessionCalls,
    decisions,
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    checkAuth: async () => {
      if (!profile) throw new Error('Not signed in');
    },
    checkError: async () => undefined,
    getIdentity: async () => ({ id: profile?.id ?? '', fullName: profile?.name }),
    getPermissions: async () => profile,
    canAccess: async ({ resource, action }) => {
      const allowed = canAccessResource(profile, resource, action);
      decisions.push({ resource, action, allowed });
      return allowed;
    },
  };
}

/** Text-like values a `q` search looks through. */
const searchable = (record: RaRecord) => Object.values(record).filter((v): v is string => typeof v === 'string');

function matches(record: RaRecord, filter: Record<string, unknown> = {}): boolean {
  return Object.entries(filter).every(([key, value]) => {
    if (value === undefined || value === '') return true;
    if (key === 'q') return searchable(record).some((text) => text.toLowerCase().includes(String(value).toLowerCase()));
    // A list of values matches any of them, as the server's filters do.
    if (Array.isArray(value)) return value.includes(record[key]);
    return record[key] === value;
  });
}

function compare(a: unknown, b: unknown): number {
  if (a == null) return b == null ? 0 : 1;
  if (b == null) return -1;
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface ListCall {
  resource: string;
  params: { filter?: Record<string, unknown>; sort?: { field: string; order: string }; pagination?: { page: number; perPage: number } };
}
/** `db` is what the "server" holds; `lists` every list the screens asked for, in order. */
export type TestDataProvider = AppDataProvider & { db: Records; lists: ListCall[] };

/**
 * A data provider over in-memory arrays, one per resource (`db` is what the "server" holds), with
 * the app's named calls: the real ones over the mocked network (apiMock.ts), or a test's own.
 */
export function createTestDataProvider(initial: Records = {}, methods: Partial<AppMethods> = {}): TestDataProvider {
  const db: Records = structuredClone(initial);
  const lists: ListCall[] = [];
  let nextId = 1000;
  const table = (resource: string) => (db[resource] ??= []);
  const find = (resource: string, id: unknown) => table(resource).find((r) => String(r.id) === String(id));
  const copy = <T,>(value: T): T => structuredClone(value);

  function list(resource: string, params: { filter?: Record<string, unknown>; sort?: { field: string; order: string }; pagination?: { page: number; perPage: number } }) {
    let rows = table(resource).filter((r) => matches(r, params.filter));
    if (params.sort?.field) {
      const { field, order } = params.sort;
      rows = [...rows].sort((a, b) => compare(a[field], b[field]) * (order === 'DESC' ? -1 : 1));
    }
    const total = rows.length;
    if (params.pagination) {
      const { page, perPage } = params.pagination;
      // The server refuses a bigger page (400): so does this one, so that no screen asks for one.
      if (perPage > MAX_PAGE_SIZE) throw new Error(`A page holds at most ${MAX_PAGE_SIZE} records.`);
      rows = rows.slice((page - 1) * perPage, page * perPage);
    }
    return { data: copy(rows), total };
  }

  function update(resource: string, id: unknown, data: Partial<RaRecord>) {
    const record = find(resource, id);
    if (!record) throw new Error(`${resource} ${String(id)} not found`);
    Object.assign(record, copy(data), { id: record.id });
    return copy(record);
  }

  function remove(resource: string, id: unknown) {
    const record = find(resource, id);
    db[resource] = table(resource).filter((r) => r !== record);
    return record;
  }

  const provider = {
    ...appMethods,
    ...methods,
    db,
    lists,
    getList: async (resource, params) => {
      lists.push({ resource, params: copy({ filter: params.filter, sort: params.sort, pagination: params.pagination }) });
      return list(resource, params);
    },
    getOne: async (resource, { id }) => {
      const record = find(resource, id);
      if (!record) throw new Error(`${resource} ${String(id)} not found`);
      return { data: copy(record) };
    },
    getMany: async (resource, { ids }) => ({ data: copy(ids.map((id) => find(resource, id)).filter((r): r is RaRecord => !!r)) }),
    getManyReference: async (resource, params) => list(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }),
    create: async (resource, { data }) => {
      const record = { ...copy(data), id: data.id ?? `id-${nextId++}` } as RaRecord;
      table(resource).push(record);
      return { data: copy(record) };
    },
    update: async (resource, { id, data }) => ({ data: update(resource, id, data) }),
    updateMany: async (resource, { ids, data }) => {
      ids.forEach((id) => update(resource, id, data));
      return { data: ids };
    },
    delete: async (resource, { id }) => ({ data: copy(remove(resource, id)) }),
    deleteMany: async (resource, { ids }) => {
      ids.forEach((id) => remove(resource, id));
      return { data: ids };
    },
  } as TestDataProvider;
  return provider;
}

// ---------------------------------------------------------------------------------------------
// Rendering

/** The app's resources as <Admin> would register them (recordRepresentation drives ReferenceField). */
const RESOURCES = ['users', 'team-members', 'authors', 'relationship-managers', 'sales-persons', 'job-roles', 'categories', 'industries', 'verticals', 'locations', 'outbox'];
const definitions: ResourceDefinitions = Object.fromEntries(
  RESOURCES.map((name) => [
    name,
    { name, hasList: true, hasCreate: name !== 'outbox', hasEdit: name !== 'outbox', hasShow: true, recordRepresentation: name === 'outbox' ? 'subject' : 'name' },
  ]),
);

/** Like AppLayout, which shows a spinner until the profile is loaded: views never render without it. */
function ProfileLoaded({ children }: { children: ReactNode }) {
  const { isPending } = usePermissions();
  return isPending ? null : <>{children}</>;
}

/** The app's theme without ripples and transitions: the same screens, less work for jsdom. */
const theme = deepmerge(appTheme, {
  transitions: { create: () => 'none' },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
});

export interface RenderOptions {
  /** The signed-in user; null for the public pages. */
  profile?: Profile | null;
  /** Records per resource, e.g. `{ categories: [...] }`. */
  records?: Records;
  locale?: Locale;
  /** The URL the router starts at. */
  path?: string;
  /** A route pattern to mount the view under (needed for Edit/Show, which read `:id`). */
  route?: string;
  /** The data provider's named calls this test answers itself (the others reach the mocked network). */
  methods?: Partial<AppMethods>;
  /** Mount the view before the profile has loaded, as the app does on a fresh page (the kit waits for it otherwise). */
  profileArrivesLate?: boolean;
}

export interface Rendered extends RenderResult {
  dataProvider: TestDataProvider;
  authProvider: TestAuthProvider;
  /** The router's current location (after redirects). */
  location: () => Location;
}

function renderInAdmin(ui: ReactElement, options: RenderOptions, wrap: (node: ReactNode) => ReactNode): Rendered {
  const { profile = profiles.admin(), records = {}, locale = 'en', path = '/', route, profileArrivesLate = false, methods } = options;
  const dataProvider = createTestDataProvider(records, methods);
  const authProvider = createTestAuthProvider(profile);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  let location: Location | undefined;
  const content = route ? (
    <Routes>
      <Route path={route} element={ui} />
    </Routes>
  ) : (
    ui
  );
  const result = render(
    <OffDocumentStyles>
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => (location = l)}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={createI18nProvider(locale)}
        store={memoryStore()}
        queryClient={queryClient}
        theme={theme}
      >
        <MuiLocale>
          <ResourceDefinitionContextProvider definitions={definitions}>
            {profileArrivesLate ? wrap(content) : <ProfileLoaded>{wrap(content)}</ProfileLoaded>}
          </ResourceDefinitionContextProvider>
        </MuiLocale>
      </AdminContext>
    </TestMemoryRouter>
    </OffDocumentStyles>,
  );
  return { ...result, dataProvider, authProvider, location: () => location! };
}

/** A resource view (List, Create, Edit…) in its resource context, as <Resource> would mount it. */
export function renderResource(ui: ReactElement, options: RenderOptions & { resource: string }): Rendered {
  const { resource } = options;
  return renderInAdmin(ui, { path: `/${resource}`, ...options }, (node) => (
    <ResourceContextProvider value={resource}>{node}</ResourceContextProvider>
  ));
}

/** The element of one of the app's own routes (src/routes.tsx), its guard included: render it with `route: pattern`. */
export function appRoute(pattern: string): ReactElement {
  const found = LAYOUT_ROUTES.find((r) => r.path === pattern);
  if (!found) throw new Error(`No route ${pattern} in src/routes.tsx`);
  return found.element;
}

/** A custom page or layout piece, with the admin context but no resource. */
export function renderPage(ui: ReactElement, options: RenderOptions = {}): Rendered {
  return renderInAdmin(ui, options, (node) => node);
}

// ---------------------------------------------------------------------------------------------
// Queries

/** The header texts of the first table on screen, in order (empty for the checkbox column). */
export async function columnHeaders(): Promise<string[]> {
  const table = await screen.findByRole('table');
  return within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent?.trim() ?? '')
    .filter(Boolean);
}

/** The cell texts of every body row of the first table on screen. */
export async function tableRows(): Promise<string[][]> {
  const table = await screen.findByRole('table');
  const [, ...rows] = within(table).getAllByRole('row');
  return rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent?.trim() ?? ''));
}
