/**
 * Candidates' stored scores in the participants list, and 2 to 4 candidates side by side (issue 10,
 * "Comparison"). The invitations list joins each attempt's stored score (attempt_scores) and its
 * tests' scores (test_scores); within one assessment it also answers the attempt's percentile among
 * that assessment's scored attempts, computed in SQL. Filters: a skill's band (skill_scores, by its
 * (skill_id, band) index), integrity, the overall band. Nothing is scored here: scoring stores what
 * these queries read.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { RATING_BANDS, type DevelopmentBand, type RatingBand } from '../../../src/domain/content';
import { INTEGRITY_LEVELS } from '../../../src/domain/scoring';
import type { DB } from '../../db/index';
import type { AuthUser } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { listConditions, tenantOf, type ListQuery, type ListSpec } from '../../lib/rest';
import { invitationRow, selectInvitations } from './queries';

/** How many candidates the comparison shows at once (the page's Compare button says the same). */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
/** An export answers every row of the filter, up to this many (a spreadsheet's worth). */
export const MAX_EXPORT_ROWS = 20_000;

export const COMPARISON_MESSAGES = {
  count: `Choose ${COMPARE_MIN} to ${COMPARE_MAX} candidates to compare.`,
  ids: 'The candidates to compare must be given as ids separated by commas.',
  notInAssessment: 'Some of these candidates did not take this assessment.',
  percentileScope: 'The percentile is ranked within one assessment: filter the list by its assessment first.',
  skillBand: 'The skill band filter must be a skill and a band, as "<skill id>:HIGH".',
  integrity: `The integrity filter must be one of ${INTEGRITY_LEVELS.join(', ')}.`,
  band: `The band filter must be one of ${RATING_BANDS.join(', ')}.`,
  tooMany: (total: number) => `The export holds at most ${MAX_EXPORT_ROWS.toLocaleString('en-US')} candidates and this list has ${total.toLocaleString('en-US')}. Narrow it with a filter first.`,
} as const;

/** List fields that read the stored score (attempt_scores, joined as `scores`) and its rank (`ranks`). */
export const SCORE_FIELDS = {
  percent: 'scores.percent',
  percentile: 'ranks.percentile',
  integrity: 'scores.integrity',
  band: 'scores.band',
} as const;

/** The extra list filter "High in Problem Solving": `<skill id>:<band>`. */
export const SKILL_BAND_FILTER = 'skillBand';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Each score of one assessment once, with its percentile: `percentileRank` (src/domain/scoring.ts)
 * in SQL, 100 × (below + equal / 2) / n over the attempts with a score, one decimal. Grouped by
 * score first (a few hundred distinct values at one decimal, read in the order of the
 * (assessment_id, percent) index), so the running sums run over those, not over every attempt:
 * `below` is the running count before this score, `equal` its own count, n the whole count.
 * Numeric all the way, so round() halves away from zero as roundPercent does.
 */
function ranksOf(db: DB, assessmentId: string) {
  return db
    .selectFrom('attemptScores')
    .select('percent')
    .select(
      sql<string>`round(100.0 * (2 * (sum(count(*)) over (order by percent) - count(*)) + count(*)) / (2 * sum(count(*)) over ()), 1)`.as('percentile'),
    )
    .where('assessmentId', '=', assessmentId)
    .where('percent', 'is not', null)
    .groupBy('percent');
}

/** Integrity sorts from no issues to major issues (its words sort otherwise). */
const INTEGRITY_RANK = sql`case scores.integrity when 'NO_ISSUES' then 0 when 'SOME_ISSUES' then 1 when 'MAJOR_ISSUES' then 2 end`;

/** One test's stored score, as a list row carries it. */
export interface TestScoreCell {
  testId: string;
  percent: number | null;
  band: RatingBand | null;
}

