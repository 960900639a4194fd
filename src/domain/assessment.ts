/**
 * Assessments (DESIGN.md section 5): what a client or the provider builds from the test library,
 * and the candidates and invitations that take it. One zod schema per input, used by the wizard in
 * the browser and by the server; the messages are English sentences that the i18n layer maps.
 */
import { z } from 'zod';
import { MESSAGES, type Message } from './messages';
import { TOTAL_TIME } from './content';
import { extraTimeSchema } from './attempt';
import { languageCodeSchema, nameTranslationsSchema, otpSchema } from './schemas';
import { FIELD_MESSAGES } from './fieldMessages';

export const ASSESSMENT_TYPES = ['INVITED', 'PUBLIC_LINK', 'SELF'] as const;
export type AssessmentType = (typeof ASSESSMENT_TYPES)[number];
/** Types whose candidates are invited by name, each with a link of their own (a Public Link's share one link). */
export const INVITABLE_TYPES: readonly AssessmentType[] = ['INVITED', 'SELF'];
export const isInvitable = (assessment: { status: string; type: AssessmentType }) => assessment.status === 'ACTIVE' && INVITABLE_TYPES.includes(assessment.type);

/**
 * Who takes a Self Assessment from their own dashboard: a USER takes the provider's (no client); a
 * client's own people (its account and its team members) take their client's. Null for no one.
 */
export function selfAssessmentTenant(user: { role: string; clientId: string | null }): { clientId: string | null } | null {
  if (user.role === 'USER') return { clientId: null };
  return user.clientId ? { clientId: user.clientId } : null;
}
/** The specification's names; screens translate them. */
export const ASSESSMENT_TYPE_LABELS: Record<AssessmentType, string> = { INVITED: 'Invited', PUBLIC_LINK: 'Public Link', SELF: 'Self Assessment' };

export const ASSESSMENT_STATUSES = ['DRAFT', 'ACTIVE', 'CLOSED'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

/** How a candidate came to an attempt: invited, through the public link, or a signed-in user's self assessment. */
export const ENTRY_TYPES = ['INVITE', 'PUBLIC', 'TEST'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];
export const ENTRY_TYPE_OF: Record<AssessmentType, EntryType> = { INVITED: 'INVITE', PUBLIC_LINK: 'PUBLIC', SELF: 'TEST' };

/** Where a question was written: the provider's bank, or a client's own for its assessments. */
export const QUESTION_ORIGINS = ['BANK', 'CUSTOM'] as const;
export type QuestionOrigin = (typeof QUESTION_ORIGINS)[number];

export const SNAPSHOT_INTERVAL = { minSeconds: 10, maxSeconds: 600, defaultSeconds: 60 } as const;
export const VIDEO_ANSWER = { minSeconds: 10, maxSeconds: 300, defaultSeconds: 90, maxRetakes: 5 } as const;
export const ASSESSMENT_LIMITS = { maxTests: 20, maxQualifying: 20, maxCustom: 50, maxVideo: 5, nameMax: 160, descriptionMax: 4000 } as const;
/** An invitation's link stays valid this long unless the inviter says otherwise. */
export const DEFAULT_INVITATION_DAYS = 14;
/** "Online" in the candidates list: the candidate's page was heard from within this time. */
export const ONLINE_WINDOW_MS = 60_000;
/** The candidates list's level filter (specification section 9): everyone, those online now, the others. */
export const LEVEL_FILTERS = ['all', 'online', 'offline'] as const;
export type LevelFilter = (typeof LEVEL_FILTERS)[number];

export interface ProctoringSettings {
  cameraRequired: boolean;
  microphoneRequired: boolean;
  /** Webcam snapshots every this many seconds while the camera is on; null for none. */
  snapshotIntervalSeconds: number | null;
  fullScreenRequired: boolean;
  pasteAllowed: boolean;
}
export const DEFAULT_PROCTORING: ProctoringSettings = {
  cameraRequired: true,
  microphoneRequired: true,
  snapshotIntervalSeconds: SNAPSHOT_INTERVAL.defaultSeconds,
  fullScreenRequired: false,
  pasteAllowed: false,
};

export const proctoringSchema = z.strictObject({
  cameraRequired: z.boolean(),
  microphoneRequired: z.boolean(),
  snapshotIntervalSeconds: z
    .number({ error: FIELD_MESSAGES.snapshotIntervalNumber })
    .int(FIELD_MESSAGES.snapshotIntervalWholeNumber)
    .min(SNAPSHOT_INTERVAL.minSeconds, `Snapshots are taken every ${SNAPSHOT_INTERVAL.minSeconds} to ${SNAPSHOT_INTERVAL.maxSeconds} seconds`)
    .max(SNAPSHOT_INTERVAL.maxSeconds, `Snapshots are taken every ${SNAPSHOT_INTERVAL.minSeconds} to ${SNAPSHOT_INTERVAL.maxSeconds} seconds`)
    .nullable(),
  fullScreenRequired: z.boolean(),
  pasteAllowed: z.boolean(),
});

/** A video question (`videoType: INTRO`): a prompt per language, the longest answer, how many re-takes. */
export interface VideoQuestion {
  id: string;
  videoType: 'INTRO';
  prompt: { language: string; detail: string }[];
  maxSeconds: number;
  retakes: number;
}

const languageCode = languageCodeSchema;

export const videoQuestionSchema = z.strictObject({
  /** Kept when editing; the server gives new ones an id. */
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/).optional(),
  videoType: z.literal('INTRO').default('INTRO'),
  prompt: z
    .array(z.strictObject({ language: languageCode, detail: z.string().trim().min(1, FIELD_MESSAGES.writeVideoQuestion).max(1000, FIELD_MESSAGES.videoQuestionMost1000) }))
    .min(1, FIELD_MESSAGES.writeVideoQuestion),
  maxSeconds: z
    .number({ error: FIELD_MESSAGES.maximumLengthNumber })
    .int()
    .min(VIDEO_ANSWER.minSeconds, `A video answer lasts ${VIDEO_ANSWER.minSeconds} to ${VIDEO_ANSWER.maxSeconds} seconds`)
    .max(VIDEO_ANSWER.maxSeconds, `A video answer lasts ${VIDEO_ANSWER.minSeconds} to ${VIDEO_ANSWER.maxSeconds} seconds`)
    .default(VIDEO_ANSWER.defaultSeconds),
  retakes: z.number().int().min(0, FIELD_MESSAGES.retakesCannotNegative).max(VIDEO_ANSWER.maxRetakes, `At most ${VIDEO_ANSWER.maxRetakes} re-takes`).default(1),
});

