/** An attempt's progress, evidence and timeline (the candidates module's; the specification's test-result call). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { VideoQuestion } from '../../../src/domain/assessment';
import { testResultSchema, type TimelineStep } from '../../../src/domain/invitationAnswers';
import { answers, ok } from '../../lib/answers';
import { currentUser } from '../../lib/auth';
import type { Services } from '../../services';
import { videoTitle } from '../assessments/queries';
import { candidates, findVisibleInvitation } from './access';
import { answersOf, assessmentOf, eventsOf, findCandidateDetails, invitationRow, mediaOf, partsOf, questionTitles } from './queries';
import { FIELD_MESSAGES } from '../../../src/domain/fieldMessages';

/** The attempt's timeline: what happened, when, in order. */
type TimelineEntry = { at: Date; what: TimelineStep; partId?: string };

const tags = ['invitations'];

/** Registered by the candidates module's routes. */
export default async function attemptRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/test-result/:invitationId', { config: candidates('view'), schema: { summary: "An attempt's progress and evidence: {invitation, candidate, assessment, parts [{partId, kind, title, questionCount, answeredCount, durationSeconds, startedAt, deadline, finishedAt}], answers [{questionId, partId, title, questionType, answer, savedAt}], media [{id, kind, questionId, contentType, durationMs, takenAt, uploadedAt, url}], events [{type, occurredAt, partId, questionId, detail}], timeline [{at, what, partId?}]}.", tags, params: z.object({ invitationId: z.uuid(FIELD_MESSAGES.idNotValid) }), response: answers(testResultSchema) } }, async (request) => {
    const invitation = await findVisibleInvitation(db, request.params.invitationId, currentUser(request));
    const [candidate, assessment, parts, answers, media, events] = [
      await findCandidateDetails(db, invitation.candidateId),
      (await assessmentOf(db, invitation.assessmentId))!,
      await partsOf(db, invitation.id),
      await answersOf(db, invitation.id),
      await mediaOf(db, invitation.id),
      await eventsOf(db, invitation.id),
    ];
    const titles = await questionTitles(db, answers.map((a) => a.questionId));
    const videos = new Map((assessment.videoQuestions as VideoQuestion[]).map((v) => [v.id, v]));
    const language = invitation.language ?? 'en';

    const timeline: TimelineEntry[] = [];
    const at = (when: Date | null, what: TimelineEntry['what'], partId?: string) => {
      if (when) timeline.push({ at: when, what, ...(partId ? { partId } : {}) });
    };
    at(invitation.invitedAt, 'INVITED');
    at(invitation.mailedAt, 'MAILED');
    at(invitation.openedAt, 'OPENED');
    at(invitation.startedAt, 'STARTED');
    for (const part of parts) {
      at(part.startedAt, 'PART_STARTED', part.partId);
      at(part.finishedAt, 'PART_FINISHED', part.partId);
    }
    at(invitation.completedAt, 'COMPLETED');
    at(invitation.disqualifiedAt, 'DISQUALIFIED');
    at(invitation.revokedAt, 'REVOKED');
    timeline.sort((a, b) => a.at.getTime() - b.at.getTime());

    return ok({
        invitation: invitationRow(invitation),
        candidate,
        assessment: { id: assessment.id, name: assessment.name, type: assessment.type },
        parts: parts.map((p) => ({
          partId: p.partId,
          kind: p.kind,
          title: p.testName ?? null,
          questionCount: p.questionIds.length,
          answeredCount: Number(p.answeredCount ?? 0),
          durationSeconds: p.durationSeconds,
          startedAt: p.startedAt,
          deadline: p.deadline,
          finishedAt: p.finishedAt,
        })),
        answers: answers.map((a) => {
          const video = videos.get(a.questionId);
          const question = titles.get(a.questionId);
          return {
            questionId: a.questionId,
            partId: a.partId,
            title: question?.title ?? (video ? videoTitle(video, language) : null),
            questionType: question?.questionType ?? (video ? 'VIDEO' : null),
            answer: a.answer,
            savedAt: a.savedAt,
          };
        }),
        media: media.map((m) => ({
          id: m.id,
          kind: m.kind,
          questionId: m.questionId,
          contentType: m.contentType,
          durationMs: m.durationMs,
          takenAt: m.takenAt,
          uploadedAt: m.uploadedAt,
          url: m.uploadedAt ? services.storage.readUrl(m.objectKey) : null,
        })),
        events,
        timeline,
    });
  });
}
