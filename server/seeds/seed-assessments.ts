/**
 * Demo assessments and candidates: every assessment type and status, candidates in every state
 * (not started, opened, started, completed in English and in Hindi, expired, disqualified, revoked),
 * with the answers, parts and proctoring events a real attempt would have left, spread over the last
 * four weeks. Attempts are built with the same domain rules as the candidate's flow (buildParts,
 * validateAnswer on the candidate's view), so what the demo shows is what the product stores; each
 * completed attempt is scored by the product's own scoring (scoreInvitation) before the seed ends,
 * so reports, comparisons and item statistics are filled from the first start. Completed attempts
 * spread over the rating bands; a graduate intake of some thirty candidates gives one test enough
 * attempts for its item statistics; a client's short-text question has reviewed answers and one
 * that waits for its points.
 */
import type { Kysely } from 'kysely';
import { ENTRY_TYPE_OF, DEFAULT_PROCTORING, type AssessmentStatus, type AssessmentType, type ProctoringSettings, type VideoQuestion } from '../../src/domain/assessment';
import { buildParts, type AttemptPart, type AttemptPlan, type InvitationStatus } from '../../src/domain/attempt';
import { candidateQuestion, toCandidateAnswer, toStoredAnswer, validateAnswer, type StoredAnswer, type StoredQuestion } from '../../src/domain/attemptQuestions';
import type { TestCaseResult } from '../../src/domain/codeRunner';
import { PROGRAMMING_LANGUAGES } from '../../src/domain/content';
import { hashSeed, seededRandom } from '../../src/domain/random';
import { keyedOrder } from '../../src/domain/scoring';
import type { ProctoringEventType } from '../../src/domain/take';
import { randomToken } from '../lib/crypto';
import { issueInvitation, reissueToken, takeLink } from '../lib/invitations';
import { sameOutput } from '../lib/runner/execution';
import { toColumns } from '../modules/questions/queries';
import { scoreInvitation } from '../modules/scores/scoring';
import { completeAttempt, runnerCases, type AnswerEvaluation } from '../modules/take/lifecycle';
import { attemptPlan, loadQuestions } from '../modules/take/queries';
import { optionNamer } from '../modules/take/state';
import type { Database } from '../db/types';

type DB = Kysely<Database>;
const DAY = 86_400_000;
const MINUTE = 60_000;

interface DemoAssessment {
  key: string;
  name: string;
  description: string;
  /** Its name and description in Hindi. */
  hi: { name: string; description: string };
  type: AssessmentType;
  status: AssessmentStatus;
  client: 'acme' | 'globex' | null;
  tests: string[];
  qualifying?: boolean;
  video?: boolean;
  proctoring?: Partial<ProctoringSettings>;
  totalTimeSeconds?: number;
  /** Days ago it started taking candidates (30 unless said); it was written five days before. */
  openDaysAgo?: number;
  /** A closed one: days ago it stopped (2 unless said). */
  closedDaysAgo?: number;
  /** A question the client wrote for this assessment (asked after the tests). */
  customQuestion?: DemoCustomQuestion;
}

/** A client's own short-text question, tagged with a demo skill and sub-skill (by label) like the custom-questions screen tags it. */
export interface DemoCustomQuestion {
  title: string;
  en: string;
  hi: string;
  skill: string;
  subSkill: string;
}

/** Acme's question for its campus applicants: answered in a few sentences, given points by a reviewer. */
export const CAMPUS_QUESTION: DemoCustomQuestion = {
  title: 'Something difficult, done together',
  en: 'Tell us about a time you worked with others to get something difficult done: a college project, a fest, a sports team. What was your own part, and what did you learn?',
  hi: 'किसी ऐसे समय के बारे में बताइए जब आपने दूसरों के साथ मिलकर कोई कठिन काम पूरा किया: कॉलेज का प्रोजेक्ट, कोई फ़ेस्ट या खेल की टीम। उसमें आपकी अपनी भूमिका क्या थी, और आपने क्या सीखा?',
  skill: 'Teamwork',
  subSkill: 'Collaboration',
};

