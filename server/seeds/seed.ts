/**
 * Start-up data: the ADMIN_EMAIL account, and demo data on an empty database (SEED_DEMO=0 turns
 * it off): one account of every role and membership type, two clients with their own staff,
 * and job roles that grant partial permissions.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Designation, MembershipType, Role } from '../../src/domain/constants';
import { emptyPermissions, type Entity, type EntityPermission } from '../../src/domain/permissions';
import { hashPassword, verifyPassword } from '../lib/crypto';
import type { DB } from '../db/index';
import { seedDemoJobs } from './seed-jobs';
import { seedDemoAssessments } from './seed-assessments';
import { grantDemoAssessments, seedDemoClients } from './seed-clients';
import { seedDemoCampaigns } from './seed-campaigns';
import { seedDemoContent } from './seed-content';
import { seedDemoLicences } from './seed-licences';
import { seedDemoOrders } from './seed-orders';
import { seedDemoReports } from './seed-reports';

export const DEMO_PASSWORD = 'Demo@1234';

/** entity → "vced" letters for the flags granted. */
function grant(flags: Partial<Record<Entity, string>>): EntityPermission[] {
  return emptyPermissions()
    .map((p) => {
      const letters = flags[p.entity] ?? '';
      return {
        entity: p.entity,
        actions: { view: letters.includes('v'), create: letters.includes('c'), edit: letters.includes('e'), delete: letters.includes('d') },
      };
    })
    .filter((p) => Object.values(p.actions).some(Boolean));
}

interface DemoJobRole {
  key: string;
  name: string;
  scope: MembershipType;
  client?: 'acme' | 'globex';
  permissions: EntityPermission[];
}

export const DEMO_JOB_ROLES: DemoJobRole[] = [
  { key: 'author', name: 'Question Author', scope: 'SKILLGAUGE_TEAM', permissions: grant({ QUESTIONS: 'vce', TESTS: 'v', COMPETENCIES: 'v', DASHBOARD: 'v' }) },
  { key: 'moderation', name: 'Content Moderator', scope: 'SKILLGAUGE_TEAM', permissions: grant({ QUESTIONS: 've', TESTS: 've', AUTHORS: 'v', DASHBOARD: 'v' }) },
  {
    key: 'content',
    name: 'Content Manager',
    scope: 'SKILLGAUGE_TEAM',
    permissions: grant({ QUESTIONS: 'vced', TESTS: 'vced', ASSESSMENT: 'vce', COMPETENCIES: 'vce', LANGUAGES: 'v', CATEGORIES: 'v', CANDIDATES: 'v' }),
  },
  {
    key: 'sales',
    name: 'Sales Executive',
    scope: 'SKILLGAUGE_TEAM',
    permissions: grant({ DASHBOARD: 'v', CLIENTS: 'vce', LICENCES: 'v', ORDERS: 'vc', 'SALES PERSONS': 'v', 'RELATIONSHIP MANAGERS': 'v', INDUSTRIES: 'v' }),
  },
  { key: 'global', name: 'Global Coordinator', scope: 'GLOBAL_ROLE', permissions: grant({ ASSESSMENT: 'v', CAMPAIGN: 'vc', ORDERS: 'v', CANDIDATES: 'v' }) },
  {
    key: 'acmeRecruiter',
    name: 'Recruiter',
    scope: 'CLIENT_SPECIFIC_ROLE',
    client: 'acme',
    permissions: grant({ DASHBOARD: 'v', CANDIDATES: 'vce', ASSESSMENT: 'v', CAMPAIGN: 'v' }),
  },
  {
    key: 'globexViewer',
    name: 'Hiring Viewer',
    scope: 'CLIENT_SPECIFIC_ROLE',
    client: 'globex',
    permissions: grant({ CANDIDATES: 'v', 'TEAM MEMBERS': 'v', ROLES: 'v' }),
  },
];

