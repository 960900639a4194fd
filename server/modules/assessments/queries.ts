/** Assessments: list rows with their counts, the full record, and what their content holds. */
import { assessmentNameFor } from '../../lib/assessment-names';
import { sql, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import { estimatedMinutes, type AssessmentStatus, type AssessmentType, type VideoQuestion } from '../../../src/domain/assessment';
import { INVITATION_STATUSES, type InvitationStatus } from '../../../src/domain/attempt';
import type { QuestionStatus, QuestionType } from '../../../src/domain/content';
import { inLanguage } from '../../../src/domain/language';
import type { DB } from '../../db/index';
import type { AssessmentsTable, Database } from '../../db/types';
import { grantedIds } from '../clients/queries';

type Db = Kysely<Database>;

/**
 * An invitation whose attempt has begun: started, finished or disqualified (an expired one counts
 * only when it was started). Such an assessment's content is frozen.
 */
export const attemptBegun = sql<SqlBool>`(invitations.status in ('IN_PROGRESS', 'COMPLETED', 'DISQUALIFIED') or invitations.started_at is not null)`;

/** The list's selection: the assessment, its client's name, its tests, invitations and completions counted. */
/** With `tenant`, the counts are of that client's invitations only (a library assessment given to several clients). */
export const selectAssessmentRows = (db: DB, tenant?: string) =>
  db
    .selectFrom('assessments')
    .leftJoin('clients', 'clients.id', 'assessments.clientId')
    .select([
      'assessments.id',
      // A client reads a library assessment given to it under the name it gave it.
      (tenant ? assessmentNameFor(tenant) : sql<string>`assessments.name`).as('name'),
      'assessments.type',
      'assessments.status',
      'assessments.clientId',
      'clients.name as clientName',
      'assessments.languages',
      'assessments.createdAt',
      'assessments.updatedAt',
    ])
    .select((eb) => [
      eb.selectFrom('assessmentTests').select(eb.fn.countAll<string>().as('n')).whereRef('assessmentTests.assessmentId', '=', 'assessments.id').as('testCount'),
      eb
        .selectFrom('invitations')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('invitations.assessmentId', '=', 'assessments.id')
        .$if(!!tenant, (q) => q.where('invitations.clientId', '=', tenant!))
        .as('invitationCount'),
      eb
        .selectFrom('invitations')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('invitations.assessmentId', '=', 'assessments.id')
        .where('invitations.status', '=', 'COMPLETED')
        .$if(!!tenant, (q) => q.where('invitations.clientId', '=', tenant!))
        .as('completedCount'),
    ]);

type AssessmentListRow = Awaited<ReturnType<ReturnType<typeof selectAssessmentRows>['executeTakeFirstOrThrow']>>;
export const listRow = (row: AssessmentListRow) => ({
  ...row,
  testCount: Number(row.testCount ?? 0),
  invitationCount: Number(row.invitationCount ?? 0),
  completedCount: Number(row.completedCount ?? 0),
});

/** The stored assessment and its client's name. */
export const findAssessmentRow = (db: Db, id: string) =>
  db
    .selectFrom('assessments')
    .leftJoin('clients', 'clients.id', 'assessments.clientId')
    .selectAll('assessments')
    .select('clients.name as clientName')
    .where('assessments.id', '=', id)
    .executeTakeFirst();
export type AssessmentRow = NonNullable<Awaited<ReturnType<typeof findAssessmentRow>>>;

/** The assessment's tests in order, with how many questions a candidate gets from each. */
export const testsOfAssessment = (db: Db, assessmentId: string) =>
  db
    .selectFrom('assessmentTests')
    .innerJoin('tests', 'tests.id', 'assessmentTests.testId')
    .select(['tests.id', 'tests.name', 'tests.category', 'tests.durationSeconds', 'tests.drawCount'])
    .select((eb) => eb.selectFrom('testQuestions').select(eb.fn.countAll<string>().as('n')).whereRef('testQuestions.testId', '=', 'tests.id').as('poolSize'))
    .where('assessmentTests.assessmentId', '=', assessmentId)
    .orderBy('assessmentTests.position')
    .execute();

/** Qualifying and custom questions of an assessment, in order within their kind. */
export const questionsOfAssessment = (db: Db, assessmentId: string) =>
  db
    .selectFrom('assessmentQuestions')
    .innerJoin('questions', 'questions.id', 'assessmentQuestions.questionId')
    .select(['questions.id', 'questions.title', 'questions.questionType', 'assessmentQuestions.kind'])
    .where('assessmentQuestions.assessmentId', '=', assessmentId)
    .orderBy('assessmentQuestions.kind')
    .orderBy('assessmentQuestions.position')
    .execute();

/**
 * How many invitations are in each status, and how many attempts have begun; with `clientId`, of
 * that client's invitations only (a library assessment given to several clients).
 */
export async function invitationCounts(db: Db, assessmentId: string, clientId?: string): Promise<{ counts: Record<InvitationStatus, number>; attempts: number }> {
  const rows = await db
    .selectFrom('invitations')
    .select(['status', sql<string>`count(*)`.as('n'), sql<string>`count(*) filter (where ${attemptBegun})`.as('begun')])
    .where('assessmentId', '=', assessmentId)
    .$if(!!clientId, (q) => q.where('clientId', '=', clientId!))
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(INVITATION_STATUSES.map((s) => [s, 0])) as Record<InvitationStatus, number>;
  let attempts = 0;
  for (const row of rows) {
    counts[row.status] = Number(row.n);
    attempts += Number(row.begun);
  }
  return { counts, attempts };
}

export async function hasInvitations(db: Db, assessmentId: string): Promise<boolean> {
  return !!(await db.selectFrom('invitations').select('id').where('assessmentId', '=', assessmentId).limit(1).executeTakeFirst());
}

/** A question as the content checks read it: its state, owner and the languages its text is in. */
export interface ContentQuestion {
  id: string;
  title: string;
  questionType: QuestionType;
  status: QuestionStatus;
  origin: 'BANK' | 'CUSTOM';
  isQualifying: boolean;
  clientId: string | null;
  languages: string[];
}

const CONTENT_COLUMNS = ['questions.id', 'questions.title', 'questions.questionType', 'questions.status', 'questions.origin', 'questions.isQualifying', 'questions.clientId'] as const;
/** The languages a question's text is written in (details[].language), read in the database rather than carrying the text over. */
const detailLanguages = sql<string[]>`array(select d->>'language' from jsonb_array_elements(questions.details) as d)`;

/** The questions of some tests (their whole pool, draws included), with the test each belongs to. */
export function questionsOfTests(db: Db, testIds: readonly string[]): Promise<(ContentQuestion & { testId: string })[]> {
  if (!testIds.length) return Promise.resolve([]);
  return db
    .selectFrom('testQuestions')
    .innerJoin('questions', 'questions.id', 'testQuestions.questionId')
    .select([...CONTENT_COLUMNS, 'testQuestions.testId', detailLanguages.as('languages')])
    .where('testQuestions.testId', 'in', [...testIds])
    .orderBy(sql`array_position(${sql.val([...testIds])}::uuid[], test_questions.test_id)`)
    .orderBy('testQuestions.position')
    .execute();
}

export function questionsByIds(db: Db, ids: readonly string[]): Promise<ContentQuestion[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('questions').select([...CONTENT_COLUMNS, detailLanguages.as('languages')]).where('questions.id', 'in', [...ids]).execute();
}

export function testsByIds(db: Db, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('tests').select(['id', 'name', 'clientId', 'durationSeconds']).where('id', 'in', [...ids]).execute();
}

/** The codes of the languages this server offers (the Languages screen's active ones). */
export async function activeLanguages(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('languages').select('code').where('isActive', '=', true).orderBy('createdAt').execute();
  return rows.map((r) => r.code);
}

/** A video question named for messages: its prompt in English (or its first language). */
export const videoTitle = (video: Pick<VideoQuestion, 'prompt'>, language = 'en') => {
  const text = inLanguage(video.prompt, language)?.detail ?? '';
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

/** Whether any question a candidate may get (tests' pools, qualifying, custom) is a coding question. */
export async function hasCodingQuestion(db: Db, assessmentId: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (
      select 1 from assessment_tests at
      join test_questions tq on tq.test_id = at.test_id
      join questions q on q.id = tq.question_id
      where at.assessment_id = ${assessmentId} and q.question_type = 'CODING'
      union all
      select 1 from assessment_questions aq
      join questions q on q.id = aq.question_id
      where aq.assessment_id = ${assessmentId} and q.question_type = 'CODING'
    ) as found`.execute(db);
  return !!rows[0]?.found;
}

/** About how long each assessment takes, from its stored content: two grouped queries for any number of them. */
export async function estimatesOf(db: Db, assessments: readonly { id: string; videoQuestions: unknown }[]): Promise<Map<string, number>> {
  const ids = assessments.map((a) => a.id);
  if (!ids.length) return new Map();
  const durations = await db
    .selectFrom('assessmentTests')
    .innerJoin('tests', 'tests.id', 'assessmentTests.testId')
    .select(['assessmentTests.assessmentId', sql<number[]>`array_agg(tests.duration_seconds)`.as('seconds')])
    .where('assessmentTests.assessmentId', 'in', ids)
    .groupBy('assessmentTests.assessmentId')
    .execute();
  const questions = await db
    .selectFrom('assessmentQuestions')
    .select(['assessmentId', sql<string>`count(*)`.as('n')])
    .where('assessmentId', 'in', ids)
    .groupBy('assessmentId')
    .execute();
  const secondsOf = new Map(durations.map((d) => [d.assessmentId, d.seconds.map(Number)]));
  const questionsOf = new Map(questions.map((q) => [q.assessmentId, Number(q.n)]));
  return new Map(
    assessments.map((a) => [a.id, estimatedMinutes(secondsOf.get(a.id) ?? [], (questionsOf.get(a.id) ?? 0) + (a.videoQuestions as VideoQuestion[]).length)]),
  );
}

/** Active Self Assessments of a tenant (the library's for a USER, a client's for its own people), with the user's own invitation where there is one. */
export function selfAssessments(db: Db, userId: string, tenant: { clientId: string | null }, now: Date) {
  return db
    .selectFrom('assessments')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('invitations')
          .innerJoin('candidates', 'candidates.id', 'invitations.candidateId')
          .select(['invitations.id', 'invitations.assessmentId', 'invitations.status', 'invitations.startedAt', 'invitations.completedAt'])
          .where('candidates.userId', '=', userId)
          .where('candidates.clientId', tenant.clientId === null ? 'is' : '=', tenant.clientId)
          .as('mine'),
      (join) => join.onRef('mine.assessmentId', '=', 'assessments.id'),
    )
    .select([
      'assessments.id',
      'assessments.name',
      'assessments.description',
      'assessments.translations',
      'assessments.languages',
      'assessments.videoQuestions',
      'assessments.validUntil',
      'mine.id as invitationId',
      'mine.status as invitationStatus',
      'mine.startedAt',
      'mine.completedAt',
    ])
    .where('assessments.type', '=', 'SELF' satisfies AssessmentType)
    .where('assessments.status', '=', 'ACTIVE')
    .where('assessments.clientId', tenant.clientId === null ? 'is' : '=', tenant.clientId)
    .where((eb) => eb.or([eb('assessments.validUntil', 'is', null), eb('assessments.validUntil', '>', now)]))
    .orderBy('assessments.name')
    .execute();
}

/**
 * The test library as assessment builders see it: tests whose every question is published, with
 * how many questions a candidate gets and the languages every question of the test has (none of
 * the questions' content, no answer keys).
 */
export const selectLibraryTests = (db: DB) =>
  db
    .selectFrom('tests')
    .leftJoin('testTypes', 'testTypes.id', 'tests.testTypeId')
    .select([
      'tests.id',
      'tests.name',
      'tests.description',
      'tests.category',
      'tests.testTypeId as primarySkill',
      'testTypes.label as primarySkillLabel',
      'tests.durationSeconds',
      'tests.drawCount',
      'tests.tags',
      'tests.clientId',
      'tests.createdAt',
      'tests.updatedAt',
    ])
    .select((eb) => [
      eb.selectFrom('testQuestions').select(eb.fn.countAll<string>().as('n')).whereRef('testQuestions.testId', '=', 'tests.id').as('poolSize'),
      sql<string[]>`array(
        select l.code from languages l
        where l.is_active and not exists (
          select 1 from test_questions tq join questions q on q.id = tq.question_id
          where tq.test_id = tests.id and not (q.details @> jsonb_build_array(jsonb_build_object('language', l.code)))
        )
        order by l.created_at)`.as('languages'),
    ])
    .where((eb) => eb.exists(eb.selectFrom('testQuestions').select('testQuestions.questionId').whereRef('testQuestions.testId', '=', 'tests.id')))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('testQuestions')
            .innerJoin('questions', 'questions.id', 'testQuestions.questionId')
            .select('testQuestions.questionId')
            .whereRef('testQuestions.testId', '=', 'tests.id')
            .where('questions.status', '<>', 'PUBLISHED'),
        ),
      ),
    );

type LibraryTestRow = Awaited<ReturnType<ReturnType<typeof selectLibraryTests>['executeTakeFirstOrThrow']>>;
export const libraryTestRow = ({ poolSize, drawCount, ...row }: LibraryTestRow) => ({ ...row, drawCount, questionCount: drawCount ?? Number(poolSize ?? 0) });

/** The bank's published qualifying questions, for assessment builders: their text and which answers disqualify, no points. */
export const selectQualifyingQuestions = (db: DB) =>
  db
    .selectFrom('questions')
    .select(['questions.id', 'questions.title', 'questions.questionType', 'questions.details', 'questions.answers', 'questions.createdAt', 'questions.updatedAt'])
    .where('questions.origin', '=', 'BANK')
    .where('questions.status', '=', 'PUBLISHED')
    .where('questions.isQualifying', '=', true);

type QualifyingRow = Awaited<ReturnType<ReturnType<typeof selectQualifyingQuestions>['executeTakeFirstOrThrow']>>;
type StoredAnswer = { langWiseAnswer?: { language: string; text: string }[]; disqualifies?: boolean };
export const qualifyingRow = ({ details, answers, ...row }: QualifyingRow) => ({
  ...row,
  languages: (details as { language: string }[]).map((d) => d.language),
  detail: inLanguage(details as { language: string; detail: string }[], 'en')?.detail ?? '',
  answers: (answers as StoredAnswer[]).map((a, index) => ({ index, text: inLanguage(a.langWiseAnswer, 'en')?.text ?? '', disqualifies: a.disqualifies === true })),
});

/** The list narrowed to the provider's library, to clients' assessments, or to what a client sees (its own and those granted to it). */
export function narrowAssessments(db: Db, query: ReturnType<typeof selectAssessmentRows>, narrow: { library: boolean; ofClients: boolean; tenant: string | undefined }) {
  let narrowed = query;
  if (narrow.library) narrowed = narrowed.where('assessments.clientId', 'is', null);
  else if (narrow.ofClients) narrowed = narrowed.where('assessments.clientId', 'is not', null);
  const { tenant } = narrow;
  if (tenant) narrowed = narrowed.where((eb) => eb.or([eb('assessments.clientId', '=', tenant), eb('assessments.id', 'in', grantedIds(db, tenant))]));
  return narrowed;
}

// ---------------------------------------------------------------------------------------------
// Writing an assessment

export const insertAssessment = (trx: Db, values: Insertable<AssessmentsTable>) => trx.insertInto('assessments').values(values).returningAll().executeTakeFirstOrThrow();

export const updateAssessment = (trx: Db, id: string, values: Updateable<AssessmentsTable>) =>
  trx.updateTable('assessments').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const deleteAssessment = (trx: Db, id: string) => trx.deleteFrom('assessments').where('id', '=', id).execute();

/** A new status; `publicSlug` when the move gives a public link its slug. */
export const setAssessmentStatus = (trx: Db, id: string, status: AssessmentStatus, publicSlug: string | undefined) =>
  trx
    .updateTable('assessments')
    .set({ status, updatedAt: new Date(), ...(publicSlug !== undefined ? { publicSlug } : {}) })
    .where('id', '=', id)
    .execute();

/** Replaces the assessment's tests and qualifying and custom questions, each list in its order. */
export async function writeContent(trx: Db, assessmentId: string, input: { testIds: readonly string[]; qualifyingQuestionIds: readonly string[]; customQuestionIds: readonly string[] }) {
  await trx.deleteFrom('assessmentTests').where('assessmentId', '=', assessmentId).execute();
  await trx.deleteFrom('assessmentQuestions').where('assessmentId', '=', assessmentId).execute();
  if (input.testIds.length)
    await trx
      .insertInto('assessmentTests')
      .values(input.testIds.map((testId, position) => ({ assessmentId, testId, position })))
      .execute();
  const questions = [
    ...input.qualifyingQuestionIds.map((questionId, position) => ({ assessmentId, questionId, kind: 'QUALIFYING' as const, position })),
    ...input.customQuestionIds.map((questionId, position) => ({ assessmentId, questionId, kind: 'CUSTOM' as const, position })),
  ];
  if (questions.length) await trx.insertInto('assessmentQuestions').values(questions).execute();
}

/** A draft copy of `source` with its tests and questions in the same places; answers the new row. */
export async function copyAssessment(trx: Db, source: AssessmentRow, copy: { name: string; publicSlug: string | null; authorId: string }) {
  const row = await trx
    .insertInto('assessments')
    .values({
      name: copy.name,
      description: source.description,
      translations: JSON.stringify(source.translations),
      type: source.type,
      status: 'DRAFT',
      clientId: source.clientId,
      languages: source.languages,
      totalTimeSeconds: source.totalTimeSeconds,
      validFrom: source.validFrom,
      validUntil: source.validUntil,
      proctoring: JSON.stringify(source.proctoring),
      videoQuestions: JSON.stringify(source.videoQuestions),
      publicSlug: copy.publicSlug,
      authorId: copy.authorId,
      copiedFrom: source.id,
      updatedAt: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('assessmentTests')
    .columns(['assessmentId', 'testId', 'position'])
    .expression((eb) => eb.selectFrom('assessmentTests').select([eb.val(row.id).as('assessmentId'), 'testId', 'position']).where('assessmentId', '=', source.id))
    .execute();
  await trx
    .insertInto('assessmentQuestions')
    .columns(['assessmentId', 'questionId', 'kind', 'position'])
    .expression((eb) => eb.selectFrom('assessmentQuestions').select([eb.val(row.id).as('assessmentId'), 'questionId', 'kind', 'position']).where('assessmentId', '=', source.id))
    .execute();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Self Assessments

/** An active Self Assessment of the tenant (`clientId` null: the library's), with its validity. */
export const findSelfAssessment = (db: Db, id: string, clientId: string | null) =>
  db
    .selectFrom('assessments')
    .select(['id', 'validFrom', 'validUntil'])
    .where('id', '=', id)
    .where('type', '=', 'SELF')
    .where('status', '=', 'ACTIVE')
    .where('clientId', clientId === null ? 'is' : '=', clientId)
    .executeTakeFirst();

/** The signed-in user's name and email. */
export const findAccount = (db: Db, userId: string) => db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();

/** The user's own candidate record in the tenant, if there is one. */
export const findCandidateOfUser = (db: Db, userId: string, clientId: string | null) =>
  db.selectFrom('candidates').select('id').where('userId', '=', userId).where('clientId', clientId === null ? 'is' : '=', clientId).executeTakeFirst();

/** The candidate's invitation to the assessment with its status. */
export const findInvitationOf = (db: Db, assessmentId: string, candidateId: string) =>
  db.selectFrom('invitations').select(['id', 'status', 'revokedAt']).where('assessmentId', '=', assessmentId).where('candidateId', '=', candidateId).executeTakeFirst();
