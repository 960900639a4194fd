/**
 * Assessments and invitations for the candidate API's tests, written straight into the database (as
 * the staff API would leave them): an ACTIVE assessment with qualifying questions, two tests (one
 * drawing 3 of its 4 questions and shuffling, one with a coding question whose hidden cases carry
 * marker strings), a custom question and a video question; candidates invited with `issueInvitation`.
 */
import type { InjectOptions } from 'fastify';
import type { Insertable } from 'kysely';
import { DEFAULT_PROCTORING, type AssessmentStatus, type AssessmentType, type VideoQuestion } from '../../src/domain/assessment';
import type { ExtraTime } from '../../src/domain/attempt';
import type { CandidateBankQuestion } from '../../src/domain/attemptQuestions';
import type { TakeState } from '../../src/domain/take';
import { TAKE_DEVICE_HEADER } from '../../src/domain/takeDevice';
import type { DB } from '../../server/db/index';
import type { QuestionsTable } from '../../server/db/types';
import { issueInvitation } from '../../server/lib/invitations';
import { randomToken } from '../../server/lib/crypto';
import type { TestServer } from './harness';

/** Strings that exist only in what a candidate must never receive. */
export const SECRETS = { hiddenInput: 'HIDDEN-INPUT-4471', hiddenOutput: 'HIDDEN-OUTPUT-9932' } as const;

/** Reads two numbers, prints their sum (the coding question's answer). */
export const SUM_SOURCE = "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);";

const text = (en: string, hi?: string) => [{ language: 'en', detail: `<p>${en}</p>` }, ...(hi ? [{ language: 'hi', detail: `<p>${hi}</p>` }] : [])];
const option = (en: string, extra: object = {}) => ({ langWiseAnswer: [{ language: 'en', text: en }, { language: 'hi', text: `${en} (हिन्दी)` }], ...extra });

type QuestionRow = Insertable<QuestionsTable>;
const question = (title: string, fields: Partial<QuestionRow> & Pick<QuestionRow, 'questionType' | 'category'>): QuestionRow => ({
  title,
  details: JSON.stringify(text(title, `${title} (हिन्दी)`)),
  answers: JSON.stringify([]),
  status: 'PUBLISHED',
  searchText: title,
  ...fields,
});

export interface AssessmentFixture {
  assessmentId: string;
  slug: string | null;
  clientId: string | null;
  questions: {
    qualifying: string;
    single: string;
    multiple: string;
    likert: string;
    sorting: string;
    coding: string;
    correctIncorrect: string;
    custom: string;
    video: string;
  };
  /** The drawing, shuffling test (3 of 4 questions) and the aptitude test (coding, correct/incorrect). */
  tests: { draw: string; aptitude: string };
}

export interface AssessmentOptions {
  name?: string;
  type?: AssessmentType;
  status?: AssessmentStatus;
  clientId?: string | null;
  totalTimeSeconds?: number | null;
  validFrom?: Date | null;
  validUntil?: Date | null;
  /** Leave out the qualifying question (a flow that starts with the first test). */
  qualifying?: boolean;
  /** Only the drawing test: no aptitude test, custom or video question (a flow of one part). */
  onePart?: boolean;
}