/** Invitations (as the list names them) with their stored scores, each test's score, and within one assessment the percentile. */
export function participants(db: DB, assessmentId: string | null) {
  const scored = selectInvitations(db)
    .leftJoin('attemptScores as scores', 'scores.invitationId', 'invitations.id')
    .select(['scores.percent', 'scores.band', 'scores.integrity', 'scores.complete'])
    .select((eb) =>
      eb
        .selectFrom('testScores')
        .select(sql<TestScoreCell[]>`coalesce(jsonb_agg(jsonb_build_object('testId', test_id, 'percent', percent, 'band', band) order by test_id), '[]'::jsonb)`.as('cells'))
        .whereRef('testScores.invitationId', '=', 'invitations.id')
        .as('testScores'),
    );
  return assessmentId
    ? scored.leftJoin(ranksOf(db, assessmentId).as('ranks'), 'ranks.percent', 'scores.percent').select('ranks.percentile')
    : scored.select(sql<string | null>`null::numeric`.as('percentile'));
}

export type ParticipantRow = Awaited<ReturnType<ReturnType<typeof participants>['executeTakeFirstOrThrow']>>;

const number = (value: string | number | null | undefined) => (value === null || value === undefined ? null : Number(value));

/** A list row as the API answers it: the invitation, its score as numbers (null until scored), percentile null outside one assessment. */
export const participantRow = (row: ParticipantRow, since?: Date) => ({
  ...invitationRow(row, since),
  percent: number(row.percent),
  band: row.band ?? null,
  integrity: row.integrity ?? null,
  /** False while answers wait for a reviewer or their hidden test cases; null until scored. */
  complete: row.complete ?? null,
  percentile: number(row.percentile),
  testScores: (row.testScores ?? []).map((cell) => ({ testId: cell.testId, percent: number(cell.percent), band: cell.band ?? null })),
});

/** The one assessment a list is narrowed to (`assessmentId` equal to one id), if it is. */
export function scopedAssessment(list: ListQuery): string | null {
  const filter = list.filters.find((f) => f.column === 'invitations.assessmentId');
  if (!filter) return null;
  if (filter.op === '=' && typeof filter.value === 'string') return filter.value;
  if (filter.op === 'in' && Array.isArray(filter.value) && filter.value.length === 1) return String(filter.value[0]);
  return null;
}

/** Refuses score filters with values that mean nothing (rather than answering an empty list), and a percentile sort across assessments. */
export function checkScoreQuery(list: ListQuery, assessmentId: string | null) {
  for (const f of list.filters) {
    const values = Array.isArray(f.value) ? f.value : [f.value];
    if (f.column === SCORE_FIELDS.integrity && f.op !== 'is null' && !values.every((v) => (INTEGRITY_LEVELS as readonly unknown[]).includes(v)))
      throw badRequest(COMPARISON_MESSAGES.integrity);
    if (f.column === SCORE_FIELDS.band && f.op !== 'is null' && !values.every((v) => (RATING_BANDS as readonly unknown[]).includes(v))) throw badRequest(COMPARISON_MESSAGES.band);
  }
  if (!assessmentId && list.sort[0] === SCORE_FIELDS.percentile) throw badRequest(COMPARISON_MESSAGES.percentileScope);
}

/** `<skill id>:<band>` → the pair, or a 400. */
export function parseSkillBand(value: unknown): { skillId: string; band: RatingBand } {
  const [skillId, band] = typeof value === 'string' ? value.split(':') : [];
  if (!skillId || !UUID.test(skillId) || !(RATING_BANDS as readonly string[]).includes(band ?? '')) throw badRequest(COMPARISON_MESSAGES.skillBand);
  return { skillId, band: band as RatingBand };
}

type Conditions = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>[];

/** The list's filters, tenant scope, and "High in <skill>" (a skill_scores row with that band: its index finds it). */
function conditionsOf(spec: ListSpec, list: ListQuery, user: AuthUser | undefined, extra?: Conditions): Conditions {
  const skillBand = list.extra[SKILL_BAND_FILTER] === undefined ? null : parseSkillBand(list.extra[SKILL_BAND_FILTER]);
  return (eb) => [
    ...listConditions(eb, spec, list, user),
    ...(skillBand
      ? [
          eb.exists(
            eb
              .selectFrom('skillScores')
              .select(sql`1`.as('one'))
              .whereRef('skillScores.invitationId', '=', 'invitations.id')
              .where('skillScores.skillId', '=', skillBand.skillId)
              .where('skillScores.band', '=', skillBand.band),
          ),
        ]
      : []),
    ...(extra?.(eb) ?? []),
  ];
}

