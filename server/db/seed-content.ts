/**
 * Demo content: test types of each category with sub-skills, questions in every status (English
 * and Hindi), a coding question, and a test built from published questions.
 */
import type { Kysely } from 'kysely';
import type { QuestionCategory, QuestionStatus, QuestionType, TestTypeKind } from '../../src/domain/content';
import { toColumns } from '../modules/questions/queries';
import type { Database } from './types';

interface DemoSkill {
  category: QuestionCategory;
  kind: TestTypeKind;
  label: string;
  subSkills: string[];
}

const SKILLS: DemoSkill[] = [
  { category: 'COMPETENCY', kind: 'COMPETENCY', label: 'Teamwork', subSkills: ['Collaboration', 'Conflict resolution', 'Reliability'] },
  { category: 'COMPETENCY', kind: 'COMPETENCY', label: 'Customer focus', subSkills: ['Empathy', 'Service recovery'] },
  { category: 'PERSONALITY', kind: 'STRESS', label: 'Stress tolerance', subSkills: ['Composure', 'Recovery'] },
  { category: 'PERSONALITY', kind: 'ENNEAGRAM', label: 'Enneagram', subSkills: ['Type 1', 'Type 2', 'Type 3'] },
  { category: 'APTITUDE', kind: 'APTITUDE', label: 'Numerical reasoning', subSkills: ['Arithmetic', 'Data interpretation'] },
  { category: 'APTITUDE', kind: 'APTITUDE', label: 'Programming', subSkills: ['Algorithms'] },
];

const text = (en: string, hi: string) => [
  { language: 'en', text: en },
  { language: 'hi', text: hi },
];
const detail = (en: string, hi: string) => ({ langWiseDetail: [{ language: 'en', detail: `<p>${en}</p>` }, { language: 'hi', detail: `<p>${hi}</p>` }] });
const likertAnswers = [
  { langWiseAnswer: text('Always', 'हमेशा'), value: 5 },
  { langWiseAnswer: text('Often', 'अक्सर'), value: 4 },
  { langWiseAnswer: text('Sometimes', 'कभी-कभी'), value: 3 },
  { langWiseAnswer: text('Rarely', 'शायद ही कभी'), value: 2 },
  { langWiseAnswer: text('Never', 'कभी नहीं'), value: 1 },
];

