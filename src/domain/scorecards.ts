/**
 * Interview scorecards (issue 21's proof resource, built by the recipe in ARCHITECTURE.md 4b): a
 * job's interview stage names the competencies to rate; each interviewer rates a candidate on the
 * job 1–5 per competency with a note, and sees the other interviewers' ratings only once their own
 * is submitted (blind until then), beside the candidate's test score. Shared by the server (which
 * validates and answers with these) and the browser (whose types are these schemas' wire form).
 */
import { z } from 'zod';
import { timestamp } from './answers';
import { RATING_BANDS } from './content';
import { MESSAGES } from './messages';

export const SCORECARD_LIMITS = { competenciesMax: 12, nameMax: 80, noteMax: 2000, ratingMin: 1, ratingMax: 5 } as const;

const competencyName = z.string().trim().min(1, MESSAGES.scorecardCompetencyName).max(SCORECARD_LIMITS.nameMax, MESSAGES.scorecardCompetencyName);
const competencies = z
  .array(competencyName, { error: MESSAGES.scorecardCompetencies })
  .min(1, MESSAGES.scorecardCompetencies)
  .max(SCORECARD_LIMITS.competenciesMax, MESSAGES.scorecardCompetencies)
  .refine((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, MESSAGES.scorecardCompetencies);

/** POST /api/scorecards: the job, its stage to interview at, and the competencies (names, in order). */
export const scorecardSchema = z.strictObject({ jobId: z.uuid(), stageId: z.uuid(), competencies });
/** PUT /api/scorecards/:id: the competencies, while nobody has rated on it. */
export const scorecardEditSchema = z.strictObject({ competencies });
export type ScorecardInput = z.infer<typeof scorecardSchema>;

const rating = z.number({ error: MESSAGES.scorecardRating }).int(MESSAGES.scorecardRating).min(SCORECARD_LIMITS.ratingMin, MESSAGES.scorecardRating).max(SCORECARD_LIMITS.ratingMax, MESSAGES.scorecardRating);
const note = z.string().max(SCORECARD_LIMITS.noteMax, MESSAGES.scorecardNote);

/** PUT /api/scorecards/:id/candidates/:cardId: my ratings (a draft until `submit`), each competency by its id. */
export const ratingInputSchema = z.strictObject({
  ratings: z.array(z.strictObject({ competencyId: z.string().min(1).max(40), rating: rating.nullable(), note })).max(SCORECARD_LIMITS.competenciesMax),
  note,
  submit: z.boolean(),
});
export type RatingInput = z.infer<typeof ratingInputSchema>;

export const competencySchema = z.object({ id: z.string(), name: z.string() });

/** A row of GET /api/scorecards, and GET /api/scorecards/:id. */
export const scorecardRowSchema = z.object({
  id: z.string(),
  clientId: z.string().nullable(),
  jobId: z.string(),
  jobTitle: z.string(),
  stageId: z.string(),
  stageName: z.string(),
  competencies: z.array(competencySchema),
  /** Submitted sheets, over all the job's candidates. */
  submittedCount: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ScorecardRow = z.input<typeof scorecardRowSchema>;

const ratedSchema = z.object({ competencyId: z.string(), rating: z.number().nullable(), note: z.string() });

/** One interviewer's sheet for one candidate. */
export const sheetSchema = z.object({
  interviewerId: z.string(),
  interviewerName: z.string(),
  ratings: z.array(ratedSchema),
  note: z.string(),
  submittedAt: timestamp.nullable(),
  updatedAt: timestamp,
});
export type Sheet = z.input<typeof sheetSchema>;

/** GET /api/scorecards/:id/candidates/:cardId: what the caller may see of a candidate's interview. */
export const interviewSchema = z.object({
  scorecard: scorecardRowSchema,
  candidate: z.object({ cardId: z.string(), name: z.string(), percent: z.number().nullable(), band: z.enum(RATING_BANDS).nullable() }),
  /** The caller's own sheet (a draft or submitted), or none yet. */
  mine: sheetSchema.nullable(),
  /** The other interviewers' submitted sheets, once the caller's own is submitted; null while blind. */
  others: z.array(sheetSchema).nullable(),
  /** How many others have submitted (known even while blind). */
  othersSubmitted: z.number(),
  /** Each competency's mean over every submitted sheet, once the caller's own is submitted. */
  averages: z.array(z.object({ competencyId: z.string(), mean: z.number().nullable(), count: z.number() })).nullable(),
});
export type Interview = z.input<typeof interviewSchema>;

/** A competency's id: its position-independent slug, stable while the scorecard keeps its names. */
export const competencyId = (name: string, taken: ReadonlySet<string> = new Set()) => {
  const base = name.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 32) || 'c';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
};

/** Each competency's mean rating over the sheets given (unrated ones left out). */
export function averagesOf(competencyIds: readonly string[], sheets: readonly Pick<Sheet, 'ratings'>[]) {
  return competencyIds.map((id) => {
    const values = sheets.flatMap((s) => s.ratings.filter((r) => r.competencyId === id && r.rating !== null).map((r) => r.rating as number));
    return { competencyId: id, mean: values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10 : null, count: values.length };
  });
}