const optionalDate = z.iso.datetime({ offset: true, error: FIELD_MESSAGES.enterValidDate }).nullish();

/** An assessment as the wizard sends it (create and update). */
export const assessmentSchema = z
  .strictObject({
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(ASSESSMENT_LIMITS.nameMax, `Name must be at most ${ASSESSMENT_LIMITS.nameMax} characters`),
    description: z.string().trim().max(ASSESSMENT_LIMITS.descriptionMax, `Description must be at most ${ASSESSMENT_LIMITS.descriptionMax} characters`).nullish(),
    /** The name and description in the other languages offered. */
    translations: nameTranslationsSchema(ASSESSMENT_LIMITS).default([]),
    type: z.enum(ASSESSMENT_TYPES, { error: FIELD_MESSAGES.chooseTypeAssessment }),
    testIds: z.array(z.uuid()).max(ASSESSMENT_LIMITS.maxTests, `At most ${ASSESSMENT_LIMITS.maxTests} tests`).default([]),
    qualifyingQuestionIds: z.array(z.uuid()).max(ASSESSMENT_LIMITS.maxQualifying, `At most ${ASSESSMENT_LIMITS.maxQualifying} qualifying questions`).default([]),
    customQuestionIds: z.array(z.uuid()).max(ASSESSMENT_LIMITS.maxCustom, `At most ${ASSESSMENT_LIMITS.maxCustom} custom questions`).default([]),
    videoQuestions: z.array(videoQuestionSchema).max(ASSESSMENT_LIMITS.maxVideo, `At most ${ASSESSMENT_LIMITS.maxVideo} video questions`).default([]),
    languages: z.array(languageCode).min(1, FIELD_MESSAGES.offerLeastLanguage).max(20).default(['en']),
    totalTimeSeconds: z
      .number({ error: FIELD_MESSAGES.totalTimeNumber })
      .int()
      .min(TOTAL_TIME.minSeconds, `Total time goes from ${TOTAL_TIME.minSeconds} to ${TOTAL_TIME.maxSeconds} seconds`)
      .max(TOTAL_TIME.maxSeconds, `Total time goes from ${TOTAL_TIME.minSeconds} to ${TOTAL_TIME.maxSeconds} seconds`)
      .nullish(),
    validFrom: optionalDate,
    validUntil: optionalDate,
    proctoring: proctoringSchema.default(DEFAULT_PROCTORING),
  })
  .refine((a) => a.testIds.length + a.customQuestionIds.length + a.videoQuestions.length > 0, {
    path: ['testIds'],
    message: FIELD_MESSAGES.addLeastTestCustom,
  })
  .refine((a) => new Set(a.testIds).size === a.testIds.length, { path: ['testIds'], message: FIELD_MESSAGES.testAppearsTwiceAssessment })
  .refine((a) => !a.validFrom || !a.validUntil || Date.parse(a.validFrom) < Date.parse(a.validUntil), {
    path: ['validUntil'],
    message: FIELD_MESSAGES.endValidityComeAfter,
  });
export type AssessmentInput = z.infer<typeof assessmentSchema>;

