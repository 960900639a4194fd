/**
 * What the assessments calls answer (server/modules/assessments, with the Self Assessments and the
 * builders' pools, /api/library-tests and /api/qualifying-questions). Apart from assessment.ts,
 * whose request schemas the candidate's page downloads: these add nothing to it.
 */
import { z } from 'zod';
import { nameTranslationAnswerSchema, timestamp } from './answers';
import { ASSESSMENT_STATUSES, ASSESSMENT_TYPES } from './assessment';
import { INVITATION_STATUSES } from './attempt';
import { QUESTION_CATEGORIES, QUESTION_TYPES } from './content';

/** The proctoring an assessment asks for, as stored. */
export const proctoringAnswerSchema = z.object({
  cameraRequired: z.boolean(),
  microphoneRequired: z.boolean(),
  snapshotIntervalSeconds: z.number().nullable(),
  fullScreenRequired: z.boolean(),
  pasteAllowed: z.boolean(),
});

/** A video question as stored (its id kept ever after: answers refer to it). */
export const videoQuestionAnswerSchema = z.object({
  id: z.string(),
  videoType: z.literal('INTRO'),
  prompt: z.array(z.object({ language: z.string(), detail: z.string() })),
  maxSeconds: z.number(),
  retakes: z.number(),
});

/** A row of GET /api/assessments. */
export const assessmentRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ASSESSMENT_TYPES),
  status: z.enum(ASSESSMENT_STATUSES),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  languages: z.array(z.string()),
  testCount: z.number(),
  invitationCount: z.number(),
  completedCount: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** A test of the library as an assessment lists it. */
export const testSummarySchema = z.object({ id: z.string(), name: z.string(), category: z.enum(QUESTION_CATEGORIES), durationSeconds: z.number(), questionCount: z.number() });

/** A qualifying or custom question as an assessment lists it (custom ones with their type). */
export const questionTitleSchema = z.object({ id: z.string(), title: z.string(), questionType: z.enum(QUESTION_TYPES).optional() });

/**
 * GET /api/assessments/:id (and what saving, moving, copying and deleting one answer): its columns,
 * its content with names, its public link, counts, lock and estimate. Not the list's counts.
 */
export const assessmentRecordSchema = assessmentRowSchema
  .omit({ testCount: true, invitationCount: true, completedCount: true })
  .extend({
    description: z.string().nullable(),
    translations: z.array(nameTranslationAnswerSchema),
    testIds: z.array(z.string()),
    qualifyingQuestionIds: z.array(z.string()),
    customQuestionIds: z.array(z.string()),
    videoQuestions: z.array(videoQuestionAnswerSchema),
    totalTimeSeconds: z.number().nullable(),
    validFrom: timestamp.nullable(),
    validUntil: timestamp.nullable(),
    proctoring: proctoringAnswerSchema,
    /** The assessment this one was copied from. */
    copiedFrom: z.string().nullable(),
    tests: z.array(testSummarySchema),
    qualifyingQuestions: z.array(questionTitleSchema),
    customQuestions: z.array(questionTitleSchema),
    /** The shareable address (Public Link assessments only). */
    publicLink: z.string().nullable(),
    /** Invitations whose attempt has begun. */
    attemptCount: z.number(),
    /** Has attempts: its content can no longer change. */
    locked: z.boolean(),
    hasCoding: z.boolean(),
    estimatedMinutes: z.number(),
    invitationCounts: z.record(z.enum(INVITATION_STATUSES), z.number()),
  });

/** POST /api/assessments/check-languages: the languages every included question has, and why the others are not. */
export const languageCheckSchema = z.object({ available: z.array(z.string()), missing: z.array(z.object({ language: z.string(), questionTitles: z.array(z.string()) })) });

/** A row of GET /api/library-tests: a test of published questions, as the wizard's pool lists it. */
export const libraryTestRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.enum(QUESTION_CATEGORIES),
  primarySkill: z.string(),
  primarySkillLabel: z.string().nullable(),
  durationSeconds: z.number(),
  /** Null: every question of the pool. */
  drawCount: z.number().nullable(),
  tags: z.array(z.string()),
  clientId: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  /** The languages every question of the test has. */
  languages: z.array(z.string()),
  questionCount: z.number(),
});

/** A row of GET /api/qualifying-questions: the text in English, its languages, which answers disqualify (no points). */
export const qualifyingRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  questionType: z.enum(QUESTION_TYPES),
  createdAt: timestamp,
  updatedAt: timestamp,
  languages: z.array(z.string()),
  detail: z.string(),
  answers: z.array(z.object({ index: z.number(), text: z.string(), disqualifies: z.boolean() })),
});

/** A row of GET /api/self-assessments. */
export const selfAssessmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Name and description in other languages: the card shows the reader's. */
  translations: z.array(nameTranslationAnswerSchema),
  languages: z.array(z.string()),
  estimatedMinutes: z.number(),
  /** This user's own attempt, once there is one. */
  invitation: z.object({ id: z.string(), status: z.enum(INVITATION_STATUSES), startedAt: timestamp.nullable(), completedAt: timestamp.nullable() }).nullable(),
});

/** POST /api/self-assessments/:id/start: the user's own attempt and a fresh link to it. */
export const selfAssessmentStartSchema = z.object({ invitationId: z.string(), token: z.string(), link: z.string() });