export async function createAssessment(db: DB, options: AssessmentOptions = {}): Promise<AssessmentFixture> {
  const testType = await db.selectFrom('testTypes').select('id').where('category', '=', 'COMPETENCY').orderBy('position').executeTakeFirstOrThrow();
  const aptitudeType = await db.selectFrom('testTypes').select('id').where('category', '=', 'APTITUDE').orderBy('position').executeTakeFirstOrThrow();
  const tag = randomToken(4);
  const insert = async (row: QuestionRow) => (await db.insertInto('questions').values(row).returning('id').executeTakeFirstOrThrow()).id;

  const qualifying = await insert(
    question(`Allowed to work in India ${tag}`, {
      category: 'COMPETENCY',
      questionType: 'SINGLE_CHOICE',
      isQualifying: true,
      answers: JSON.stringify([option('Yes'), option('No', { disqualifies: true })]),
    }),
  );
  const single = await insert(
    question(`Best first step ${tag}`, {
      category: 'COMPETENCY',
      questionType: 'SINGLE_CHOICE',
      testTypeId: testType.id,
      answers: JSON.stringify([option('Listen', { value: 5, isCorrect: true }), option('Argue', { value: 1 }), option('Escalate', { value: 3 })]),
      maxPoints: 5,
    }),
  );
  const multiple = await insert(
    question(`Good habits ${tag}`, {
      category: 'COMPETENCY',
      questionType: 'MULTIPLE_CHOICE',
      testTypeId: testType.id,
      answers: JSON.stringify([option('Plan', { value: 2 }), option('Review', { value: 2 }), option('Guess', { value: 0 })]),
    }),
  );
  const likert = await insert(
    question(`I stay calm ${tag}`, {
      category: 'COMPETENCY',
      questionType: 'LIKERT',
      testTypeId: testType.id,
      answers: JSON.stringify(['Never', 'Sometimes', 'Often', 'Always'].map((t, i) => option(t, { value: i + 1 }))),
    }),
  );
  const sorting = await insert(
    question(`Order the steps ${tag}`, {
      category: 'COMPETENCY',
      questionType: 'SORTING_ORDER',
      testTypeId: testType.id,
      answers: JSON.stringify(['Greet', 'Listen', 'Solve', 'Confirm'].map((t) => option(t))),
    }),
  );
  const coding = await insert(
    question(`Sum two numbers ${tag}`, {
      category: 'APTITUDE',
      questionType: 'CODING',
      testTypeId: aptitudeType.id,
      coding: JSON.stringify({
        languages: [63, 70],
        starterCode: { '63': '// read two numbers', '70': '# read two numbers' },
        testCases: [
          { input: '1 2', expectedOutput: '3', points: 1, hidden: false },
          { input: '10 20', expectedOutput: '30', points: 1, hidden: false },
          { input: `7 8 ${SECRETS.hiddenInput}`, expectedOutput: `15 ${SECRETS.hiddenOutput}`, points: 3, hidden: true },
          { input: '100 23', expectedOutput: '123', points: 3, hidden: true },
        ],
        // The longest limit there is: these programs end by themselves, and a busy machine never cuts them short.
        timeLimitMs: 10_000,
        memoryLimitMb: 128,
      }),
      maxPoints: 8,
    }),
  );
  const correctIncorrect = await insert(
    question(`Two plus two is four ${tag}`, {
      category: 'APTITUDE',
      questionType: 'CORRECT_INCORRECT',
      testTypeId: aptitudeType.id,
      answers: JSON.stringify([option('Correct', { isCorrect: true }), option('Incorrect', { isCorrect: false })]),
      maxPoints: 1,
    }),
  );
  const custom = await insert(
    question(`Why this role ${tag}`, { category: 'COMPETENCY', questionType: 'SHORT_TEXT', origin: 'CUSTOM', clientId: options.clientId ?? null }),
  );

  const test = async (name: string, testTypeId: string, category: 'COMPETENCY' | 'APTITUDE', ids: string[], extra: { shuffle?: boolean; drawCount?: number | null } = {}) => {
    const row = await db
      .insertInto('tests')
      .values({ name, translations: JSON.stringify([{ language: 'hi', name: `${name} (हिन्दी)`, description: null }]), category, testTypeId, durationSeconds: 600, shuffle: extra.shuffle ?? false, drawCount: extra.drawCount ?? null, updatedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('testQuestions').values(ids.map((questionId, position) => ({ testId: row.id, questionId, position }))).execute();
    return row.id;
  };
  const draw = await test(`Customer focus ${tag}`, testType.id, 'COMPETENCY', [single, multiple, likert, sorting], { shuffle: true, drawCount: 3 });
  const aptitude = await test(`Programming ${tag}`, aptitudeType.id, 'APTITUDE', [coding, correctIncorrect]);

  const video: VideoQuestion = { id: `intro-${tag}`, videoType: 'INTRO', prompt: [{ language: 'en', detail: 'Introduce yourself' }, { language: 'hi', detail: 'अपना परिचय दें' }], maxSeconds: 60, retakes: 1 };
  const type = options.type ?? 'INVITED';
  const slug = type === 'PUBLIC_LINK' ? randomToken(16) : null;
  const assessment = await db
    .insertInto('assessments')
    .values({
      name: options.name ?? `Support hiring ${tag}`,
      description: 'Customer focus and programming',
      type,
      status: options.status ?? 'ACTIVE',
      clientId: options.clientId ?? null,
      languages: ['en', 'hi'],
      totalTimeSeconds: options.totalTimeSeconds ?? null,
      validFrom: options.validFrom ?? null,
      validUntil: options.validUntil ?? null,
      proctoring: JSON.stringify(DEFAULT_PROCTORING),
      videoQuestions: JSON.stringify(options.onePart ? [] : [video]),
      publicSlug: slug,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('assessmentTests')
    .values([{ assessmentId: assessment.id, testId: draw, position: 0 }, ...(options.onePart ? [] : [{ assessmentId: assessment.id, testId: aptitude, position: 1 }])])
    .execute();
  const assessmentQuestions = [
    ...(options.qualifying === false || options.onePart ? [] : [{ assessmentId: assessment.id, questionId: qualifying, kind: 'QUALIFYING' as const, position: 0 }]),
    ...(options.onePart ? [] : [{ assessmentId: assessment.id, questionId: custom, kind: 'CUSTOM' as const, position: 0 }]),
  ];
  if (assessmentQuestions.length) await db.insertInto('assessmentQuestions').values(assessmentQuestions).execute();
  return {
    assessmentId: assessment.id,
    slug,
    clientId: options.clientId ?? null,
    questions: { qualifying, single, multiple, likert, sorting, coding, correctIncorrect, custom, video: video.id },
    tests: { draw, aptitude },
  };
}

export interface InviteOptions {
  email?: string;
  name?: string;
  expiresAt?: Date | null;
  extraTime?: ExtraTime | null;
}

/** A candidate of the assessment's tenant and their invitation: its id and its token (the link's secret). */
export async function invite(db: DB, assessment: AssessmentFixture, options: InviteOptions = {}): Promise<{ invitationId: string; token: string; candidateId: string }> {
  const candidate = await db
    .insertInto('candidates')
    .values({ clientId: assessment.clientId, name: options.name ?? 'Asha Rao', email: options.email ?? `asha.${randomToken(6)}@example.com`, updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id, token } = await issueInvitation(db, {
    assessmentId: assessment.assessmentId,
    candidateId: candidate.id,
    clientId: assessment.clientId,
    entryType: 'INVITE',
    invitedBy: null,
    expiresAt: options.expiresAt,
    extraTime: options.extraTime,
  });
  return { invitationId: id, token, candidateId: candidate.id };
}

// ---------------------------------------------------------------------------------------------
// Calling the candidate's API as the page does

/** The candidate's calls through app.inject; every JSON answer is also handed to `sink` (to be walked for answer keys). */
export function takeClient(server: Pick<TestServer, 'app'>, sink?: unknown[], options: { remoteAddress?: string; deviceId?: string; userAgent?: string } = {}) {
  let seq = 0;
  const call = async (method: InjectOptions['method'], url: string, payload?: unknown) => {
    // The page names its device on every request, as src/take/api.ts does.
    const headers = { [TAKE_DEVICE_HEADER]: options.deviceId ?? 'device-one', ...(options.userAgent ? { 'user-agent': options.userAgent } : {}) };
    const res = await server.app.inject({ method, url, headers, remoteAddress: options.remoteAddress, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });
    const body = res.json();
    sink?.push(body);
    return { status: res.statusCode, body, data: body.data };
  };
  const client = {
    call,
    state: async (token: string): Promise<TakeState> => {
      const res = await call('GET', `/api/take/${token}`);
      if (res.status !== 200) throw new Error(`GET state answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.data as TakeState;
    },
    post: (token: string, path: string, payload: unknown = {}) => call('POST', `/api/take/${token}${path}`, payload),
    /** A save as the page sends it: a new key, the device's next sequence number, the time of the action. */
    save: (token: string, questionId: string, answer: unknown, extra: Partial<{ idempotencyKey: string; deviceId: string; seq: number; savedAt: number }> = {}) =>
      call('PUT', `/api/take/${token}/answers`, { questionId, idempotencyKey: newKey(), deviceId: options.deviceId ?? 'device-one', seq: ++seq, savedAt: Date.now(), answer, ...extra }),
    /** Starts the attempt (English unless told) and the part the flow is at; answers the state. */
    startNextPart: async (token: string): Promise<TakeState> => {
      let s = await client.state(token);
      if (s.invitation.status === 'PENDING') s = (await client.post(token, '/start', { language: 'en' })).data as TakeState;
      if (s.position.kind === 'DONE') return s;
      return (await client.post(token, `/parts/${s.position.partId}/start`)).data as TakeState;
    },
  };
  return client;
}

export const newKey = () => randomToken(12);

/** A question of the open part as the candidate sees it. */
export const shown = (s: TakeState, id: string) => s.currentPart!.questions.find((q) => q.id === id) as CandidateBankQuestion;

/** Some valid answer to a question, from what the candidate sees (a sorting question's items as shown). */
export function answerFor(q: CandidateBankQuestion): unknown {
  switch (q.questionType) {
    case 'MULTIPLE_CHOICE':
      return { optionIds: q.options.slice(0, 2).map((o) => o.id) };
    case 'SORTING_ORDER':
      return { optionIds: q.options.map((o) => o.id) };
    case 'SHORT_TEXT':
      return { text: 'Because I like helping people.' };
    case 'CODING':
      return { languageId: 63, source: SUM_SOURCE };
    default:
      return { optionIds: [q.options[0].id] };
  }
}

/** The first bytes of a file of each recording type (what file-type recognises it by). */
const SIGNATURES: Record<string, Buffer> = {
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  'image/webp': Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
  // An EBML header whose DocType is "webm".
  'video/webm': Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102', 'hex'),
  'video/mp4': Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]),
};

/** A recording of `bytes` bytes that is what its type says: the type's signature, then filler. */
export function recordingBytes(contentType: string, bytes: number): Buffer {
  const signature = SIGNATURES[contentType];
  if (!signature) throw new Error(`no signature for ${contentType}`);
  const file = Buffer.alloc(bytes, 3);
  signature.copy(file, 0, 0, Math.min(bytes, signature.length));
  return file;
}

/** Joins a public link as a candidate does: asks for the code, reads it from the mail, joins with it; answers the last response. */
export async function joinPublic(
  server: Pick<TestServer, 'app' | 'latestCode'>,
  slug: string,
  person: { name: string; email: string; phone?: string; language?: string },
  remoteAddress = '127.0.0.1',
) {
  const asked = await server.app.inject({ method: 'POST', url: `/api/take/public/${slug}/code`, payload: person, remoteAddress });
  if (asked.statusCode !== 200) return asked;
  const code = await server.latestCode(person.email.trim().toLowerCase());
  return server.app.inject({ method: 'POST', url: `/api/take/public/${slug}`, payload: { ...person, code }, remoteAddress });
}