const ASSESSMENTS: DemoAssessment[] = [
  {
    key: 'support',
    name: 'Customer Support Associate: Hiring 2026',
    description: 'For the Pune and Bengaluru support centres: customer focus, teamwork and composure, with a short video introduction.',
    hi: { name: 'ग्राहक सहायता सहयोगी: भर्ती 2026', description: 'पुणे और बेंगलुरु के सहायता केंद्रों के लिए: ग्राहक पर ध्यान, टीमवर्क और संयम, साथ में एक छोटा वीडियो परिचय।' },
    type: 'INVITED',
    status: 'ACTIVE',
    openDaysAgo: 72,
    client: 'acme',
    tests: ['Customer focus in practice', 'Teamwork essentials', 'Stress and composure'],
    qualifying: true,
    video: true,
  },
  {
    key: 'campus',
    name: 'Campus Drive 2026: Open Application',
    description: 'Open to final-year students of any stream. Share the link on campus notice boards.',
    hi: { name: 'कैंपस ड्राइव 2026: खुला आवेदन', description: 'किसी भी स्ट्रीम के अंतिम वर्ष के छात्रों के लिए। लिंक को कैंपस के सूचना पटों पर लगाएँ।' },
    type: 'PUBLIC_LINK',
    status: 'ACTIVE',
    client: 'acme',
    tests: ['Numerical reasoning basics', 'Teamwork essentials'],
    proctoring: { microphoneRequired: false, snapshotIntervalSeconds: 120 },
    customQuestion: CAMPUS_QUESTION,
  },
  {
    key: 'backend',
    name: 'Backend Engineer Screening',
    description: 'Two short programs and numerical reasoning. Full screen, no pasting.',
    hi: { name: 'बैकएंड इंजीनियर स्क्रीनिंग', description: 'दो छोटे प्रोग्राम और संख्यात्मक तर्क। पूरी स्क्रीन पर, पेस्ट करने की अनुमति नहीं।' },
    type: 'INVITED',
    status: 'ACTIVE',
    client: 'globex',
    tests: ['Programming fundamentals', 'Numerical reasoning basics'],
    proctoring: { fullScreenRequired: true, pasteAllowed: false },
  },
  {
    key: 'strengths',
    name: 'Know Your Strengths',
    description: 'A free self assessment of how you work with others and handle pressure. Only you see the result.',
    hi: { name: 'अपनी खूबियाँ जानें', description: 'एक मुफ़्त स्व-आकलन: आप दूसरों के साथ कैसे काम करते हैं और दबाव कैसे सँभालते हैं। परिणाम केवल आप देखते हैं।' },
    type: 'SELF',
    status: 'ACTIVE',
    client: null,
    tests: ['Teamwork essentials', 'Stress and composure'],
    proctoring: { cameraRequired: false, microphoneRequired: false, snapshotIntervalSeconds: null },
  },
  {
    key: 'storeManager',
    name: 'Store Manager (draft)',
    description: 'Being prepared for the new stores: still a draft.',
    hi: { name: 'स्टोर मैनेजर (ड्राफ़्ट)', description: 'नए स्टोर के लिए तैयार किया जा रहा है: अभी ड्राफ़्ट है।' },
    type: 'INVITED',
    status: 'DRAFT',
    client: 'acme',
    tests: ['Customer focus in practice', 'Teamwork essentials'],
  },
  {
    key: 'trainee2025',
    name: 'Graduate Trainee 2025',
    description: 'Last year’s graduate intake: closed.',
    hi: { name: 'ग्रेजुएट ट्रेनी 2025', description: 'पिछले वर्ष की ग्रेजुएट भर्ती: बंद।' },
    type: 'INVITED',
    status: 'CLOSED',
    openDaysAgo: 105,
    closedDaysAgo: 50,
    client: 'globex',
    tests: ['Numerical reasoning basics'],
    totalTimeSeconds: 1200,
  },
];

const INTRO_VIDEO: VideoQuestion = {
  id: 'intro',
  videoType: 'INTRO',
  prompt: [
    { language: 'en', detail: 'Introduce yourself in a minute: who you are, and why you would like this role.' },
    { language: 'hi', detail: 'एक मिनट में अपना परिचय दीजिए: आप कौन हैं, और यह भूमिका क्यों चाहते हैं।' },
  ],
  maxSeconds: 90,
  retakes: 1,
};

/** What happened to a demo candidate: the state to leave the attempt in, how well they answer, and when. */
interface DemoCandidate {
  name: string;
  email: string;
  phone?: string;
  assessment: string;
  state: InvitationStatus | 'OPENED' | 'REVOKED';
  language?: 'en' | 'hi';
  /**
   * 0 to 1, how well the candidate answers: the chance of a right answer where there is a key (and
   * of a working program), and where on a scale or among a scenario's responses they answer, give
   * or take a little. A completed attempt's scores follow it (about 20 + 80 × ability on scales).
   */
  ability?: number;
  /** Days before now the invitation was sent. */
  invitedDaysAgo: number;
  /** IN_PROGRESS: how many parts are finished (the next one is open, half answered). */
  partsDone?: number;
  /**
   * What proctoring saw, one entry per incident: TAB_HIDDEN is leaving the page for another tab and
   * coming back, WINDOW_BLUR another window, FULLSCREEN_EXIT leaving full screen, PASTE a paste
   * (on a text or code answer where there is one).
   */
  events?: ProctoringEventType[];
  /** Seen this many minutes ago (IN_PROGRESS). */
  seenMinutesAgo?: number;
  /** The answer to the assessment's custom short-text question. */
  written?: string;
  /** The reviewer's points (0 to 1) and comment on that answer; without one, it waits for review. */
  review?: { points: number; comment: string };
}