export const assessmentStatusSchema = z.strictObject({ status: z.enum(ASSESSMENT_STATUSES, { error: FIELD_MESSAGES.chooseStatus }) });

export const ASSESSMENT_MESSAGES = {
  locked: FIELD_MESSAGES.assessmentAlreadyAttemptsSo,
  codingNeedsSandbox: FIELD_MESSAGES.assessmentCodingQuestionsServer,
  // The candidate's page is told these by code; staff screens still receive them as sentences.
  notActive: MESSAGES.assessmentNotActive,
  outsideValidity: MESSAGES.assessmentNotOpen,
  onlyPublished: FIELD_MESSAGES.onlyPublishedTestsGo,
} as const;

/** Qualifying, custom and video questions are untimed: each counts this long in the estimate. */
export const MINUTES_PER_UNTIMED_QUESTION = 2;

/** About how long an assessment takes, in minutes: its tests' durations plus the untimed questions (mail, instructions, lists). */
export function estimatedMinutes(testDurationsSeconds: readonly number[], untimedQuestions: number): number {
  return Math.round(testDurationsSeconds.reduce((sum, s) => sum + s, 0) / 60 + MINUTES_PER_UNTIMED_QUESTION * untimedQuestions);
}

/**
 * The languages an assessment can offer: those every included question has. Returns, for each
 * language offered that some question lacks, the titles of those questions, so the message can
 * name what is missing.
 */
export function missingLanguages(
  offered: readonly string[],
  questions: readonly { title: string; languages: readonly string[] }[],
): { language: string; questionTitles: string[] }[] {
  return offered
    .map((language) => ({ language, questionTitles: questions.filter((q) => !q.languages.includes(language)).map((q) => q.title) }))
    .filter((m) => m.questionTitles.length > 0);
}

/** The message naming what keeps a language from being offered (at most three titles, then a count). */
export function missingLanguageMessage(missing: { language: string; questionTitles: string[] }): Message {
  const titles = missing.questionTitles.slice(0, 3).map((t) => `“${t}”`).join(', ');
  const more = missing.questionTitles.length - 3;
  return more > 0
    ? { code: 'languageMissingMore', params: { language: missing.language, titles, more } }
    : { code: 'languageMissing', params: { language: missing.language, titles, smart_count: missing.questionTitles.length } };
}

// ---------------------------------------------------------------------------------------------
// Candidates and invitations

const email = z.string({ error: MESSAGES.emailRequired }).trim().toLowerCase().pipe(z.email(MESSAGES.emailInvalid).max(254, MESSAGES.emailInvalid));
const personName = z.string({ error: MESSAGES.nameRequired }).trim().min(1, MESSAGES.nameRequired).max(120, MESSAGES.nameTooLong);
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{6,20}$/, MESSAGES.phoneInvalid)
  .nullish()
  .or(z.literal('').transform(() => null));

export const candidateSchema = z.strictObject({ name: personName, email, phone });
export type CandidateInput = z.infer<typeof candidateSchema>;

/** The most rows one CSV invitation may carry. */
export const MAX_INVITES_PER_REQUEST = 500;

export const inviteSchema = z.strictObject({
  assessmentId: z.uuid(FIELD_MESSAGES.chooseAssessment),
  candidates: z.array(candidateSchema).min(1, FIELD_MESSAGES.addLeastCandidate).max(MAX_INVITES_PER_REQUEST, `At most ${MAX_INVITES_PER_REQUEST} candidates at once`),
  expiresAt: optionalDate,
  extraTime: extraTimeSchema.nullish(),
  language: languageCode.nullish(),
});
export type InviteInput = z.infer<typeof inviteSchema>;

/** One row of an invitation report: what happened to each candidate asked for (as an answer: inviteRowResultSchema, invitationAnswers.ts). */
export interface InviteRowResult {
  row: number;
  email: string;
  outcome: 'INVITED' | 'DUPLICATE' | 'FAILED';
  message?: string;
  invitationId?: string;
}

export const extendSchema = z.strictObject({ expiresAt: z.iso.datetime({ offset: true, error: FIELD_MESSAGES.enterValidDate }) });
export const extraTimeBodySchema = z.strictObject({ extraTime: extraTimeSchema.nullable() });
/** Public link, first step: the candidate says who they are, and a code is mailed to the email (in the page's language). */
export const publicCodeSchema = z.strictObject({ name: personName, email, phone, language: languageCode.nullish() });
/** Public link, second step: the same, with the mailed code; the attempt is made (or given back) only then. */
export const publicJoinSchema = publicCodeSchema.extend({ code: otpSchema });

/** What staff are told about invitations (the candidate's page is told by code: src/domain/messages.ts). */
export const INVITATION_MESSAGES = {
  duplicate: FIELD_MESSAGES.candidateAlreadyInvitedAssessment,
  repeated: FIELD_MESSAGES.emailEarlierRowList,
  alreadyStarted: FIELD_MESSAGES.invitationBeenOpenedSo,
} as const;