/**
 * What the list sorts by: unscored rows last either way, then the newest invitation first. The
 * percentile sorts as the score does (it rises with it, ties included), so no rank is needed to sort.
 */
function sorted<Q extends { orderBy: (...args: any[]) => Q }>(query: Q, list: ListQuery): Q {
  const [column, direction] = list.sort;
  const key = column === SCORE_FIELDS.integrity ? INTEGRITY_RANK : sql.ref(column === SCORE_FIELDS.percentile ? SCORE_FIELDS.percent : column);
  return query
    .orderBy(key, (ob: any) => (direction === 'ASC' ? ob.asc().nullsLast() : ob.desc().nullsLast()))
    .orderBy('invitations.invitedAt', 'desc')
    .orderBy('invitations.id', 'asc');
}

/**
 * The rows a filter keeps, narrow: left joins, so PostgreSQL drops those no condition or sort reads
 * (each joins on a unique key). The count reads it, and so does the choice of a page's rows.
 */
function filtered(db: DB, where: Conditions) {
  return db
    .selectFrom('invitations')
    .leftJoin('candidates', 'candidates.id', 'invitations.candidateId')
    .leftJoin('assessments', 'assessments.id', 'invitations.assessmentId')
    .leftJoin('attemptScores as scores', 'scores.invitationId', 'invitations.id')
    .where((eb) => eb.and(where(eb)));
}

export interface ParticipantOptions {
  /** More conditions (the list's level filter). */
  extra?: Conditions;
}

/**
 * The statements of a page (the benchmark compiles them too): its rows, picked by id among the
 * narrow rows of the filter, sorted and cut there, then read in full (names, scores, tests, the
 * percentile) for those rows only; and the total.
 */
export function participantQueries(db: DB, spec: ListSpec, list: ListQuery, user: AuthUser | undefined, options: ParticipantOptions = {}) {
  const assessmentId = scopedAssessment(list);
  checkScoreQuery(list, assessmentId);
  const where = conditionsOf(spec, list, user, options.extra);
  return {
    rows: (offset: number, limit: number) =>
      sorted(participants(db, assessmentId), list).where(
        'invitations.id',
        'in',
        sorted(filtered(db, where).select('invitations.id'), list).offset(offset).limit(limit),
      ),
    count: filtered(db, where).select(sql<string>`count(*)`.as('n')),
  };
}

/** One page of participants with the total: one statement for the page, one for the count. */
export async function fetchParticipants(db: DB, spec: ListSpec, list: ListQuery, user: AuthUser | undefined, options: ParticipantOptions = {}) {
  const { rows, count } = participantQueries(db, spec, list, user, options);
  const [page, total] = await Promise.all([rows(list.offset, list.limit).execute(), count.executeTakeFirst()]);
  return { rows: page, total: Number(total?.n ?? 0) };
}

/** Every row of the filter, in the list's order, for the CSV; a 400 past MAX_EXPORT_ROWS. */
export async function exportParticipants(db: DB, spec: ListSpec, list: ListQuery, user: AuthUser | undefined, options: ParticipantOptions = {}) {
  const { rows, count } = participantQueries(db, spec, list, user, options);
  const all = await rows(0, MAX_EXPORT_ROWS + 1).execute();
  if (all.length > MAX_EXPORT_ROWS) throw badRequest(COMPARISON_MESSAGES.tooMany(Number((await count.executeTakeFirst())?.n ?? 0)));
  return all;
}

// ---------------------------------------------------------------------------------------------
// An assessment's score columns and the comparison

/** The assessment's tests in order: one list column each. */
export const assessmentTests = (db: DB, assessmentId: string) =>
  db
    .selectFrom('assessmentTests')
    .innerJoin('tests', 'tests.id', 'assessmentTests.testId')
    .select(['tests.id', 'tests.name'])
    .where('assessmentTests.assessmentId', '=', assessmentId)
    .orderBy('assessmentTests.position')
    .execute();

