/**
 * Clients' queries: the list row and the full record (names of what it refers to, contacts, its
 * user accounts, logo address, licence balance), contacts replaced as a whole, the checks of what a
 * client may refer to, and the library assessments given to a client (client_assessments).
 */
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { ClientAssessmentSettings, Zone } from '../../../src/domain/business';
import { CLIENT_LIMITS, CLIENT_MESSAGES, legalTypeOf, type ContactInput } from '../../../src/domain/clients';
import type { ClientsTable, Database } from '../../db/types';
import type { DB } from '../../db/index';
import { refuseField } from '../../lib/errors';
import type { Storage } from '../../lib/storage';

type Executor = Kysely<Database>;

/** Credits left on the client's licences valid now. */
const licenceBalance = sql<number>`(select coalesce(sum(l.credits - l.used), 0)::int from licences l
  where l.client_id = clients.id and l.revoked_at is null and l.valid_from <= now() and l.valid_until > now())`;
const userCount = sql<number>`(select count(*)::int from users u where u.client_id = clients.id)`;

/** Clients with the names of what they refer to; the list and the record select from this. */
export function selectClients(db: DB) {
  return db
    .selectFrom('clients')
    .leftJoin('industries', 'industries.id', 'clients.industryId')
    .leftJoin('verticals', 'verticals.id', 'clients.verticalId')
    .leftJoin('locations', 'locations.id', 'clients.locationId')
    .leftJoin('users as salesPerson', 'salesPerson.id', 'clients.salesPersonId')
    .leftJoin('users as manager', 'manager.id', 'clients.relationshipManagerId')
    .selectAll('clients')
    .select([
      'industries.name as industryName',
      'verticals.name as verticalName',
      'locations.name as locationName',
      'salesPerson.name as salesPersonName',
      'manager.name as relationshipManagerName',
      userCount.as('userCount'),
      licenceBalance.as('licenceBalance'),
    ]);
}

type ClientSelection = Awaited<ReturnType<ReturnType<typeof selectClients>['executeTakeFirstOrThrow']>>;

/** A row as the screens read it: the legal type as its code, figures as numbers. */
export const clientRow = (row: ClientSelection) => ({
  ...row,
  legalType: legalTypeOf(row.legalType),
  // Stored as the form's schema checked it (src/domain/clients.ts): one of ZONES.
  zone: row.zone as Zone | null,
  userCount: Number(row.userCount),
  licenceBalance: Number(row.licenceBalance),
});

/** Whether a client exists (the client a request names): its id, or nothing. */
export const findClientId = (db: DB, id: string) => db.selectFrom('clients').select('id').where('id', '=', id).executeTakeFirst();

export async function findClient(db: DB, id: string) {
  const row = await selectClients(db).where('clients.id', '=', id).executeTakeFirst();
  return row ? clientRow(row) : undefined;
}

export type ClientRow = NonNullable<Awaited<ReturnType<typeof findClient>>>;

export function contactsOf(db: Executor, clientId: string) {
  return db
    .selectFrom('clientContacts')
    .select(['id', 'name', 'email', 'phone', 'designation', 'isPrimary'])
    .where('clientId', '=', clientId)
    .orderBy('position')
    .execute();
}

/** The full record: the row, its contacts, its user accounts, its logo's address and what keeps it from being deleted. */
export async function clientRecord(db: DB, storage: Storage, row: ClientRow) {
  const [contacts, users, logo, usage] = await Promise.all([
    contactsOf(db, row.id),
    db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'role', 'membershipType', 'isActive', 'lastLoginAt'])
      .where('clientId', '=', row.id)
      .orderBy('name')
      .limit(200)
      .execute(),
    row.logoFileId ? db.selectFrom('storedFiles').select('objectKey').where('id', '=', row.logoFileId).where('storedBytes', 'is not', null).executeTakeFirst() : undefined,
    usageOf(db, row.id),
  ]);
  return { ...row, logoUrl: logo ? storage.readUrl(logo.objectKey) : null, contacts, users, ...usage };
}

/** Orders and invitations of a client: either keeps it from being deleted. */
export async function usageOf(db: DB, clientId: string): Promise<{ orderCount: number; invitationCount: number }> {
  const [orders, invitations] = await Promise.all([
    db.selectFrom('orders').select(sql<number>`count(*)::int`.as('n')).where('clientId', '=', clientId).executeTakeFirstOrThrow(),
    db.selectFrom('invitations').select(sql<number>`count(*)::int`.as('n')).where('clientId', '=', clientId).executeTakeFirstOrThrow(),
  ]);
  return { orderCount: Number(orders.n), invitationCount: Number(invitations.n) };
}

