/**
 * Clients (issue 11, ARCHITECTURE.md 7c): the companies the provider sells to, as a react-admin
 * resource for the provider's staff (entity CLIENTS), with their contacts, logo, user accounts and
 * the library assessments given to them; a client's own users read their company (only theirs) and
 * change at /details only the fields CLIENT_EDITABLE_BY_CLIENT allows. Dropdowns for the client
 * form (the store slices: industries, zones, sales persons, contact persons, …) and the client
 * dropdown of the user and role forms.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BUSINESS_MESSAGES, CLIENT_EDITABLE_BY_CLIENT, ZONES } from '../../../src/domain/business';
import { CAREERS_MESSAGES } from '../../../src/domain/careers';
import { optionSchema } from '../../../src/domain/answers';
import {
  assessmentChoiceSchema,
  CLIENT_LIMITS,
  CLIENT_MESSAGES,
  clientAssessmentAnswerSchema,
  clientAssessmentSchema,
  clientAssessmentSettingsSchema,
  clientDetailsAnswerSchema,
  clientDetailsSchema,
  clientRecordSchema,
  clientRowSchema,
  clientSchema,
  contactOptionSchema,
  logoUploadSchema,
  staffOptionSchema,
  type ClientInput,
} from '../../../src/domain/clients';
import { can, type Action } from '../../../src/domain/permissions';
import { updateSchema } from '../../../src/domain/schemas';
import { answers, ok } from '../../lib/answers';
import { recordAudit } from '../../lib/audit';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams, listQuerystring } from '../../lib/crud';
import { badRequest, conflict, forbidden, notFound, parseOrThrow, says } from '../../lib/errors';
import { fetchPage, parseListQuery, sendPage, tenantOf, type ListSpec } from '../../lib/rest';
import { fileNameProblem, tooLarge, UPLOAD_TYPES, type UploadContentType } from '../../lib/storage';
import type { Services } from '../../services';
import { recordSignedUpload, roomFor, storedFileId } from '../uploads/queries';
import {
  assessmentChoices,
  checkReferences,
  clientOptions,
  clientRecord,
  contactsOf,
  deleteClient,
  deleteGrant,
  findAssessmentToGrant,
  findClient,
  findClientWithGstin,
  findClientWithSlug,
  findGrant,
  grantsOf,
  industryOptions,
  insertClient,
  insertGrant,
  replaceContacts,
  selectClients,
  sharedOptions,
  staffWithDuty,
  updateClient,
  updateGrantSettings,
  usageOf,
  clientRow,
  type ClientRow,
} from './queries';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

const spec: ListSpec = {
  resource: 'clients',
  fields: {
    name: 'clients.name',
    industryId: 'clients.industryId',
    verticalId: 'clients.verticalId',
    zone: 'clients.zone',
    locationId: 'clients.locationId',
    city: 'clients.city',
    status: 'clients.status',
    salesPersonId: 'clients.salesPersonId',
    relationshipManagerId: 'clients.relationshipManagerId',
    createdAt: 'clients.createdAt',
    updatedAt: 'clients.updatedAt',
  },
  sortable: ['name', 'zone', 'city', 'status', 'createdAt', 'updatedAt'],
  filterable: ['industryId', 'verticalId', 'zone', 'locationId', 'status', 'salesPersonId', 'relationshipManagerId', 'createdAt', 'updatedAt'],
  types: { industryId: 'uuid', verticalId: 'uuid', locationId: 'uuid', salesPersonId: 'uuid', relationshipManagerId: 'uuid', createdAt: 'date', updatedAt: 'date' },
  searchable: ['clients.name', 'clients.city', 'clients.gstin', 'clients.email'],
  defaultSort: ['name', 'ASC'],
  // A client's own users see their company only.
  tenantColumn: 'clients.id',
};

/** Image types a logo may be, with the logo's own size limit. */
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const satisfies readonly UploadContentType[];

const staff = (action: Action) => (user: AuthUser) => can(user, 'CLIENTS', action);
/** Provider staff who may see clients, or a client's own users (their own company only: tenant scope). */
const mayRead = (user: AuthUser) => can(user, 'CLIENTS', 'view') || !!tenantOf(user);
/** Who changes a client's own details: the CLIENT account, and its team members who manage its team. */
export const mayEditDetails = (user: AuthUser) => !!tenantOf(user) && (user.role === 'CLIENT' || can(user, 'TEAM MEMBERS', 'edit'));
const mayUploadLogo = (user: AuthUser) => can(user, 'CLIENTS', 'create') || can(user, 'CLIENTS', 'edit') || mayEditDetails(user);
const mayListDropdown = (user: AuthUser) => can(user, 'CLIENTS', 'view') || can(user, 'TEAM MEMBERS', 'view') || !!tenantOf(user);