/** The secondary skills that the assessment's questions (its tests' and its custom ones) count towards: the skill band filter's choices. */
export function assessmentSkills(db: DB, assessmentId: string) {
  return db
    .selectFrom('questionTypes')
    .select(['questionTypes.id', 'questionTypes.label'])
    .where(
      'questionTypes.id',
      'in',
      db
        .selectFrom('questions')
        .select(sql<string>`unnest(questions.secondary_skill_ids)`.as('skillId'))
        .where((eb) =>
          eb.or([
            eb(
              'questions.id',
              'in',
              eb.selectFrom('testQuestions').innerJoin('assessmentTests', 'assessmentTests.testId', 'testQuestions.testId').select('testQuestions.questionId').where('assessmentTests.assessmentId', '=', assessmentId),
            ),
            eb('questions.id', 'in', eb.selectFrom('assessmentQuestions').select('assessmentQuestions.questionId').where('assessmentQuestions.assessmentId', '=', assessmentId).where('assessmentQuestions.kind', '=', 'CUSTOM')),
          ]),
        ),
    )
    .orderBy('questionTypes.position')
    .orderBy('questionTypes.label')
    .execute();
}

/** `a,b,c` → distinct ids, 2 to 4 of them, or a 400 that says what is wrong. */
export function parseCompareIds(raw: string): string[] {
  const ids = [...new Set(raw.split(',').map((id) => id.trim().toLowerCase()).filter(Boolean))];
  if (!ids.every((id) => UUID.test(id))) throw badRequest(COMPARISON_MESSAGES.ids, { ids: COMPARISON_MESSAGES.ids });
  if (ids.length < COMPARE_MIN || ids.length > COMPARE_MAX) throw badRequest(COMPARISON_MESSAGES.count, { ids: COMPARISON_MESSAGES.count });
  return ids;
}

export interface ComparedSkill {
  skillId: string;
  percent: number | null;
  band: RatingBand | null;
  developmentBand: DevelopmentBand | null;
}

/**
 * The candidates of one assessment side by side, from stored scores only: each one's list row (score,
 * band, integrity, percentile, tests) and skills, in the order asked; the skills any of them has a
 * score in (labelled, in the skills' order); how many scored attempts the percentile ranks among.
 * A 400 when an id is not an invitation of this assessment that the user may see.
 */
export async function compareCandidates(db: DB, assessmentId: string, ids: readonly string[], user: AuthUser) {
  const tenant = tenantOf(user);
  let query = participants(db, assessmentId).where('invitations.assessmentId', '=', assessmentId).where('invitations.id', 'in', ids);
  if (tenant) query = query.where('invitations.clientId', '=', tenant);
  const rows = await query.execute();
  if (rows.length !== ids.length) throw badRequest(COMPARISON_MESSAGES.notInAssessment, { ids: COMPARISON_MESSAGES.notInAssessment });

  const skillRows = await db
    .selectFrom('skillScores')
    .innerJoin('questionTypes', 'questionTypes.id', 'skillScores.skillId')
    .select(['skillScores.invitationId', 'skillScores.skillId', 'questionTypes.label', 'skillScores.percent', 'skillScores.band', 'skillScores.developmentBand'])
    .where('skillScores.invitationId', 'in', ids)
    .orderBy('questionTypes.position')
    .orderBy('questionTypes.label')
    .execute();
  const scored = await db
    .selectFrom('attemptScores')
    .select(sql<string>`count(*)`.as('n'))
    .where('assessmentId', '=', assessmentId)
    .where('percent', 'is not', null)
    .executeTakeFirst();

  const skills = new Map<string, { id: string; label: string }>();
  for (const s of skillRows) skills.set(s.skillId, { id: s.skillId, label: s.label });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    skills: [...skills.values()],
    scoredCount: Number(scored?.n ?? 0),
    candidates: ids.map((id) => ({
      ...participantRow(byId.get(id)!),
      skillScores: skillRows
        .filter((s) => s.invitationId === id)
        .map((s): ComparedSkill => ({ skillId: s.skillId, percent: number(s.percent), band: s.band, developmentBand: s.developmentBand })),
    })),
  };
}