interface DemoAccount {
  email: string;
  name: string;
  role: Role;
  membershipType?: MembershipType;
  jobRole?: string;
  designation?: Designation;
  client?: 'acme' | 'globex';
  verified?: boolean;
  description: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'admin@skillgauge.demo', name: 'Asha Admin', role: 'ADMIN', description: 'ADMIN: everything' },
  { email: 'author@skillgauge.demo', name: 'Arjun Contributor', role: 'CONTRIBUTOR', membershipType: 'SKILLGAUGE_TEAM', jobRole: 'author', description: 'CONTRIBUTOR, provider team (Question Author)' },
  { email: 'moderator@skillgauge.demo', name: 'Meera Moderator', role: 'MODERATOR', membershipType: 'SKILLGAUGE_TEAM', jobRole: 'moderation', description: 'MODERATOR, provider team (Content Moderator)' },
  { email: 'user@skillgauge.demo', name: 'Uma User', role: 'USER', description: 'USER, no team' },
  { email: 'content@skillgauge.demo', name: 'Kabir Content', role: 'TEAM_MEMBER', membershipType: 'SKILLGAUGE_TEAM', jobRole: 'content', description: 'TEAM_MEMBER, provider team (Content Manager)' },
  { email: 'sales@skillgauge.demo', name: 'Sunita Sales', role: 'TEAM_MEMBER', membershipType: 'SKILLGAUGE_TEAM', jobRole: 'sales', designation: 'SALES_PERSON', description: 'Sales person, provider team (Sales Executive)' },
  { email: 'rm@skillgauge.demo', name: 'Rahul Relationship', role: 'TEAM_MEMBER', membershipType: 'SKILLGAUGE_TEAM', jobRole: 'sales', designation: 'RELATIONSHIP_MANAGER', description: 'Relationship manager, provider team (Sales Executive)' },
  { email: 'global@skillgauge.demo', name: 'Gauri Global', role: 'TEAM_MEMBER', membershipType: 'GLOBAL_ROLE', jobRole: 'global', description: 'TEAM_MEMBER, global role (Global Coordinator)' },
  { email: 'client@acme.demo', name: 'Aarav Acme', role: 'CLIENT', client: 'acme', description: 'CLIENT of Acme Industries' },
  { email: 'recruiter@acme.demo', name: 'Riya Recruiter', role: 'TEAM_MEMBER', membershipType: 'CLIENT_SPECIFIC_ROLE', jobRole: 'acmeRecruiter', client: 'acme', description: 'TEAM_MEMBER of Acme (Recruiter)' },
  { email: 'client@globex.demo', name: 'Gopal Globex', role: 'CLIENT', client: 'globex', description: 'CLIENT of Globex Solutions' },
  { email: 'viewer@globex.demo', name: 'Vikram Viewer', role: 'TEAM_MEMBER', membershipType: 'CLIENT_SPECIFIC_ROLE', jobRole: 'globexViewer', client: 'globex', description: 'TEAM_MEMBER of Globex (Hiring Viewer)' },
  { email: 'pending@skillgauge.demo', name: 'Pranav Pending', role: 'USER', verified: false, description: 'USER not yet verified: sign-in asks for the mailed code' },
];

/** ADMIN_EMAIL / ADMIN_PASSWORD: create or update that verified admin at every start. */
export async function ensureAdmin(db: DB, admin: { email: string; password: string }) {
  const existing = await db
    .selectFrom('users')
    .select(['id', 'passwordHash', 'role', 'isVerified', 'isActive', 'membershipType', 'clientId'])
    .where(sql`lower(email)`, '=', admin.email)
    .executeTakeFirst();
  if (!existing) {
    const passwordHash = await hashPassword(admin.password);
    await db.insertInto('users').values({ name: 'Administrator', email: admin.email, passwordHash, role: 'ADMIN', isVerified: true }).execute();
    return;
  }
  // Write only what differs: every write to these columns ends the admin's sessions (session_revocations).
  const passwordOk = await verifyPassword(existing.passwordHash, admin.password);
  const accountOk = existing.role === 'ADMIN' && existing.isVerified && existing.isActive && !existing.membershipType && !existing.clientId;
  if (passwordOk && accountOk) return;
  await db
    .updateTable('users')
    .set({
      ...(passwordOk ? {} : { passwordHash: await hashPassword(admin.password) }),
      role: 'ADMIN',
      isVerified: true,
      isActive: true,
      membershipType: null,
      clientId: null,
      updatedAt: new Date(),
    })
    .where('id', '=', existing.id)
    .execute();
}