const CANDIDATES: DemoCandidate[] = [
  { name: 'Priya Sharma', email: 'priya.sharma@example.com', phone: '+91 98450 11223', assessment: 'support', state: 'COMPLETED', language: 'en', ability: 0.9, invitedDaysAgo: 64 },
  { name: 'Rohan Verma', email: 'rohan.verma@example.com', assessment: 'support', state: 'COMPLETED', language: 'hi', ability: 0.65, invitedDaysAgo: 57, events: ['TAB_HIDDEN'] },
  { name: 'Ananya Iyer', email: 'ananya.iyer@example.com', phone: '+91 99000 42317', assessment: 'support', state: 'COMPLETED', language: 'en', ability: 0.45, invitedDaysAgo: 49 },
  { name: 'Mohammed Faiz', email: 'mohammed.faiz@example.com', assessment: 'support', state: 'COMPLETED', language: 'hi', ability: 0.8, invitedDaysAgo: 41, events: ['TAB_HIDDEN', 'WINDOW_BLUR', 'TAB_HIDDEN', 'WINDOW_BLUR', 'TAB_HIDDEN'] },
  { name: 'Lakshmi Menon', email: 'lakshmi.menon@example.com', assessment: 'support', state: 'COMPLETED', language: 'en', ability: 0.75, invitedDaysAgo: 33, events: ['TAB_HIDDEN', 'TAB_HIDDEN', 'WINDOW_BLUR', 'TAB_HIDDEN', 'TAB_HIDDEN', 'TAB_HIDDEN', 'WINDOW_BLUR', 'TAB_HIDDEN'] },
  { name: 'Suresh Yadav', email: 'suresh.yadav@example.com', phone: '+91 94150 30998', assessment: 'support', state: 'COMPLETED', language: 'hi', ability: 0.12, invitedDaysAgo: 26 },
  { name: 'Kavya Reddy', email: 'kavya.reddy@example.com', assessment: 'support', state: 'IN_PROGRESS', language: 'en', ability: 0.7, invitedDaysAgo: 1, partsDone: 2, seenMinutesAgo: 0 },
  { name: 'Arjun Nair', email: 'arjun.nair@example.com', assessment: 'support', state: 'IN_PROGRESS', language: 'hi', ability: 0.6, invitedDaysAgo: 3, partsDone: 1, seenMinutesAgo: 26 * 60 },
  { name: 'Sneha Patil', email: 'sneha.patil@example.com', phone: '+91 98220 56781', assessment: 'support', state: 'PENDING', invitedDaysAgo: 2 },
  { name: 'Vikram Singh', email: 'vikram.singh@example.com', assessment: 'support', state: 'OPENED', invitedDaysAgo: 4 },
  { name: 'Deepak Kumar', email: 'deepak.kumar@example.com', assessment: 'support', state: 'EXPIRED', invitedDaysAgo: 20 },
  { name: 'Farah Khan', email: 'farah.khan@example.com', assessment: 'support', state: 'DISQUALIFIED', language: 'en', ability: 0.7, invitedDaysAgo: 44 },
  { name: 'Nikhil Joshi', email: 'nikhil.joshi@example.com', assessment: 'support', state: 'REVOKED', invitedDaysAgo: 5 },
  {
    name: 'Aditi Rao',
    email: 'aditi.rao@example.com',
    assessment: 'campus',
    state: 'COMPLETED',
    language: 'hi',
    ability: 0.85,
    invitedDaysAgo: 10,
    written:
      'कॉलेज के सालाना टेक फ़ेस्ट में मैं रजिस्ट्रेशन टीम की प्रमुख थी। आख़िरी हफ़्ते में हमारे दो साथी बीमार पड़ गए, तो मैंने बाकी पाँच लोगों में काम दोबारा बाँटा और रोज़ शाम दस मिनट की बैठक शुरू की। फ़ेस्ट में 1,200 लोग आए और कतार कभी दस मिनट से लंबी नहीं हुई। मैंने सीखा कि काम बाँट देना काफ़ी नहीं, रोज़ देखना पड़ता है कि कोई अकेला तो नहीं पड़ रहा।',
    review: { points: 1, comment: 'A real example, with her own part and a result. Ask how she re-planned the work when two people dropped out.' },
  },
  {
    name: 'Karan Mehta',
    email: 'karan.mehta@example.com',
    assessment: 'campus',
    state: 'COMPLETED',
    language: 'en',
    ability: 0.55,
    invitedDaysAgo: 8,
    events: ['PASTE'],
    written: 'Teamwork is very important in any organisation. In college I was part of many team projects and I always gave my best. I believe that together everyone achieves more, and I will bring the same positive attitude to Acme.',
    review: { points: 0.25, comment: 'Generic: no example and nothing about his own part. The timeline shows a paste on this answer; ask him to tell a real story in the interview.' },
  },
  {
    name: 'Sahil Chauhan',
    email: 'sahil.chauhan@example.com',
    assessment: 'campus',
    state: 'COMPLETED',
    language: 'hi',
    ability: 0.25,
    invitedDaysAgo: 6,
    written: 'हमारी कक्षा ने वार्षिकोत्सव में एक नाटक किया था। मैंने उसमें हिस्सा लिया। सबने मेहनत की और नाटक अच्छा रहा।',
    review: { points: 0.25, comment: 'Very short: says what happened, not what he did himself.' },
  },
  {
    name: 'Tanvi Kulkarni',
    email: 'tanvi.kulkarni@example.com',
    phone: '+91 97300 18845',
    assessment: 'campus',
    state: 'COMPLETED',
    language: 'en',
    ability: 0.7,
    invitedDaysAgo: 2,
    written:
      'In my final year, four of us built an attendance app for the college library. Two weeks before the demo our database code stopped working, so I offered to rewrite the part that stored the records while the others finished the screens. I also met the librarian every few days, so we built what she actually needed rather than what we guessed. We showed it on time, and I learned to ask the user early instead of assuming.',
  },
  { name: 'Ishita Bose', email: 'ishita.bose@example.com', assessment: 'campus', state: 'IN_PROGRESS', language: 'en', ability: 0.6, invitedDaysAgo: 0, partsDone: 0, seenMinutesAgo: 3 },
  { name: 'Rahul Gupta', email: 'rahul.gupta@example.com', phone: '+91 90080 77120', assessment: 'backend', state: 'COMPLETED', language: 'en', ability: 0.9, invitedDaysAgo: 6 },
  { name: 'Meena Pillai', email: 'meena.pillai@example.com', assessment: 'backend', state: 'COMPLETED', language: 'en', ability: 0.5, invitedDaysAgo: 5, events: ['FULLSCREEN_EXIT', 'PASTE', 'PASTE'] },
  { name: 'Harish Kumar', email: 'harish.kumar@example.com', assessment: 'backend', state: 'COMPLETED', language: 'hi', ability: 0.15, invitedDaysAgo: 4 },
  { name: 'Pooja Saxena', email: 'pooja.saxena@example.com', assessment: 'backend', state: 'IN_PROGRESS', language: 'en', ability: 0.75, invitedDaysAgo: 1, partsDone: 0, seenMinutesAgo: 45 },
  { name: 'Sanjay Das', email: 'sanjay.das@example.com', assessment: 'backend', state: 'PENDING', invitedDaysAgo: 1 },
  { name: 'Amit Tiwari', email: 'amit.tiwari@example.com', assessment: 'trainee2025', state: 'COMPLETED', language: 'hi', ability: 0.7, invitedDaysAgo: 100 },
  { name: 'Neha Kapoor', email: 'neha.kapoor@example.com', assessment: 'trainee2025', state: 'COMPLETED', language: 'en', ability: 0.4, invitedDaysAgo: 100 },
  { name: 'Ravi Shankar', email: 'ravi.shankar@example.com', assessment: 'trainee2025', state: 'EXPIRED', invitedDaysAgo: 100 },
  ...graduateIntake(),
];