export async function seedDemoContent(db: Kysely<Database>, people: { authorId: string; adminId: string }) {
  const skills: Record<string, { id: string; subSkills: string[] }> = {};
  for (const [position, skill] of SKILLS.entries()) {
    const type = await db.insertInto('testTypes').values({ category: skill.category, kind: skill.kind, label: skill.label, description: null, position }).returning('id').executeTakeFirstOrThrow();
    const subSkills: string[] = [];
    for (const [index, label] of skill.subSkills.entries()) {
      subSkills.push((await db.insertInto('questionTypes').values({ testTypeId: type.id, label, position: index }).returning('id').executeTakeFirstOrThrow()).id);
    }
    skills[skill.label] = { id: type.id, subSkills };
  }

  const questions: { skill: string; type: QuestionType; status: QuestionStatus; title: string; en: string; hi: string; answers?: unknown[]; coding?: unknown; reason?: string; isQualifying?: boolean }[] = [
    { skill: 'Teamwork', type: 'LIKERT', status: 'PUBLISHED', title: 'Shares credit', en: 'I give credit to colleagues for shared successes.', hi: 'मैं साझा सफलताओं का श्रेय सहकर्मियों को देता हूँ।' },
    { skill: 'Teamwork', type: 'LIKERT', status: 'PUBLISHED', title: 'Asks for help', en: 'I ask teammates for help when a task is beyond me.', hi: 'जब कोई काम मेरे बस से बाहर हो, तो मैं साथियों से मदद माँगता हूँ।' },
    { skill: 'Teamwork', type: 'LIKERT', status: 'PUBLISHED', title: 'Keeps promises', en: 'I deliver what I promised to my team on time.', hi: 'मैं टीम से किया वादा समय पर पूरा करता हूँ।' },
    { skill: 'Teamwork', type: 'LIKERT', status: 'APPROVED', title: 'Handles disagreement', en: 'When I disagree, I say so openly and calmly.', hi: 'असहमत होने पर मैं खुलकर और शांति से कहता हूँ।' },
    { skill: 'Customer focus', type: 'LIKERT', status: 'CREATED', title: 'Listens first', en: 'I let customers finish before I answer.', hi: 'मैं जवाब देने से पहले ग्राहक की पूरी बात सुनता हूँ।' },
    { skill: 'Customer focus', type: 'LIKERT', status: 'REJECTED', title: 'Fixes complaints', en: 'I fix complaints.', hi: 'मैं शिकायतें ठीक करता हूँ।', reason: 'Too vague: describe a situation.' },
    { skill: 'Stress tolerance', type: 'RATING_SCALE', status: 'DRAFTED', title: 'Calm under deadlines', en: 'How calm do you stay when deadlines move closer?', hi: 'समय-सीमा पास आने पर आप कितने शांत रहते हैं?' },
    {
      skill: 'Numerical reasoning',
      type: 'CORRECT_INCORRECT',
      status: 'PUBLISHED',
      title: 'Percentage increase',
      en: 'A price rises from 200 to 250. By what percentage did it rise?',
      hi: 'कीमत 200 से बढ़कर 250 हो गई। यह कितने प्रतिशत बढ़ी?',
      answers: [
        { langWiseAnswer: text('20%', '20%') },
        { langWiseAnswer: text('25%', '25%'), isCorrect: true },
        { langWiseAnswer: text('50%', '50%') },
      ],
    },
    {
      skill: 'Customer focus',
      type: 'SINGLE_CHOICE',
      status: 'PUBLISHED',
      title: 'Weekend shifts',
      en: 'The role includes one weekend shift a month. Can you work it?',
      hi: 'इस भूमिका में महीने में एक सप्ताहांत शिफ़्ट है। क्या आप यह कर सकते हैं?',
      isQualifying: true,
      answers: [
        { langWiseAnswer: text('Yes', 'हाँ'), value: 1 },
        { langWiseAnswer: text('No', 'नहीं'), value: 1, disqualifies: true },
      ],
    },
    {
      skill: 'Programming',
      type: 'CODING',
      status: 'PUBLISHED',
      title: 'Sum of two numbers',
      en: 'Read two integers from one line and print their sum.',
      hi: 'एक पंक्ति से दो पूर्णांक पढ़ें और उनका योग छापें।',
      answers: [],
      coding: {
        languages: [63, 70, 74, 62, 68],
        starterCode: { 63: "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nconsole.log(a + b);\n" },
        testCases: [
          { input: '1 2', expectedOutput: '3', points: 1, hidden: false },
          { input: '-5 12', expectedOutput: '7', points: 1, hidden: false },
          { input: '1000000 2000000', expectedOutput: '3000000', points: 2, hidden: true },
        ],
        timeLimitMs: 2000,
        memoryLimitMb: 128,
      },
    },
  ];

  const published: Record<string, string[]> = {};
  for (const q of questions) {
    const skill = skills[q.skill];
    const columns = toColumns({
      category: SKILLS.find((s) => s.label === q.skill)!.category,
      questionType: q.type,
      title: q.title,
      detail: detail(q.en, q.hi),
      primarySkill: skill.id,
      secondarySkills: skill.subSkills.slice(0, 1),
      complexity: 'L2',
      answers: (q.answers ?? likertAnswers) as never,
      coding: q.coding as never,
      isQualifying: q.isQualifying ?? false,
    });
    const row = await db
      .insertInto('questions')
      .values({
        ...columns,
        status: q.status,
        rejectionReason: q.reason ?? null,
        authorId: people.authorId,
        publishedAt: q.status === 'PUBLISHED' ? new Date() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('questionHistory').values({ questionId: row.id, userId: people.authorId, action: 'created', toStatus: q.status, reason: q.reason ?? null }).execute();
    if (q.status === 'PUBLISHED') (published[q.skill] ??= []).push(row.id);
  }

  const test = await db
    .insertInto('tests')
    .values({ name: 'Teamwork essentials', description: 'Three statements on working with others.', category: 'COMPETENCY', testTypeId: skills.Teamwork.id, durationSeconds: 600, tags: ['demo', 'teamwork'], shuffle: true, authorId: people.adminId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('testQuestions').values(published.Teamwork.map((questionId, position) => ({ testId: test.id, questionId, position }))).execute();
}
