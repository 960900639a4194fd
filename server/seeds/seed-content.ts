/**
 * Demo content: test types of each category with sub-skills, the demo question bank
 * (seed-questions.ts: every status, English and Hindi, coding questions) and one test per skill
 * built from its published questions. Answers the tests by name and the qualifying questions.
 */
import type { Kysely } from 'kysely';
import type { QuestionCategory, TestTypeKind } from '../../src/domain/content';
import { toColumns } from '../modules/questions/queries';
import { DEMO_QUESTIONS } from './seed-questions';
import type { Database } from '../db/types';

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

/** The demo primary skills' names in Hindi (the report's "by test type" reads them). */
const SKILL_NAMES_HI: Record<string, string> = {
  Teamwork: 'टीम में काम',
  'Customer focus': 'ग्राहक पर ध्यान',
  'Stress tolerance': 'तनाव सहने की क्षमता',
  Enneagram: 'एनियाग्राम',
  'Numerical reasoning': 'संख्यात्मक तर्क',
  Programming: 'प्रोग्रामिंग',
};

/** The demo sub-skills' names in Hindi (reports and dashboards read them in the reader's language). */
const SUB_SKILL_NAMES_HI: Record<string, string> = {
  Collaboration: 'सहयोग',
  'Conflict resolution': 'विवाद सुलझाना',
  Reliability: 'भरोसेमंदी',
  Empathy: 'सहानुभूति',
  'Service recovery': 'सेवा में सुधार',
  Composure: 'संयम',
  Recovery: 'फिर से सँभलना',
  'Type 1': 'प्रकार 1',
  'Type 2': 'प्रकार 2',
  'Type 3': 'प्रकार 3',
  Arithmetic: 'अंकगणित',
  'Data interpretation': 'आँकड़ों की व्याख्या',
  Algorithms: 'एल्गोरिद्म',
};

export async function seedDemoContent(db: Kysely<Database>, people: { authorId: string; adminId: string }) {
  const skills: Record<string, { id: string; subSkills: string[] }> = {};
  for (const [position, skill] of SKILLS.entries()) {
    const translations = JSON.stringify([{ language: 'hi', name: SKILL_NAMES_HI[skill.label], description: null }]);
    const type = await db
      .insertInto('testTypes')
      .values({ category: skill.category, kind: skill.kind, label: skill.label, description: null, translations, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subSkills: string[] = [];
    for (const [index, label] of skill.subSkills.entries()) {
      const hindi = SUB_SKILL_NAMES_HI[label];
      const translations = JSON.stringify(hindi ? [{ language: 'hi', name: hindi, description: null }] : []);
      subSkills.push((await db.insertInto('questionTypes').values({ testTypeId: type.id, label, translations, position: index }).returning('id').executeTakeFirstOrThrow()).id);
    }
    skills[skill.label] = { id: type.id, subSkills };
  }

  const published: Record<string, string[]> = {};
  const qualifying: string[] = [];
  const byTitle = new Map<string, string>();
  for (const q of DEMO_QUESTIONS) {
    const skill = skills[q.skill];
    const columns = toColumns({
      category: SKILLS.find((s) => s.label === q.skill)!.category,
      questionType: q.type,
      title: q.title,
      detail: detail(q.en, q.hi),
      primarySkill: skill.id,
      secondarySkills: [skill.subSkills[q.subSkill ?? 0] ?? skill.subSkills[0]],
      complexity: q.complexity ?? 'L2',
      answers: (q.answers ?? likertAnswers) as never,
      coding: q.coding as never,
      isQualifying: q.isQualifying ?? false,
      isConsistencyQuestion: !!q.restates,
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
    byTitle.set(`${q.skill}/${q.title}`, row.id);
    if (q.status === 'PUBLISHED' && q.isQualifying) qualifying.push(row.id);
    else if (q.status === 'PUBLISHED') (published[q.skill] ??= []).push(row.id);
  }

  // Consistency pairs, once both questions exist.
  for (const q of DEMO_QUESTIONS.filter((d) => d.restates)) {
    const restated = byTitle.get(`${q.skill}/${q.restates}`);
    if (!restated) throw new Error(`Demo question “${q.title}” restates “${q.restates}”, which is not a ${q.skill} question`);
    await db.updateTable('questions').set({ consistencyOf: restated }).where('id', '=', byTitle.get(`${q.skill}/${q.title}`)!).execute();
  }

  const tests: Record<string, string> = {};
  for (const t of DEMO_TESTS) {
    const skill = SKILLS.find((k) => k.label === t.skill)!;
    const row = await db
      .insertInto('tests')
      .values({ name: t.name, description: t.description, translations: JSON.stringify([{ language: 'hi', ...t.hi }]), category: skill.category, testTypeId: skills[t.skill].id, durationSeconds: t.minutes * 60, tags: [...t.tags], shuffle: t.shuffle, authorId: people.adminId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const questionIds = published[t.skill] ?? [];
    await db.insertInto('testQuestions').values(questionIds.map((questionId, position) => ({ testId: row.id, questionId, position }))).execute();
    tests[t.name] = row.id;
  }
  return { tests, qualifying };
}

/** The demo test library: one test per skill with published questions, all of them (and the tests' names) in English and Hindi. */
export const DEMO_TESTS = [
  { name: 'Teamwork essentials', skill: 'Teamwork', description: 'How the candidate works with others: credit, help, promises, feedback.', hi: { name: 'टीमवर्क की बुनियादी बातें', description: 'उम्मीदवार दूसरों के साथ कैसे काम करता है: श्रेय, मदद, वादे और प्रतिक्रिया।' }, minutes: 10, tags: ['demo', 'teamwork'], shuffle: true },
  { name: 'Customer focus in practice', skill: 'Customer focus', description: 'Everyday situations with customers, and how the candidate handles them.', hi: { name: 'ग्राहक पर ध्यान: व्यवहार में', description: 'ग्राहकों के साथ रोज़ की स्थितियाँ, और उम्मीदवार उन्हें कैसे सँभालता है।' }, minutes: 10, tags: ['demo', 'customer service'], shuffle: true },
  { name: 'Stress and composure', skill: 'Stress tolerance', description: 'How the candidate stays composed and recovers under pressure.', hi: { name: 'तनाव और संयम', description: 'दबाव में उम्मीदवार कैसे शांत रहता है और फिर से सँभलता है।' }, minutes: 5, tags: ['demo', 'personality'], shuffle: false },
  { name: 'Numerical reasoning basics', skill: 'Numerical reasoning', description: 'Percentages, speed, averages and ratios: arithmetic at work.', hi: { name: 'संख्यात्मक तर्क की बुनियादी बातें', description: 'प्रतिशत, गति, औसत और अनुपात: काम में आने वाला अंकगणित।' }, minutes: 15, tags: ['demo', 'aptitude'], shuffle: true },
  { name: 'Programming fundamentals', skill: 'Programming', description: 'Two short programs and two questions on data structures.', hi: { name: 'प्रोग्रामिंग की बुनियादी बातें', description: 'दो छोटे प्रोग्राम और डेटा संरचनाओं पर दो प्रश्न।' }, minutes: 30, tags: ['demo', 'coding'], shuffle: false },
] as const;