/**
 * Globex's graduate intake of 2025: a cohort that took "Numerical reasoning basics" in the three
 * weeks the intake ran, so that the test's item statistics rest on more than thirty first attempts.
 */
function graduateIntake(): DemoCandidate[] {
  const cohort: [name: string, language: 'en' | 'hi', ability: number][] = [
    ['Abhishek Malhotra', 'en', 0.62],
    ['Bhavna Choudhary', 'hi', 0.48],
    ['Chetan Rawat', 'hi', 0.35],
    ['Divya Menon', 'en', 0.88],
    ['Eshan Bhatt', 'en', 0.57],
    ['Fatima Siddiqui', 'hi', 0.71],
    ['Gaurav Pandey', 'hi', 0.2],
    ['Harpreet Kaur', 'en', 0.66],
    ['Imran Qureshi', 'en', 0.44],
    ['Jyoti Mishra', 'hi', 0.53],
    ['Kunal Desai', 'en', 0.79],
    ['Lavanya Krishnan', 'en', 0.92],
    ['Manish Agarwal', 'hi', 0.39],
    ['Nandini Ghosh', 'en', 0.6],
    ['Omkar Jadhav', 'hi', 0.12],
    ['Pallavi Sinha', 'en', 0.74],
    ['Rajat Bansal', 'en', 0.5],
    ['Shreya Chatterjee', 'en', 0.83],
    ['Tarun Negi', 'hi', 0.3],
    ['Uzma Ansari', 'hi', 0.58],
    ['Yamini Reddy', 'en', 0.46],
    ['Zubin Irani', 'en', 0.08],
  ];
  return cohort.map(([name, language, ability], i) => ({
    name,
    email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
    assessment: 'trainee2025',
    state: 'COMPLETED',
    language,
    ability,
    // In the three weeks the intake ran.
    invitedDaysAgo: 98 - (i % 7) * 2,
  }));
}

/** The candidate whose link the start-up banner prints: a fresh invitation that can be taken at once. */
export const DEMO_CANDIDATE = { name: 'Dev Demo', email: 'demo.candidate@example.com', assessment: 'support' } as const;

/** A demo program, and what it prints for an input (the demo stores its run's result instead of running it). */
interface DemoProgram {
  source: string;
  output: (input: string) => string;
}

/** Correct programs for the demo coding questions (by title), and a plausible wrong one. */
const PROGRAMS: Record<string, { right: DemoProgram; wrong: DemoProgram }> = {
  'Sum of two numbers': {
    right: {
      source: "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);\n",
      output: (input) => String(input.trim().split(/\s+/).map(Number).reduce((a, b) => a + b, 0)),
    },
    // Splits on one space and adds strings: "1 2" prints 12.
    wrong: {
      source: "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(' ');\nconsole.log(a + b);\n",
      output: (input) => input.trim().split(' ').slice(0, 2).join(''),
    },
  },
  'Count the vowels': {
    right: {
      source: "const line = require('fs').readFileSync(0, 'utf8');\nconsole.log((line.match(/[aeiou]/gi) ?? []).length);\n",
      output: (input) => String((input.match(/[aeiou]/gi) ?? []).length),
    },
    // Forgets capital letters.
    wrong: {
      source: "const line = require('fs').readFileSync(0, 'utf8');\nconsole.log((line.match(/[aeiou]/g) ?? []).length);\n",
      output: (input) => String((input.match(/[aeiou]/g) ?? []).length),
    },
  },
};

/** The events the candidate's page records for one incident, with their offsets (the candidate stays away 4 to 24 seconds). */
function proctoringTrail(type: ProctoringEventType, pasteAllowed: boolean, random: () => number): { type: ProctoringEventType; afterMs: number; detail?: Record<string, string | number | boolean> }[] {
  const away = (4 + Math.floor(random() * 20)) * 1000;
  switch (type) {
    case 'TAB_HIDDEN':
      return [
        { type: 'TAB_HIDDEN', afterMs: 0 },
        { type: 'WINDOW_BLUR', afterMs: 40 },
        { type: 'TAB_VISIBLE', afterMs: away },
        { type: 'WINDOW_FOCUS', afterMs: away + 30 },
      ];
    case 'WINDOW_BLUR':
      return [
        { type: 'WINDOW_BLUR', afterMs: 0 },
        { type: 'WINDOW_FOCUS', afterMs: away },
      ];
    case 'FULLSCREEN_EXIT':
      return [
        { type: 'FULLSCREEN_EXIT', afterMs: 0 },
        { type: 'FULLSCREEN_ENTER', afterMs: away },
      ];
    case 'PASTE':
      return [{ type: 'PASTE', afterMs: 0, detail: { blocked: !pasteAllowed, length: 120 + Math.floor(random() * 300) } }];
    default:
      return [{ type, afterMs: 0 }];
  }
}