/** Replaces a client's contacts with the list sent, in its order (the primary one first in the index's eyes). */
export async function replaceContacts(trx: Executor, clientId: string, contacts: ContactInput[]) {
  await trx.deleteFrom('clientContacts').where('clientId', '=', clientId).execute();
  if (!contacts.length) return;
  await trx
    .insertInto('clientContacts')
    .values(
      contacts.map((c, position) => ({
        clientId,
        name: c.name,
        email: c.email ?? null,
        phone: c.phone ?? null,
        designation: c.designation ?? null,
        isPrimary: c.isPrimary,
        position,
        updatedAt: new Date(),
      })),
    )
    .execute();
}


/**
 * What a client's fields refer to must exist and fit: a sales person or relationship manager who
 * holds that duty, shared master data (or the client's own), a logo that is an uploaded image of
 * at most 1 MB uploaded for this client (by its users) or by the provider's staff.
 */
export async function checkReferences(
  db: DB,
  clientId: string | null,
  input: { industryId?: string | null; verticalId?: string | null; locationId?: string | null; salesPersonId?: string | null; relationshipManagerId?: string | null; logoFileId?: string | null },
) {
  const ownOrShared = (table: 'verticals' | 'locations', id: string) =>
    db
      .selectFrom(table)
      .select('id')
      .where('id', '=', id)
      .where((eb) => eb.or([eb('clientId', 'is', null), ...(clientId ? [eb('clientId', '=', clientId)] : [])]))
      .executeTakeFirst();
  const staff = (id: string, designation: 'SALES_PERSON' | 'RELATIONSHIP_MANAGER') =>
    db.selectFrom('users').select('id').where('id', '=', id).where('designation', '=', designation).where('clientId', 'is', null).executeTakeFirst();
  if (input.industryId && !(await db.selectFrom('industries').select('id').where('id', '=', input.industryId).executeTakeFirst()))
    throw refuseField('industryId', CLIENT_MESSAGES.unknownIndustry);
  if (input.verticalId && !(await ownOrShared('verticals', input.verticalId))) throw refuseField('verticalId', CLIENT_MESSAGES.unknownVertical);
  if (input.locationId && !(await ownOrShared('locations', input.locationId))) throw refuseField('locationId', CLIENT_MESSAGES.unknownLocation);
  if (input.salesPersonId && !(await staff(input.salesPersonId, 'SALES_PERSON'))) throw refuseField('salesPersonId', CLIENT_MESSAGES.notSalesPerson);
  if (input.relationshipManagerId && !(await staff(input.relationshipManagerId, 'RELATIONSHIP_MANAGER')))
    throw refuseField('relationshipManagerId', CLIENT_MESSAGES.notRelationshipManager);
  if (input.logoFileId) {
    const file = await db.selectFrom('storedFiles').select(['contentType', 'storedBytes', 'clientId']).where('id', '=', input.logoFileId).executeTakeFirst();
    const fits =
      file &&
      file.contentType.startsWith('image/') &&
      file.storedBytes !== null &&
      Number(file.storedBytes) <= CLIENT_LIMITS.logoMaxBytes &&
      (file.clientId === null || file.clientId === clientId);
    if (!fits) throw refuseField('logoFileId', CLIENT_MESSAGES.logoNotImage);
  }
}

/** Users holding a duty (sales person, relationship manager), as dropdown options. */
export async function staffWithDuty(db: DB, designation: 'SALES_PERSON' | 'RELATIONSHIP_MANAGER') {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('designation', '=', designation)
    .where('clientId', 'is', null)
    .where('isActive', '=', true)
    .orderBy('name')
    .limit(1000)
    .execute();
  return rows.map((r) => ({ _id: r.id, label: r.name, email: r.email }));
}

// ---------------------------------------------------------------------------------------------
// Library assessments given to a client

export async function grantsOf(db: DB, clientId: string) {
  const rows = await db
    .selectFrom('clientAssessments')
    .innerJoin('assessments', 'assessments.id', 'clientAssessments.assessmentId')
    .leftJoin('users', 'users.id', 'clientAssessments.grantedBy')
    .select([
      'clientAssessments.assessmentId',
      'clientAssessments.settings',
      'clientAssessments.createdAt',
      'clientAssessments.updatedAt',
      'assessments.name',
      'assessments.status',
      'assessments.type',
      'assessments.languages',
      'users.name as grantedByName',
    ])
    .where('clientAssessments.clientId', '=', clientId)
    .orderBy('assessments.name')
    .execute();
  return rows.map(grantRow);
}

export async function findGrant(db: DB, clientId: string, assessmentId: string) {
  const all = await grantsOf(db, clientId);
  return all.find((g) => g.assessmentId === assessmentId);
}

function grantRow<T extends { assessmentId: string; settings: unknown }>(row: T) {
  const settings = (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings) as ClientAssessmentSettings;
  return { ...row, id: row.assessmentId, settings };
}

/** The settings a client has for a library assessment it was given, or undefined when it was not given it. */
export async function grantSettings(db: Executor, clientId: string, assessmentId: string): Promise<ClientAssessmentSettings | undefined> {
  const row = await db.selectFrom('clientAssessments').select('settings').where('clientId', '=', clientId).where('assessmentId', '=', assessmentId).executeTakeFirst();
  if (!row) return undefined;
  return (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings) as ClientAssessmentSettings;
}

