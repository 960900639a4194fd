/**
 * Dashboard stats (specification section 3's store slices): the provider's (admin) figures and a
 * client's, over a date range (`from`, `to`: days in India; both or neither, then the last 12
 * months). Entity DASHBOARD. The provider's figures are for the provider's staff, each section only
 * when the user may view its list; a client's are for its own users, or for the provider's staff
 * naming the client. Definitions of every figure: ./queries.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDashboardSchema,
  assessmentFigureSchema,
  checkRange,
  clientDashboardSchema,
  completionRate,
  dashboardKind,
  DASHBOARD_MESSAGES,
  dropdownOptionSchema,
  industryFigureSchema,
  monthsOf,
  rangeFields,
  rangeOf,
  type AdminDashboard,
  type ClientDashboard,
} from '../../../src/domain/dashboards';
import { can } from '../../../src/domain/permissions';
import { answers, ok } from '../../lib/answers';
import type { AuthUser } from '../../lib/auth';
import { currentUser } from '../../lib/auth';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/rest';
import type { Services } from '../../services';
import {
  assessmentFigures,
  assessmentOptions,
  clientAssessmentCounts,
  clientExists,
  clientFigures,
  clientLicences,
  industryFigures,
  invitationCounts,
  invitationMonths,
  licenceFigures,
  monthFigures,
  orderFigures,
  orderMonths,
  questionFigures,
  skillFigures,
  stageFigures,
} from './queries';

/** The provider's figures for its staff; a client's for its users and for the provider's staff. */
const adminAccess = { access: (user: AuthUser) => dashboardKind(user) === 'admin' };
const clientAccess = { access: (user: AuthUser) => dashboardKind(user) !== null };

const adminQuery = z.object(rangeFields).superRefine(checkRange);
const clientQuery = z
  .object({
    ...rangeFields,
    clientId: z.uuid(DASHBOARD_MESSAGES.badClient).optional(),
    assessmentId: z.uuid(DASHBOARD_MESSAGES.badAssessment).optional(),
  })
  .superRefine(checkRange);
const dropdownQuery = z.object({ clientId: z.uuid(DASHBOARD_MESSAGES.badClient).optional() });

const tags = ['dashboard'];

export default async function dashboardRoutes(app: FastifyInstance, { db }: Services) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Whose figures a client dashboard shows: a client's user sees its own client (naming another
   * is not found); the provider's staff name the client, if they may view clients (the rule the
   * dashboard's client picker follows).
   */
  async function clientOf(user: AuthUser, named: string | undefined): Promise<string> {
    const tenant = tenantOf(user);
    if (tenant) {
      if (named && named !== tenant) throw notFound();
      if (!user.clientId) throw badRequest(DASHBOARD_MESSAGES.noClient);
      return tenant;
    }
    if (!can(user, 'CLIENTS', 'view')) throw forbidden();
    if (!named) throw badRequest(DASHBOARD_MESSAGES.chooseClient, { clientId: DASHBOARD_MESSAGES.chooseClient });
    if (!(await clientExists(db, named))) throw notFound();
    return named;
  }

  r.get(
    '/dashboard/admin',
    {
      config: adminAccess,
      schema: {
        tags,
        summary:
          "The provider's figures over a range: clients (total, active, new, by industry, by zone), licences (credits granted, spent, remaining), orders (by state with totals in paise, paid and outstanding), questions by status, invitations by status, and months (invited, completed, orders, revenuePaise). A section the user may not view (CLIENTS, LICENCES, ORDERS, QUESTIONS, CANDIDATES) is null.",
        querystring: adminQuery,
        response: answers(adminDashboardSchema),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const range = rangeOf(request.query);
      const sees = (entity: 'CLIENTS' | 'LICENCES' | 'ORDERS' | 'QUESTIONS' | 'CANDIDATES') => can(user, entity, 'view');
      const data: AdminDashboard = {
        range,
        clients: sees('CLIENTS') ? await clientFigures(db, range) : null,
        licences: sees('LICENCES') ? await licenceFigures(db, range) : null,
        orders: sees('ORDERS') ? await orderFigures(db, range) : null,
        questions: sees('QUESTIONS') ? await questionFigures(db) : null,
        invitations: sees('CANDIDATES') ? await invitationCounts(db, { range }) : null,
        months: monthFigures(
          monthsOf(range),
          sees('CANDIDATES') ? await invitationMonths(db, { range }) : undefined,
          sees('ORDERS') ? await orderMonths(db, range) : undefined,
        ),
      };
      return ok(data);
    },
  );

  r.get(
    '/dashboard/admin/industries',
    {
      config: { access: (user: AuthUser) => adminAccess.access(user) && can(user, 'CLIENTS', 'view') },
      schema: {
        tags,
        summary: 'Per industry of the clients (null: none given): clients, invitations sent and completed in the range, payments received in the range (paise). For staff who may view clients.',
        querystring: adminQuery,
        response: answers(z.array(industryFigureSchema)),
      },
    },
    async (request) => ok(await industryFigures(db, rangeOf(request.query))),
  );

  r.get(
    '/dashboard/client',
    {
      config: clientAccess,
      schema: {
        tags,
        summary:
          "A client's figures over a range (one assessment with assessmentId): its assessments, invitations by status, completion rate, average score and band per skill, licence balance today, candidates per hiring stage on open jobs, months. A client's users get their own client; the provider's staff name it with clientId.",
        querystring: clientQuery,
        response: answers(clientDashboardSchema),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const clientId = await clientOf(user, request.query.clientId);
      const range = rangeOf(request.query);
      const assessmentId = request.query.assessmentId ?? null;
      const scope = { range, clientId, assessmentId };
      const invitations = await invitationCounts(db, scope);
      const { stages, openJobs } = await stageFigures(db, clientId, assessmentId);
      const data: ClientDashboard = {
        range,
        clientId,
        assessmentId,
        assessments: await clientAssessmentCounts(db, clientId),
        invitations,
        completionRate: completionRate(invitations.COMPLETED, invitations.total),
        skills: await skillFigures(db, scope),
        licences: await clientLicences(db, clientId),
        stages,
        openJobs,
        months: monthFigures(monthsOf(range), await invitationMonths(db, scope)),
      };
      return ok(data);
    },
  );

  r.get(
    '/dashboard/client/assessments',
    {
      config: clientAccess,
      schema: {
        tags,
        summary: "Per assessment of a client with invitations in the range (busiest first, at most 100): invited, started, completed, expired, average stored score.",
        querystring: clientQuery,
        response: answers(z.array(assessmentFigureSchema)),
      },
    },
    async (request) => {
      const clientId = await clientOf(currentUser(request), request.query.clientId);
      const range = rangeOf(request.query);
      return ok(await assessmentFigures(db, { range, clientId, assessmentId: request.query.assessmentId ?? null }));
    },
  );

  r.get(
    '/dashboard/client/assessments/dropdown',
    {
      config: clientAccess,
      schema: { tags, summary: "The assessments a client's dashboard can be narrowed to: [{id, name}].", querystring: dropdownQuery, response: answers(z.array(dropdownOptionSchema)) },
    },
    async (request) => ok(await assessmentOptions(db, await clientOf(currentUser(request), request.query.clientId))),
  );
}
