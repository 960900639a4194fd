/**
 * An assessment's candidates by their stored scores (the candidates module's): the list's score
 * columns, and 2 to 4 candidates compared (the queries are comparison.ts's).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { comparisonSchema, scoreColumnsSchema } from '../../../src/domain/invitationAnswers';
import { answers, ok } from '../../lib/answers';
import { currentUser, type AuthUser } from '../../lib/auth';
import { idParams } from '../../lib/crud';
import { notFound } from '../../lib/errors';
import { tenantOf } from '../../lib/rest';
import type { Services } from '../../services';
import { findAssessmentRow } from '../assessments/queries';
import { grantSettings } from '../clients/queries';
import { candidates, visibleTo } from './access';
import { assessmentSkills, assessmentTests, compareCandidates, COMPARE_MAX, COMPARE_MIN, COMPARISON_MESSAGES, parseCompareIds } from './comparison';

const tags = ['invitations'];

/** Registered by the candidates module's routes. */
export default async function comparisonRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** An assessment the user may see the candidates of; another client's is not found. */
  async function visibleAssessment(id: string, user: AuthUser) {
    const assessment = await findAssessmentRow(db, id);
    // A library assessment given to the caller's client too (its invitations are then the client's own).
    const tenant = tenantOf(user);
    const granted = assessment && tenant && assessment.clientId === null && (await grantSettings(db, tenant, assessment.id));
    if (!assessment || (!granted && !visibleTo(user, assessment.clientId))) throw notFound();
    return assessment;
  }

  r.get(
    '/assessments/:id/score-columns',
    {
      config: candidates('view'),
      schema: {
        summary: 'What the candidates list of an assessment can show and filter by: its tests in order (a band column each) and the secondary skills its questions count towards (the skill band filter): {tests [{id, name}], skills [{id, label}]}.',
        tags: ['assessments', ...tags],
        params: idParams,
        response: answers(scoreColumnsSchema),
      },
    },
    async (request) => {
      const assessment = await visibleAssessment(request.params.id, currentUser(request));
      return ok({ tests: await assessmentTests(db, assessment.id), skills: await assessmentSkills(db, assessment.id) });
    },
  );

  r.get(
    '/assessments/:id/comparison',
    {
      config: candidates('view'),
      schema: {
        summary: `${COMPARE_MIN} to ${COMPARE_MAX} candidates of an assessment side by side, from stored scores: {assessment {id, name}, tests [{id, name}], skills [{id, label}], scoredCount, candidates [list row + skillScores [{skillId, percent, band, developmentBand}]]} in the order of ids. 400 when an id is not an invitation of this assessment.`,
        tags: ['assessments', ...tags],
        params: idParams,
        response: answers(comparisonSchema),
        querystring: z.object({ ids: z.string({ error: COMPARISON_MESSAGES.count }).max(400, COMPARISON_MESSAGES.count).describe('Invitation ids, separated by commas') }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const assessment = await visibleAssessment(request.params.id, user);
      const ids = parseCompareIds(request.query.ids);
      const compared = await compareCandidates(db, assessment.id, ids, user);
      return ok({ assessment: { id: assessment.id, name: assessment.name }, tests: await assessmentTests(db, assessment.id), ...compared });
    },
  );
}