/**
 * The client an invitation to this assessment belongs to when `tenant` sends it (its candidates,
 * credits and figures are that client's): a client's own assessment is its own; a library
 * assessment given to the tenant is the tenant's, with the settings it was given; provider staff
 * (no tenant) invite for the assessment's owner. Undefined when the tenant may not invite to it.
 */
export async function invitingClient(
  db: Executor,
  tenant: string | null | undefined,
  assessment: { id: string; clientId: string | null },
): Promise<{ clientId: string | null; granted?: ClientAssessmentSettings } | undefined> {
  if (!tenant || assessment.clientId === tenant) return { clientId: assessment.clientId };
  if (assessment.clientId !== null) return undefined;
  const granted = await grantSettings(db, tenant, assessment.id);
  return granted ? { clientId: tenant, granted } : undefined;
}

/** The ids of the library assessments given to a client, as a subquery. */
export const grantedIds = (db: Executor, clientId: string) => db.selectFrom('clientAssessments').select('assessmentId').where('clientId', '=', clientId);

// ---------------------------------------------------------------------------------------------
// The client record

/** Another client with this GSTIN in any case, if there is one. */
export function findClientWithGstin(db: Executor, gstin: string, exceptId?: string) {
  let query = db.selectFrom('clients').select('id').where(({ fn }) => fn('upper', ['gstin']), '=', gstin.toUpperCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** Another client with this careers address, if there is one. */
export function findClientWithSlug(db: Executor, slug: string, exceptId?: string) {
  let query = db.selectFrom('clients').select('id').where('slug', '=', slug);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

export const insertClient = async (trx: Executor, values: Insertable<ClientsTable>): Promise<string> =>
  (await trx.insertInto('clients').values(values).returning('id').executeTakeFirstOrThrow()).id;

export const updateClient = async (trx: Executor, id: string, values: Updateable<ClientsTable>): Promise<string> =>
  (await trx.updateTable('clients').set(values).where('id', '=', id).returning('id').executeTakeFirstOrThrow()).id;

/** Deletes a client; its users stay, without a client. */
export const deleteClient = (trx: Executor, id: string) => trx.deleteFrom('clients').where('id', '=', id).execute();

// ---------------------------------------------------------------------------------------------
// Dropdowns

/** Clients by name (only `tenant` when given). */
export function clientOptions(db: Executor, tenant: string | undefined) {
  let query = db.selectFrom('clients').select(['id', 'name']).orderBy('name').limit(1000);
  if (tenant) query = query.where('id', '=', tenant);
  return query.execute();
}

export const industryOptions = (db: Executor) => db.selectFrom('industries').select(['id', 'name']).orderBy('name').limit(1000).execute();

/** The shared verticals or locations, and the client's own with `clientId`. */
export const sharedOptions = (db: Executor, table: 'verticals' | 'locations', clientId: string | undefined) =>
  db
    .selectFrom(table)
    .select(['id', 'name'])
    .where((eb) => eb.or([eb('clientId', 'is', null), ...(clientId ? [eb('clientId', '=', clientId)] : [])]))
    .orderBy('name')
    .limit(1000)
    .execute();

// ---------------------------------------------------------------------------------------------
// Library assessments given to a client

/** Library assessments (not drafts) not yet given to the client. */
export const assessmentChoices = (db: Executor, clientId: string) =>
  db
    .selectFrom('assessments')
    .select(['id', 'name', 'languages'])
    .where('clientId', 'is', null)
    .where('status', '!=', 'DRAFT')
    .where('id', 'not in', db.selectFrom('clientAssessments').select('assessmentId').where('clientId', '=', clientId))
    .orderBy('name')
    .limit(1000)
    .execute();

/** What decides whether an assessment may be given: its owner, languages and status. */
export const findAssessmentToGrant = (db: Executor, id: string) => db.selectFrom('assessments').select(['id', 'clientId', 'languages', 'status']).where('id', '=', id).executeTakeFirst();

export const insertGrant = (trx: Executor, grant: { clientId: string; assessmentId: string; settings: Record<string, unknown>; grantedBy: string }) =>
  trx
    .insertInto('clientAssessments')
    .values({ clientId: grant.clientId, assessmentId: grant.assessmentId, settings: JSON.stringify(grant.settings), grantedBy: grant.grantedBy, updatedAt: new Date() })
    .execute();

export const updateGrantSettings = (trx: Executor, clientId: string, assessmentId: string, settings: Record<string, unknown>) =>
  trx
    .updateTable('clientAssessments')
    .set({ settings: JSON.stringify(settings), updatedAt: new Date() })
    .where('clientId', '=', clientId)
    .where('assessmentId', '=', assessmentId)
    .execute();

export const deleteGrant = (trx: Executor, clientId: string, assessmentId: string) => trx.deleteFrom('clientAssessments').where('clientId', '=', clientId).where('assessmentId', '=', assessmentId).execute();