export async function seedDemoAssessments(
  db: DB,
  ids: { clients: Record<'acme' | 'globex', string>; inviters: Record<'acme' | 'globex' | 'provider', string>; tests: Record<string, string>; qualifying: string[] },
  now = Date.now(),
) {
  const assessmentIds: Record<string, string> = {};
  const customQuestionIds: Record<string, string> = {};
  for (const a of ASSESSMENTS) {
    const row = await db
      .insertInto('assessments')
      .values({
        name: a.name,
        description: a.description,
        translations: JSON.stringify([{ language: 'hi', ...a.hi }]),
        type: a.type,
        status: a.status,
        clientId: a.client ? ids.clients[a.client] : null,
        languages: ['en', 'hi'],
        totalTimeSeconds: a.totalTimeSeconds ?? null,
        validFrom: new Date(now - (a.openDaysAgo ?? 30) * DAY),
        validUntil: a.status === 'CLOSED' ? new Date(now - (a.closedDaysAgo ?? 2) * DAY) : new Date(now + 60 * DAY),
        proctoring: JSON.stringify({ ...DEFAULT_PROCTORING, ...a.proctoring }),
        videoQuestions: JSON.stringify(a.video ? [INTRO_VIDEO] : []),
        publicSlug: a.type === 'PUBLIC_LINK' ? randomToken(16) : null,
        authorId: a.client ? ids.inviters[a.client] : ids.inviters.provider,
        createdAt: new Date(now - ((a.openDaysAgo ?? 30) + 5) * DAY),
        updatedAt: new Date(now - ((a.openDaysAgo ?? 30) + 1) * DAY),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    assessmentIds[a.key] = row.id;
    await db.insertInto('assessmentTests').values(a.tests.map((name, position) => ({ assessmentId: row.id, testId: ids.tests[name], position }))).execute();
    if (a.qualifying)
      await db.insertInto('assessmentQuestions').values(ids.qualifying.map((questionId, position) => ({ assessmentId: row.id, questionId, kind: 'QUALIFYING' as const, position }))).execute();
    if (a.customQuestion) {
      const questionId = await insertCustomQuestion(db, a.customQuestion, { clientId: a.client ? ids.clients[a.client] : null, authorId: a.client ? ids.inviters[a.client] : ids.inviters.provider, at: new Date(now - 25 * DAY) });
      await db.insertInto('assessmentQuestions').values({ assessmentId: row.id, questionId, kind: 'CUSTOM', position: 0 }).execute();
      customQuestionIds[a.key] = questionId;
    }
  }

  const plans: Record<string, AttemptPlan> = {};
  const questions = new Map((await loadQuestions(db, (await db.selectFrom('questions').select('id').where('status', '=', 'PUBLISHED').execute()).map((q) => q.id))).map((q) => [q.id, q]));

  for (const c of CANDIDATES) {
    const a = ASSESSMENTS.find((x) => x.key === c.assessment)!;
    const proctoring = { ...DEFAULT_PROCTORING, ...a.proctoring };
    const clientId = a.client ? ids.clients[a.client] : null;
    const invitedAt = new Date(now - c.invitedDaysAgo * DAY - 3 * 60 * MINUTE);
    const candidate = await db
      .insertInto('candidates')
      .values({ clientId, name: c.name, email: c.email, phone: c.phone ?? null, createdBy: a.client ? ids.inviters[a.client] : null, createdAt: invitedAt, updatedAt: invitedAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: invitationId } = await issueInvitation(db, {
      assessmentId: assessmentIds[a.key],
      candidateId: candidate.id,
      clientId,
      entryType: ENTRY_TYPE_OF[a.type],
      invitedBy: a.type === 'PUBLIC_LINK' ? null : ids.inviters[a.client ?? 'provider'],
      expiresAt: new Date(invitedAt.getTime() + (c.state === 'EXPIRED' ? 7 : 14) * DAY),
    });
    const sent = { invitedAt, mailedAt: a.type === 'PUBLIC_LINK' ? null : invitedAt, createdAt: invitedAt };

    if (c.state === 'PENDING' || c.state === 'EXPIRED' || c.state === 'REVOKED' || c.state === 'OPENED') {
      await db
        .updateTable('invitations')
        .set({
          ...sent,
          status: c.state === 'EXPIRED' ? 'EXPIRED' : 'PENDING',
          revokedAt: c.state === 'REVOKED' ? new Date(invitedAt.getTime() + DAY) : null,
          openedAt: c.state === 'OPENED' ? new Date(invitedAt.getTime() + 5 * 60 * MINUTE) : null,
          lastSeenAt: c.state === 'OPENED' ? new Date(invitedAt.getTime() + 5 * 60 * MINUTE) : null,
        })
        .where('id', '=', invitationId)
        .execute();
      continue;
    }

    // An attempt: its parts in this attempt's order, then each part answered in turn.
    const seed = (await db.selectFrom('invitations').select('seed').where('id', '=', invitationId).executeTakeFirstOrThrow()).seed;
    const nameOption = optionNamer(seed);
    // The demo tests draw no questions, so an assessment's plan is the same for every attempt (the order is the attempt's own).
    plans[a.key] ??= await attemptPlan(db, { id: assessmentIds[a.key], videoQuestions: a.video ? [INTRO_VIDEO] : [] }, seed);
    const parts = buildParts(plans[a.key], seed);
    const random = seededRandom(hashSeed(`demo:${c.email}`));
    const language = c.language ?? 'en';
    let startedAt = invitedAt.getTime() + (4 + Math.floor(random() * 20)) * 60 * MINUTE;
    let clock = startedAt;
    const partsToPlay = parts.filter((p) => p.questionIds.length > 0);
    // IN_PROGRESS: the candidate is in part `partsDone`, half answered; disqualified: after the qualifying part.
    const openIndex = c.state === 'IN_PROGRESS' ? (c.partsDone ?? 0) : -1;
    const lastIndex = c.state === 'IN_PROGRESS' ? openIndex : c.state === 'DISQUALIFIED' ? 0 : partsToPlay.length - 1;
    const played = partsToPlay.slice(0, lastIndex + 1).map((part, index) => {
      const open = index === openIndex;
      return { part, open, questionIds: open ? part.questionIds.slice(0, Math.ceil(part.questionIds.length / 2)) : part.questionIds };
    });
    const incidents = placeIncidents(c.events ?? [], played.flatMap(({ part, questionIds }) => (part.kind === 'VIDEO' ? [] : questionIds.map((id) => questions.get(id)!))));
    const answerRows: AnswerRow[] = [];
    const eventRows: EventRow[] = [];
    const partRows = [];
    let disqualified = false;

    for (const { part, open, questionIds } of played) {
      const partStart = clock;
      for (const questionId of questionIds) {
        clock += (20 + Math.floor(random() * 50)) * 1000;
        if (part.kind === 'VIDEO') continue; // no recording in the demo data: the candidate's flow records real ones
        const stored = questions.get(questionId)!;
        // What proctoring saw while the candidate was on this question.
        for (const type of incidents.get(answerRows.length) ?? []) {
          const trail = proctoringTrail(type, proctoring.pasteAllowed, random);
          for (const e of trail) eventRows.push({ type: e.type, partId: part.id, questionId, occurredAt: new Date(clock + e.afterMs), detail: e.detail ?? null });
          clock += trail[trail.length - 1].afterMs + 5_000;
        }
        const answer =
          stored.questionType === 'SHORT_TEXT'
            ? writtenAnswer(c)
            : c.state === 'DISQUALIFIED' && stored.isQualifying && questionId === ids.qualifying[0]
              ? disqualifyingAnswer(stored)
              : answerFor(stored, c.ability ?? 0.5, random);
        // The same check the server makes on a save, on the answer as the page would send it: the demo
        // never holds an answer the product would refuse.
        const view = candidateQuestion(stored, seed, language, nameOption);
        const check = validateAnswer(view, toCandidateAnswer(questionId, answer, nameOption));
        if (!check.ok) throw new Error(`Demo answer to “${stored.title}” is not valid: ${check.message}`);
        const storedAnswer = toStoredAnswer(view, check.answer, nameOption);
        if (c.state === 'DISQUALIFIED' && stored.answers.some((x, i) => x.disqualifies && 'answerIndexes' in storedAnswer && storedAnswer.answerIndexes.includes(i))) disqualified = true;
        answerRows.push({ questionId, partId: part.id, answer: storedAnswer, savedAt: new Date(clock), seq: answerRows.length + 1 });
      }
      clock += 30_000;
      partRows.push(partRow(part, partStart, open ? null : clock));
      // The hidden cases run when a part closes: the demo stores what its programs give.
      if (!open) for (const row of answerRows) if (row.partId === part.id && 'source' in row.answer) row.evaluation = demoRun(questions.get(row.questionId)!, row.answer.source, new Date(clock + 20_000));
    }
    // Parts not reached keep their place, unstarted.
    for (const part of parts) if (!partRows.some((p) => p.partId === part.id)) partRows.push(partRow(part, null, null));
    partRows.sort((x, y) => parts.findIndex((p) => p.id === x.partId) - parts.findIndex((p) => p.id === y.partId));
    // A candidate still at it was last heard from `seenMinutesAgo`: the attempt is moved to end then,
    // so its open part's time is really running (the sweep closes it when it runs out, as it would).
    if (c.state === 'IN_PROGRESS' && c.seenMinutesAgo !== undefined) {
      const shift = now - c.seenMinutesAgo * MINUTE - clock;
      const moved = (d: Date | null) => d && new Date(d.getTime() + shift);
      startedAt += shift;
      clock += shift;
      for (const p of partRows) Object.assign(p, { startedAt: moved(p.startedAt), deadline: moved(p.deadline), finishedAt: moved(p.finishedAt) });
      for (const r of answerRows) r.savedAt = moved(r.savedAt)!;
      for (const e of eventRows) e.occurredAt = moved(e.occurredAt)!;
    }

    await db.insertInto('attemptParts').values(partRows.map((p, position) => ({ ...p, invitationId, position }))).execute();
    await insertAnswers(db, answerRows.map((r) => ({ ...r, invitationId })));
    eventRows.push({ type: 'DEVICE_CHECK_PASSED', partId: parts[0].id, questionId: null, occurredAt: new Date(startedAt - MINUTE), detail: null });
    await db
      .insertInto('proctoringEvents')
      .values(eventRows.map((e, i) => ({ invitationId, type: e.type, partId: e.partId, questionId: e.questionId, occurredAt: e.occurredAt, eventKey: `demo-${i}-${randomToken(6)}`, detail: e.detail && JSON.stringify(e.detail) })))
      .execute();
    const status: InvitationStatus = c.state === 'DISQUALIFIED' && disqualified ? 'DISQUALIFIED' : 'IN_PROGRESS';
    const lastSeen = c.seenMinutesAgo !== undefined ? new Date(now - c.seenMinutesAgo * MINUTE) : new Date(clock);
    await db
      .updateTable('invitations')
      .set({
        ...sent,
        status,
        language,
        openedAt: new Date(startedAt - 2 * MINUTE),
        startedAt: new Date(startedAt),
        disqualifiedAt: status === 'DISQUALIFIED' ? new Date(clock) : null,
        lastSeenAt: lastSeen,
      })
      .where('id', '=', invitationId)
      .execute();
    if (c.state !== 'COMPLETED') continue;

    // Completed through the flow's own completion, then scored as the product scores it (reviews first: they are part of the score).
    await completeAttempt(db, { id: invitationId, language, parts }, clock);
    const customQuestionId = customQuestionIds[a.key];
    if (c.review && customQuestionId)
      await db
        .insertInto('answerReviews')
        .values({ invitationId, questionId: customQuestionId, points: c.review.points, comment: c.review.comment, reviewerId: ids.inviters[a.client ?? 'provider'], reviewedAt: new Date(Math.min(clock + DAY, now - 60 * MINUTE)) })
        .execute();
    await scoreInvitation(db, invitationId, { now: new Date(c.review ? Math.min(clock + DAY, now - 60 * MINUTE) : clock + MINUTE) });
  }

  await inviteDemoCandidate(db, { assessmentId: assessmentIds[DEMO_CANDIDATE.assessment], clientId: ids.clients.acme, invitedBy: ids.inviters.acme });
}

/** A client's own question, written as the custom-questions screen writes one (published at once, never moderated). */
async function insertCustomQuestion(db: DB, q: DemoCustomQuestion, owner: { clientId: string | null; authorId: string; at: Date }): Promise<string> {
  const skill = await db
    .selectFrom('questionTypes as qt')
    .innerJoin('testTypes as tt', 'tt.id', 'qt.testTypeId')
    .select(['tt.id as skillId', 'tt.category', 'qt.id as subSkillId'])
    .where('tt.label', '=', q.skill)
    .where('qt.label', '=', q.subSkill)
    .executeTakeFirstOrThrow();
  const columns = toColumns({
    category: skill.category as 'COMPETENCY',
    questionType: 'SHORT_TEXT',
    title: q.title,
    detail: { langWiseDetail: [{ language: 'en', detail: `<p>${q.en}</p>` }, { language: 'hi', detail: `<p>${q.hi}</p>` }] },
    primarySkill: skill.skillId,
    secondarySkills: [skill.subSkillId],
    complexity: 'L2',
  });
  const row = await db
    .insertInto('questions')
    .values({ ...columns, status: 'PUBLISHED', publishedAt: owner.at, origin: 'CUSTOM', clientId: owner.clientId, authorId: owner.authorId, createdAt: owner.at, updatedAt: owner.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('questionHistory').values({ questionId: row.id, userId: owner.authorId, action: 'created', toStatus: 'PUBLISHED', at: owner.at }).execute();
  return row.id;
}

/**
 * Which answers (by their order in the attempt) the incidents happen on: spread evenly over the
 * attempt, a paste on a text or code answer where the attempt has one.
 */
function placeIncidents(events: readonly ProctoringEventType[], answered: readonly StoredQuestion[]): Map<number, ProctoringEventType[]> {
  const placed = new Map<number, ProctoringEventType[]>();
  if (!answered.length) return placed;
  const typed = answered.flatMap((q, i) => (q.questionType === 'SHORT_TEXT' || q.questionType === 'CODING' ? [i] : []));
  events.forEach((type, n) => {
    const at = type === 'PASTE' && typed.length ? typed[n % typed.length] : Math.floor(((n + 0.5) * answered.length) / events.length);
    placed.set(at, [...(placed.get(at) ?? []), type]);
  });
  return placed;
}

/** The result of running a demo program on a coding question's cases (what the runner stores when the part closes). */
function demoRun(q: StoredQuestion, source: string, at: Date): AnswerEvaluation {
  const program = Object.values(PROGRAMS[q.title ?? ''] ?? {}).find((p) => p.source === source);
  if (!program) throw new Error(`No demo program for “${q.title}”.`);
  const results: TestCaseResult[] = runnerCases(q.coding!.testCases).map((c, index) => {
    const stdout = `${program.output(c.input)}\n`;
    const passed = sameOutput(stdout, c.expectedOutput);
    return { index, status: passed ? 'passed' : 'failed', stdout, stderr: '', timeMs: 38 + ((index * 7) % 20), passed, points: passed ? c.points : 0, maxPoints: c.points, hidden: c.hidden };
  });
  return {
    status: 'done',
    evaluatedAt: at.toISOString(),
    result: {
      language: { id: 63, name: PROGRAMMING_LANGUAGES[63] },
      backend: 'local',
      results,
      passedCount: results.filter((r) => r.passed).length,
      totalPoints: results.reduce((sum, r) => sum + r.maxPoints, 0),
      earnedPoints: results.reduce((sum, r) => sum + r.points, 0),
    },
  };
}

function partRow(part: AttemptPart, startedAt: number | null, finishedAt: number | null) {
  return {
    partId: part.id,
    kind: part.kind,
    testId: part.testId,
    questionIds: [...part.questionIds],
    durationSeconds: part.durationSeconds,
    startedAt: startedAt === null ? null : new Date(startedAt),
    deadline: startedAt === null || part.durationSeconds === null ? null : new Date(startedAt + part.durationSeconds * 1000),
    finishedAt: finishedAt === null ? null : new Date(finishedAt),
  };
}

interface AnswerRow {
  invitationId?: string;
  questionId: string;
  partId: string;
  answer: StoredAnswer;
  savedAt: Date;
  seq: number;
  /** A coding answer's run on all its cases, once its part closed. */
  evaluation?: AnswerEvaluation;
}

interface EventRow {
  type: ProctoringEventType;
  partId: string;
  questionId: string | null;
  occurredAt: Date;
  detail: Record<string, string | number | boolean> | null;
}

async function insertAnswers(db: DB, rows: AnswerRow[]) {
  if (!rows.length) return;
  const withKeys = rows.map((r) => ({ ...r, idempotencyKey: `demo-${randomToken(12)}` }));
  await db
    .insertInto('answers')
    .values(
      withKeys.map((r) => ({
        invitationId: r.invitationId!,
        questionId: r.questionId,
        partId: r.partId,
        answer: JSON.stringify(r.answer),
        evaluation: r.evaluation ? JSON.stringify(r.evaluation) : null,
        idempotencyKey: r.idempotencyKey,
        deviceId: 'demo-device',
        seq: r.seq,
        savedAt: r.savedAt,
        receivedAt: r.savedAt,
      })),
    )
    .execute();
  await db
    .insertInto('answerSaves')
    .values(withKeys.map((r) => ({ invitationId: r.invitationId!, idempotencyKey: r.idempotencyKey, questionId: r.questionId, receivedAt: r.savedAt })))
    .execute();
}

/**
 * A believable answer from a candidate of this ability: right with that chance where there is a key;
 * on scales and scenarios, the response nearest to the ability on the question's own scale, give or
 * take a quarter of it (so 0.9 answers at or next to the top, 0.2 near the bottom).
 */
function answerFor(q: StoredQuestion, ability: number, random: () => number): StoredAnswer {
  const right = () => random() < ability;
  const indexes = q.answers.map((_, i) => i);
  const pick = (list: number[]) => list[Math.floor(random() * list.length)];
  switch (q.questionType) {
    case 'CODING': {
      const program = PROGRAMS[q.title ?? ''];
      return { languageId: 63, source: right() ? program.right.source : program.wrong.source };
    }
    case 'SORTING_ORDER': {
      // Each item lands near its keyed place, the less able the farther off (at 0, nearly at random).
      const placed = keyedOrder(q).map((index, rank) => ({ index, at: rank + (random() - 0.5) * 6 * (1 - ability) }));
      return { answerIndexes: placed.sort((x, y) => x.at - y.at).map((p) => p.index) };
    }
    case 'MULTIPLE_CHOICE': {
      const keyed = indexes.filter((i) => q.answers[i].isCorrect);
      const chosen = indexes.filter((i) => (q.answers[i].isCorrect ? random() < 0.3 + 0.7 * ability : random() < 0.6 * (1 - ability)));
      return { answerIndexes: chosen.length ? chosen : [pick(keyed)] };
    }
    case 'CORRECT_INCORRECT': {
      const keyed = indexes.find((i) => q.answers[i].isCorrect)!;
      return { answerIndexes: [right() ? keyed : pick(indexes.filter((i) => i !== keyed))] };
    }
    default: {
      if (q.isQualifying) return { answerIndexes: [indexes.find((i) => !q.answers[i].disqualifies)!] };
      const values = q.answers.map((x) => x.value ?? 0);
      const low = Math.min(...values);
      const high = Math.max(...values);
      const target = low + (high - low) * Math.min(1, Math.max(0, ability + (random() - 0.5) * 0.5));
      const nearest = Math.min(...values.map((v) => Math.abs(v - target)));
      return { answerIndexes: [pick(indexes.filter((i) => Math.abs(values[i] - target) === nearest))] };
    }
  }
}

/** The candidate's own words for the assessment's short-text question. */
function writtenAnswer(c: DemoCandidate): StoredAnswer {
  if (!c.written) throw new Error(`The demo candidate ${c.name} has no answer for the short-text question.`);
  return { text: c.written };
}

const disqualifyingAnswer = (q: StoredQuestion): StoredAnswer => ({ answerIndexes: [q.answers.findIndex((a) => a.disqualifies)] });

/**
 * The demo candidate's link for the start-up banner. Only a hash of a link is stored, so each start
 * gives the demo invitation a new token (the previous link stops working); once that candidate has
 * finished, a new demo candidate is invited so the banner always offers a link to take at once.
 */
export async function demoCandidateLink(db: DB, publicUrl: string): Promise<string | null> {
  const rows = await db
    .selectFrom('invitations')
    .innerJoin('candidates', 'candidates.id', 'invitations.candidateId')
    .select(['invitations.id', 'invitations.status', 'invitations.assessmentId', 'invitations.clientId', 'invitations.invitedBy', 'candidates.email'])
    .where('candidates.email', 'like', 'demo.candidate%@example.com')
    .orderBy('invitations.createdAt', 'desc')
    .execute();
  const latest = rows[0];
  if (!latest) return null;
  if (latest.status === 'PENDING' || latest.status === 'IN_PROGRESS') return takeLink(publicUrl, await reissueToken(db, latest.id));
  const token = await inviteDemoCandidate(db, { assessmentId: latest.assessmentId, clientId: latest.clientId, invitedBy: latest.invitedBy }, rows.length + 1);
  return takeLink(publicUrl, token);
}

async function inviteDemoCandidate(db: DB, at: { assessmentId: string; clientId: string | null; invitedBy: string | null }, number = 1): Promise<string> {
  const email = number === 1 ? DEMO_CANDIDATE.email : DEMO_CANDIDATE.email.replace('@', `+${number}@`);
  const candidate = await db
    .insertInto('candidates')
    .values({ clientId: at.clientId, name: number === 1 ? DEMO_CANDIDATE.name : `${DEMO_CANDIDATE.name} ${number}`, email, createdBy: at.invitedBy, updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await issueInvitation(db, { assessmentId: at.assessmentId, candidateId: candidate.id, clientId: at.clientId, entryType: 'INVITE', invitedBy: at.invitedBy });
  return token;
}