const clientParams = z.object({ clientId: z.uuid('The client id is not valid.') });
const grantParams = z.object({ clientId: z.uuid('The client id is not valid.'), assessmentId: z.uuid('The assessment id is not valid.') });
const logoQuery = z.object({
  key: z.string({ error: 'The file name (key) is required.' }).superRefine((value, ctx) => {
    const problem = fileNameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  contentType: z
    .string({ error: 'contentType is required.' })
    .trim()
    .toLowerCase()
    .refine((v) => (LOGO_TYPES as readonly string[]).includes(v), { error: CLIENT_MESSAGES.logoNotImage }),
  size: z.coerce.number({ error: "size must be the file's size in bytes." }).int("size must be the file's size in bytes.").min(1, FIELD_MESSAGES.fileEmpty),
});
const optionsQuery = z.object({ clientId: z.uuid('The client id is not valid.').optional() });


/** The GSTIN clash as a 409 on its field, whether found first or by the unique index. */
const gstinTaken = () => conflict(BUSINESS_MESSAGES.gstinTaken, { gstin: BUSINESS_MESSAGES.gstinTaken });
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** The columns of a client from its input (contacts apart). */
function columnsOf(input: Partial<ClientInput>) {
  const { contacts: _contacts, ...columns } = input;
  return columns;
}

export default async function clientRoutes(app: FastifyInstance, { db, storage, config }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['clients'];

  /** The client if the caller may see it; another client's is not found. */
  async function findVisible(id: string, user: AuthUser): Promise<ClientRow> {
    const tenant = tenantOf(user);
    const row = tenant && tenant !== id ? undefined : await findClient(db, id);
    if (!row) throw notFound();
    return row;
  }

  const record = (row: ClientRow) => clientRecord(db, storage, row);

  async function assertGstinFree(gstin: string | null | undefined, exceptId?: string) {
    if (!gstin) return;
    if (await findClientWithGstin(db, gstin, exceptId)) throw gstinTaken();
  }

  /** A careers address is one client's: the clash as a 409 on its field, found first or by the unique constraint. */
  const slugTaken = () => conflict(CAREERS_MESSAGES.slugTaken, { slug: CAREERS_MESSAGES.slugTaken });
  async function assertSlugFree(slug: string | undefined, exceptId?: string) {
    if (!slug) return;
    if (await findClientWithSlug(db, slug, exceptId)) throw slugTaken();
  }

  /** Writes a client's columns and contacts in one transaction, with its audit entry. */
  async function save(before: ClientRow | null, input: Partial<ClientInput>, user: AuthUser): Promise<ClientRow> {
    await checkReferences(db, before?.id ?? null, input);
    await assertGstinFree(input.gstin, before?.id);
    await assertSlugFree(input.slug, before?.id);
    try {
      const id = await db.transaction().execute(async (trx) => {
        const columns = columnsOf(input);
        const id = before
          ? await updateClient(trx, before.id, { ...columns, updatedAt: new Date() })
          : await insertClient(trx, { ...(columns as ClientInput), createdAt: new Date(), updatedAt: new Date() });
        if (input.contacts) await replaceContacts(trx, id, input.contacts);
        const after = { ...columns, contacts: input.contacts };
        await recordAudit(trx, { userId: user.id, action: before ? 'update' : 'create', resource: 'clients', recordId: id, before: before ?? undefined, after });
        return id;
      });
      return (await findClient(db, id))!;
    } catch (error) {
      if (isUniqueViolation(error)) throw (error as { constraint?: string }).constraint === 'clients_slug_key' ? slugTaken() : gstinTaken();
      throw error;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Dropdowns (store slices)

  r.get('/clients/dropdown', { config: { access: mayListDropdown }, schema: { tags, response: answers(z.array(optionSchema)), summary: 'Clients as {_id, label}; a client’s own users get their own only.' } }, async (request) => {
    const tenant = tenantOf(currentUser(request));
    const rows = await clientOptions(db, tenant);
    return ok(rows.map((row) => ({ _id: row.id, label: row.name })));
  });

  r.get('/clients/zones', { config: { access: 'signedIn' }, schema: { tags, response: answers(z.array(z.object({ _id: z.enum(ZONES), label: z.enum(ZONES) }))), summary: 'The sales zones, as {_id, label} (labels are translated by the screens).' } }, async () =>
    ok(ZONES.map((zone) => ({ _id: zone, label: zone }))),
  );

  r.get('/clients/industries', { config: { access: staff('view') }, schema: { tags, response: answers(z.array(optionSchema)), summary: 'Industries, as {_id, label}.' } }, async () => {
    const rows = await industryOptions(db);
    return ok(rows.map((row) => ({ _id: row.id, label: row.name })));
  });

  for (const table of ['verticals', 'locations'] as const)
    r.get(
      `/clients/${table}`,
      { config: { access: staff('view') }, schema: { tags, response: answers(z.array(optionSchema)), summary: `Shared ${table}, and the client's own with ?clientId=, as {_id, label}.`, querystring: optionsQuery } },
      async (request) => {
        const { clientId } = request.query;
        const rows = await sharedOptions(db, table, clientId);
        return ok(rows.map((row) => ({ _id: row.id, label: row.name })));
      },
    );

  r.get('/clients/sales-persons', { config: { access: staff('view') }, schema: { tags, response: answers(z.array(staffOptionSchema)), summary: 'Active users who are sales persons, as {_id, label, email}.' } }, async () =>
    ok(await staffWithDuty(db, 'SALES_PERSON')),
  );
  r.get('/clients/relationship-managers', { config: { access: staff('view') }, schema: { tags, response: answers(z.array(staffOptionSchema)), summary: 'Active users who are relationship managers, as {_id, label, email}.' } }, async () =>
    ok(await staffWithDuty(db, 'RELATIONSHIP_MANAGER')),
  );

  r.get('/clients/:id/contacts', { config: { access: mayRead }, schema: { tags, response: answers(z.array(contactOptionSchema)), summary: "A client's contact persons, as {_id, label, email, phone, designation, isPrimary}.", params: idParams } }, async (request) => {
    const client = await findVisible(request.params.id, currentUser(request));
    const rows = await contactsOf(db, client.id);
    return ok(rows.map(({ id, name, ...rest }) => ({ _id: id, label: name, ...rest })));
  });

  // -------------------------------------------------------------------------------------------
  // Logo upload: a signed upload through the storage (images of at most 1 MB)

  r.get(
    '/clients/logo-upload',
    { config: { access: mayUploadLogo }, schema: { tags, response: answers(logoUploadSchema), summary: 'A signed URL to PUT a logo to (PNG, JPEG, GIF or WebP, at most 1 MB), and the fileId to save as logoFileId.', querystring: logoQuery } },
    async (request, reply) => {
      const user = currentUser(request);
      const { key, size } = request.query;
      const contentType = request.query.contentType as UploadContentType;
      if (size > CLIENT_LIMITS.logoMaxBytes) throw tooLarge(CLIENT_LIMITS.logoMaxBytes);
      const uploader = { id: user.id, clientId: tenantOf(user) ?? null };
      await roomFor(db, config.storageQuota, uploader, size);
      const signed = storage.signUpload({ name: key, contentType, baseUrl: config.publicUrl, size });
      await recordSignedUpload(db, { key: signed.key, uploader, contentType, declaredBytes: size, storedBytes: storage.kind === 's3' ? size : undefined });
      const fileId = await storedFileId(db, signed.key);
      reply.header('cache-control', 'no-store');
      return ok({ ...signed, maxBytes: Math.min(signed.maxBytes, UPLOAD_TYPES[contentType].maxBytes, CLIENT_LIMITS.logoMaxBytes), fileId });
    },
  );

  // -------------------------------------------------------------------------------------------
  // /details: a signed-in client's own company

  r.get('/clients/details', { config: { access: (u: AuthUser) => !!tenantOf(u) }, schema: { tags, response: answers(clientDetailsAnswerSchema), summary: "The signed-in client's company, with editable: the fields it may change, and mayEdit." } }, async (request) => {
    const user = currentUser(request);
    const row = await findVisible(tenantOf(user)!, user);
    return ok({ ...(await record(row)), editable: CLIENT_EDITABLE_BY_CLIENT, mayEdit: mayEditDetails(user) });
  });

  r.put(
    '/clients/details',
    { config: { access: mayEditDetails }, schema: { tags, response: answers(clientRecordSchema), summary: `Changes the signed-in client's own ${CLIENT_EDITABLE_BY_CLIENT.join(', ')}; any other field is refused (403).` } },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest(FIELD_MESSAGES.sendDetailsJsonObject);
      const refused = Object.keys(body).filter((key) => !(CLIENT_EDITABLE_BY_CLIENT as readonly string[]).includes(key));
      if (refused.length) throw forbidden(says('notEditableByClient', { fields: refused.join(', ') }));
      const input = parseOrThrow(clientDetailsSchema, body);
      const before = await findVisible(tenantOf(user)!, user);
      return ok(await record(await save(before, input, user)));
    },
  );

  // -------------------------------------------------------------------------------------------
  // The resource

  r.get(
    '/clients',
    {
      config: { access: mayRead },
      schema: {
        tags, response: answers(z.array(clientRowSchema)),
        summary:
          'Clients (simple-rest list): id, name, industryName, zone, locationName, city, status, salesPersonName, relationshipManagerName, userCount, licenceBalance. Filters q, industryId, verticalId, zone, locationId, status, salesPersonId, relationshipManagerId.',
        querystring: listQuerystring,
      },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, spec);
      const { rows, total } = await fetchPage(selectClients(db), spec, list, request.user);
      return sendPage(reply, 'clients', list, rows.map(clientRow), total);
    },
  );

  r.get('/clients/:id', { config: { access: mayRead }, schema: { tags, response: answers(clientRecordSchema), summary: 'One client with contacts, users, logoUrl, orderCount, invitationCount.', params: idParams } }, async (request) => ok(await record(await findVisible(request.params.id, currentUser(request)))));

  r.post('/clients', { config: { access: staff('create') }, schema: { tags, response: answers(clientRecordSchema), summary: 'Creates a client (GSTIN unique: 409).', body: clientSchema } }, async (request) => ok(await record(await save(null, request.body, currentUser(request)))));

  r.put('/clients/:id', { config: { access: staff('edit') }, schema: { tags, response: answers(clientRecordSchema), summary: 'Changes a client; contacts, when sent, replace the list.', params: idParams, body: updateSchema(clientSchema).strict() } }, async (request) => {
    const user = currentUser(request);
    const before = await findVisible(request.params.id, user);
    return ok(await record(await save(before, request.body as Partial<ClientInput>, user)));
  });

  r.delete('/clients/:id', { config: { access: staff('delete') }, schema: { tags, response: answers(clientRowSchema), summary: 'Deletes a client without orders or invitations (else 409: set it inactive).', params: idParams } }, async (request) => {
    const user = currentUser(request);
    const before = await findVisible(request.params.id, user);
    const usage = await usageOf(db, before.id);
    if (usage.orderCount || usage.invitationCount) throw conflict(BUSINESS_MESSAGES.clientHasOrders);
    await db.transaction().execute(async (trx) => {
      // Its users stay, without a client: an account is never deleted with its company.
      await deleteClient(trx, before.id);
      await recordAudit(trx, { userId: user.id, action: 'delete', resource: 'clients', recordId: before.id, before });
    });
    return ok(before);
  });

  // -------------------------------------------------------------------------------------------
  // Library assessments given to a client

  /** A client the caller may manage the assessments of (provider staff only). */
  async function managedClient(clientId: string, user: AuthUser) {
    return findVisible(clientId, user);
  }

  /** Settings checked against the assessment: languages it is offered in. */
  function checkSettings(settings: z.infer<typeof clientAssessmentSettingsSchema>, languages: readonly string[]) {
    if (settings.languages && settings.languages.some((l) => !languages.includes(l)))
      throw badRequest(CLIENT_MESSAGES.languagesNotOffered, { 'settings.languages': CLIENT_MESSAGES.languagesNotOffered });
    const clean: Record<string, unknown> = {};
    if (settings.displayName) clean.displayName = settings.displayName;
    if (settings.languages?.length) clean.languages = [...new Set(settings.languages)];
    if (settings.invitationDays) clean.invitationDays = settings.invitationDays;
    return clean;
  }

  r.get(
    '/clients/:clientId/assessments',
    { config: { access: mayRead }, schema: { tags, response: answers(z.array(clientAssessmentAnswerSchema)), summary: 'The library assessments given to a client, with its settings: {assessmentId, name, status, type, languages, settings, grantedByName}.', params: clientParams } },
    async (request) => {
      const client = await findVisible(request.params.clientId, currentUser(request));
      return ok(await grantsOf(db, client.id));
    },
  );

  r.get(
    '/clients/:clientId/assessment-choices',
    { config: { access: staff('edit') }, schema: { tags, response: answers(z.array(assessmentChoiceSchema)), summary: 'Library assessments (not drafts) not yet given to the client, as {_id, label, languages}.', params: clientParams } },
    async (request) => {
      const client = await managedClient(request.params.clientId, currentUser(request));
      const rows = await assessmentChoices(db, client.id);
      return ok(rows.map((row) => ({ _id: row.id, label: row.name, languages: row.languages })));
    },
  );

  r.get(
    '/clients/:clientId/assessments/:assessmentId',
    { config: { access: mayRead }, schema: { tags, response: answers(clientAssessmentAnswerSchema), summary: 'One library assessment given to a client, with its settings.', params: grantParams } },
    async (request) => {
      const client = await findVisible(request.params.clientId, currentUser(request));
      const grant = await findGrant(db, client.id, request.params.assessmentId);
      if (!grant) throw notFound(CLIENT_MESSAGES.notGranted);
      return ok(grant);
    },
  );

  r.post(
    '/clients/:clientId/assessments',
    { config: { access: staff('edit') }, schema: { tags, response: answers(clientAssessmentAnswerSchema), summary: 'Gives a client a library assessment with its own settings (once: 409).', params: clientParams, body: clientAssessmentSchema } },
    async (request) => {
      const user = currentUser(request);
      const client = await managedClient(request.params.clientId, user);
      if (client.status === 'INACTIVE') throw conflict(CLIENT_MESSAGES.clientInactive);
      const { assessmentId, settings } = request.body;
      const assessment = await findAssessmentToGrant(db, assessmentId);
      if (!assessment || assessment.clientId !== null || assessment.status === 'DRAFT')
        throw badRequest(CLIENT_MESSAGES.notLibrary, { assessmentId: CLIENT_MESSAGES.notLibrary });
      const clean = checkSettings(settings, assessment.languages);
      try {
        await db.transaction().execute(async (trx) => {
          await insertGrant(trx, { clientId: client.id, assessmentId, settings: clean, grantedBy: user.id });
          await recordAudit(trx, { userId: user.id, action: 'create', resource: 'client-assessments', recordId: assessmentId, after: { clientId: client.id, settings: clean } });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(CLIENT_MESSAGES.alreadyGranted, { assessmentId: CLIENT_MESSAGES.alreadyGranted });
        throw error;
      }
      return ok((await findGrant(db, client.id, assessmentId))!);
    },
  );

  r.put(
    '/clients/:clientId/assessments/:assessmentId',
    { config: { access: staff('edit') }, schema: { tags, response: answers(clientAssessmentAnswerSchema), summary: "Changes a client's settings for a library assessment it was given.", params: grantParams, body: z.strictObject({ settings: clientAssessmentSettingsSchema }) } },
    async (request) => {
      const user = currentUser(request);
      const client = await managedClient(request.params.clientId, user);
      const before = await findGrant(db, client.id, request.params.assessmentId);
      if (!before) throw notFound(CLIENT_MESSAGES.notGranted);
      const clean = checkSettings(request.body.settings, before.languages);
      await db.transaction().execute(async (trx) => {
        await updateGrantSettings(trx, client.id, before.assessmentId, clean);
        await recordAudit(trx, { userId: user.id, action: 'update', resource: 'client-assessments', recordId: before.assessmentId, before, after: { clientId: client.id, settings: clean } });
      });
      return ok((await findGrant(db, client.id, before.assessmentId))!);
    },
  );

  r.delete(
    '/clients/:clientId/assessments/:assessmentId',
    { config: { access: staff('edit') }, schema: { tags, response: answers(clientAssessmentAnswerSchema), summary: 'Takes a library assessment back from a client (invitations already sent stay valid).', params: grantParams } },
    async (request) => {
      const user = currentUser(request);
      const client = await managedClient(request.params.clientId, user);
      const before = await findGrant(db, client.id, request.params.assessmentId);
      if (!before) throw notFound(CLIENT_MESSAGES.notGranted);
      await db.transaction().execute(async (trx) => {
        await deleteGrant(trx, client.id, before.assessmentId);
        await recordAudit(trx, { userId: user.id, action: 'delete', resource: 'client-assessments', recordId: before.assessmentId, before });
      });
      return ok(before);
    },
  );
}