/** Loads the demo data when the database has no users yet. */
export async function seedDemoData(db: DB, log?: FastifyBaseLogger): Promise<boolean> {
  const demoAdmin = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNTS[0].email).executeTakeFirst();
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (demoAdmin || (anyUser && !(await onlyBootstrapAdmin(db)))) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const clients = {
      acme: (await trx.insertInto('clients').values({ name: 'Acme Industries', legalType: 'private limited company', email: 'hr@acme.demo' }).returning('id').executeTakeFirstOrThrow()).id,
      globex: (await trx.insertInto('clients').values({ name: 'Globex Solutions', legalType: 'limited company', email: 'talent@globex.demo' }).returning('id').executeTakeFirstOrThrow()).id,
    };
    const jobRoleIds: Record<string, string> = {};
    for (const role of DEMO_JOB_ROLES) {
      const row = await trx
        .insertInto('jobRoles')
        .values({ name: role.name, scope: role.scope, clientId: role.client ? clients[role.client] : null, permissions: JSON.stringify(role.permissions), description: `Demo role: ${role.name}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      jobRoleIds[role.key] = row.id;
    }
    const userIds: Record<string, string> = {};
    for (const account of DEMO_ACCOUNTS) {
      userIds[account.email] = (await trx
        .insertInto('users')
        .values({
          name: account.name,
          email: account.email,
          passwordHash,
          role: account.role,
          membershipType: account.membershipType ?? null,
          position: account.jobRole ? jobRoleIds[account.jobRole] : null,
          designation: account.designation ?? null,
          clientId: account.client ? clients[account.client] : null,
          isVerified: account.verified ?? true,
        })
        .returning('id')
        .executeTakeFirstOrThrow()).id;
    }
    const content = await seedDemoContent(trx, { authorId: userIds['author@skillgauge.demo'], adminId: userIds['admin@skillgauge.demo'] });
    await seedDemoReports(trx, { editorId: userIds['content@skillgauge.demo'] });
    // Master data first: clients' details refer to industries, verticals and locations.
    for (const name of ['Technology', 'Sales & Marketing', 'Leadership', 'Operations'])
      await trx.insertInto('categories').values({ name, description: `${name} assessments` }).execute();
    for (const name of ['IT Services', 'Banking & Finance', 'Healthcare', 'Retail', 'Manufacturing'])
      await trx.insertInto('industries').values({ name, description: null }).execute();
    for (const name of ['Engineering', 'Sales', 'Customer Support'])
      await trx.insertInto('verticals').values({ name, description: null, clientId: null }).execute();
    await trx.insertInto('verticals').values({ name: 'Acme Field Operations', description: 'Acme only', clientId: clients.acme }).execute();
    await trx.insertInto('verticals').values({ name: 'Globex Research', description: 'Globex only', clientId: clients.globex }).execute();
    for (const [name, city, state] of [
      ['Bengaluru', 'Bengaluru', 'Karnataka'],
      ['Mumbai', 'Mumbai', 'Maharashtra'],
      ['New Delhi', 'New Delhi', 'Delhi'],
      ['Kolkata', 'Kolkata', 'West Bengal'],
    ])
      await trx.insertInto('locations').values({ name, city, state, country: 'India', clientId: null }).execute();
    await trx.insertInto('locations').values({ name: 'Acme Pune plant', city: 'Pune', state: 'Maharashtra', country: 'India', clientId: clients.acme }).execute();

    // Issue 11: clients' details, contacts and logos (seed-clients.ts)
    await seedDemoClients(trx, { clients, salesPersonId: userIds['sales@skillgauge.demo'], relationshipManagerId: userIds['rm@skillgauge.demo'] });

    // Issue 11: licences, before any invitation spends a credit (seed-licences.ts)
    await seedDemoLicences(trx, { clients, adminId: userIds['admin@skillgauge.demo'] });

    await seedDemoAssessments(trx, {
      clients,
      inviters: { acme: userIds['client@acme.demo'], globex: userIds['client@globex.demo'], provider: userIds['admin@skillgauge.demo'] },
      ...content,
    });
    await grantDemoAssessments(trx, { clients, adminId: userIds['admin@skillgauge.demo'] });

    // Issue 11: price list, orders and payments (seed-orders.ts)
    await seedDemoOrders(trx, { clients, placers: { acme: userIds['client@acme.demo'], globex: userIds['client@globex.demo'] }, staff: userIds['admin@skillgauge.demo'] });

    // Issue 11: campaigns and reminders (seed-campaigns.ts)
    await seedDemoCampaigns(trx, { clients, inviters: { acme: userIds['client@acme.demo'], globex: userIds['client@globex.demo'] } });

    // Issue 11: hiring stages, jobs and their candidates (seed-jobs.ts)
    await seedDemoJobs(trx, { clients, users: { acme: [userIds['client@acme.demo']!, userIds['recruiter@acme.demo']!], globex: [userIds['client@globex.demo']!] } });
  });
  log?.info('demo data loaded');
  return true;
}

/** True when the only user is the ADMIN_EMAIL account, so demo data may still be added. */
async function onlyBootstrapAdmin(db: DB): Promise<boolean> {
  const rows = await db.selectFrom('users').select(['role']).limit(2).execute();
  return rows.length === 1 && rows[0].role === 'ADMIN';
}
