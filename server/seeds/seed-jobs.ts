/**
 * Demo jobs and hiring stages (issue 11): Acme keeps the default stages, Globex has its own
 * (technical and HR rounds); five open jobs and one closed, posted over the last months in Indian
 * cities; the demo candidates already invited to the jobs' assessments sit across the stages with
 * the moves that took them there, by the clients' users, over the last weeks. Careers pages: Acme
 * and Globex at /careers/acme and /careers/globex, screening questions (English and Hindi) on
 * three open jobs, and one application from Acme's careers page (without a résumé).
 */
import type { EmploymentType, NoticePeriod, WorkMode } from '../../src/domain/business';
import type { ScreeningAnswer, ScreeningQuestion } from '../../src/domain/careers';
import { stagesOf } from '../modules/jobs/queries';
import { seedScorecards } from './seed-scorecards';
import type { DB } from '../db/index';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface DemoJob {
  client: 'acme' | 'globex';
  title: string;
  descriptionHtml: string;
  employmentType: EmploymentType;
  workMode: WorkMode;
  notice: NoticePeriod;
  experienceMin: number;
  experienceMax: number | null;
  location: string;
  openings: number;
  /** The demo assessment (by name) candidates take. */
  assessment: string;
  postedDaysAgo: number;
  closedDaysAgo?: number;
  /** Which of the assessment's invited candidates are on the job (by name), and the stage each sits in. */
  candidates: [name: string, stage: string][];
  /** Asked of applicants on the careers page. */
  screeningQuestions?: ScreeningQuestion[];
}

const question = (id: string, kind: ScreeningQuestion['kind'], en: string, hi: string, required = true): ScreeningQuestion => ({
  id,
  kind,
  required,
  text: [
    { language: 'en', text: en },
    { language: 'hi', text: hi },
  ],
});

const SUPPORT = 'Customer Support Associate: Hiring 2026';
const BACKEND = 'Backend Engineer Screening';
const TRAINEE = 'Graduate Trainee 2025';

const GLOBEX_STAGES = ['Applied', 'Assessment', 'Technical Round', 'HR Round', 'Offer', 'Hired', 'Rejected'];

const JOBS: DemoJob[] = [
  {
    client: 'acme',
    title: 'Customer Support Associate (Hindi & English)',
    descriptionHtml:
      '<p>Join our customer care team in Mumbai and help dealers and retail customers across Maharashtra and Gujarat with orders, deliveries and warranty claims.</p><ul><li>Answer calls, chats and emails in Hindi and English</li><li>Log and follow up tickets until they are closed</li><li>Escalate service issues to the field team</li></ul><p><strong>Shift:</strong> day shift, six days a week with a rotational off.</p>',
    employmentType: 'FULL_TIME',
    workMode: 'ON_SITE',
    notice: 'IMMEDIATE',
    experienceMin: 0,
    experienceMax: 2,
    location: 'Mumbai',
    openings: 6,
    assessment: SUPPORT,
    postedDaysAgo: 75,
    screeningQuestions: [
      question('shifts', 'YES_NO', 'Can you work day shifts six days a week with a rotational off?', 'क्या आप सप्ताह में छह दिन दिन की पाली में, घूमती छुट्टी के साथ, काम कर सकते हैं?'),
      question('languages', 'SHORT_TEXT', 'Which languages can you speak with customers?', 'आप ग्राहकों से किन भाषाओं में बात कर सकते हैं?'),
    ],
    candidates: [
      ['Priya Sharma', 'Offer'],
      ['Mohammed Faiz', 'Interview'],
      ['Lakshmi Menon', 'Shortlisted'],
      ['Rohan Verma', 'Shortlisted'],
      ['Ananya Iyer', 'Assessment'],
      ['Kavya Reddy', 'Assessment'],
      ['Arjun Nair', 'Assessment'],
      ['Sneha Patil', 'Applied'],
      ['Vikram Singh', 'Applied'],
      ['Suresh Yadav', 'Rejected'],
      ['Farah Khan', 'Rejected'],
      ['Deepak Kumar', 'Rejected'],
    ],
  },
  {
    client: 'acme',
    title: 'Team Lead, Customer Experience',
    descriptionHtml:
      '<p>Lead a team of 12 support associates in our Bengaluru service centre. You will own the team’s quality scores, coach new joiners and report weekly to the Head of Customer Experience.</p><ul><li>4+ years in customer support, 1+ year leading a team</li><li>Comfortable with Freshdesk or Zendesk reports</li></ul>',
    employmentType: 'FULL_TIME',
    workMode: 'HYBRID',
    notice: 'MONTH_1',
    experienceMin: 4,
    experienceMax: 7,
    location: 'Bengaluru',
    openings: 1,
    assessment: SUPPORT,
    postedDaysAgo: 40,
    candidates: [
      ['Priya Sharma', 'Interview'],
      ['Lakshmi Menon', 'Shortlisted'],
      ['Mohammed Faiz', 'Assessment'],
    ],
  },
  {
    client: 'acme',
    title: 'Field Service Engineer',
    descriptionHtml:
      '<p>Install and service our industrial pumps at customer sites around Pune, Nashik and Aurangabad. Two-wheeler and a valid licence needed; travel allowance paid.</p><ul><li>Diploma or ITI in Mechanical or Electrical</li><li>Basic English for service reports</li></ul>',
    employmentType: 'CONTRACT',
    workMode: 'ON_SITE',
    notice: 'DAYS_15',
    experienceMin: 1,
    experienceMax: 4,
    location: 'Acme Pune plant',
    openings: 3,
    assessment: SUPPORT,
    postedDaysAgo: 6,
    candidates: [],
    screeningQuestions: [
      question('licence', 'YES_NO', 'Do you have a two-wheeler and a valid driving licence?', 'क्या आपके पास दोपहिया वाहन और वैध ड्राइविंग लाइसेंस है?'),
      question('diploma', 'SHORT_TEXT', 'Which diploma or ITI trade do you hold?', 'आपके पास कौन-सा डिप्लोमा या ITI ट्रेड है?'),
      question('relocate', 'YES_NO', 'Can you travel to sites around Pune, Nashik and Aurangabad?', 'क्या आप पुणे, नासिक और औरंगाबाद के आसपास की साइटों पर जा सकते हैं?', false),
    ],
  },
  {
    client: 'globex',
    title: 'Backend Engineer (Java, Spring Boot)',
    descriptionHtml:
      '<p>Build the payment and settlement services behind Globex’s merchant platform, used by 40,000 shops across India.</p><ul><li>Java 17, Spring Boot, PostgreSQL, Kafka</li><li>Design APIs, write tests, review code</li><li>On-call one week in six</li></ul><p>Hybrid: three days a week in our Bengaluru office (Outer Ring Road).</p>',
    employmentType: 'FULL_TIME',
    workMode: 'HYBRID',
    notice: 'MONTHS_2',
    experienceMin: 3,
    experienceMax: 6,
    location: 'Bengaluru',
    openings: 4,
    assessment: BACKEND,
    postedDaysAgo: 55,
    screeningQuestions: [
      question('java', 'YES_NO', 'Have you built production services in Java with Spring Boot?', 'क्या आपने Java और Spring Boot से प्रोडक्शन सेवाएँ बनाई हैं?'),
      question('notice', 'SHORT_TEXT', 'When could you join?', 'आप कब से जुड़ सकते हैं?', false),
    ],
    candidates: [
      ['Rahul Gupta', 'HR Round'],
      ['Meena Pillai', 'Technical Round'],
      ['Pooja Saxena', 'Assessment'],
      ['Sanjay Das', 'Applied'],
      ['Harish Kumar', 'Rejected'],
    ],
  },
  {
    client: 'globex',
    title: 'Senior Data Engineer',
    descriptionHtml:
      '<p>Own the pipelines that turn transaction events into the reports our merchants and risk team rely on.</p><ul><li>Spark or Flink, Airflow, a columnar warehouse</li><li>Strong SQL; Python or Scala</li><li>5+ years, of which 2 with streaming data</li></ul>',
    employmentType: 'FULL_TIME',
    workMode: 'REMOTE',
    notice: 'MONTH_1',
    experienceMin: 5,
    experienceMax: null,
    location: 'New Delhi',
    openings: 2,
    assessment: BACKEND,
    postedDaysAgo: 28,
    candidates: [
      ['Rahul Gupta', 'Technical Round'],
      ['Meena Pillai', 'Applied'],
    ],
  },
  {
    client: 'globex',
    title: 'Graduate Trainee 2025',
    descriptionHtml:
      '<p>A twelve-month programme for 2025 graduates in engineering, commerce and economics: rotations through operations, analytics and product, with a mentor throughout.</p>',
    employmentType: 'FULL_TIME',
    workMode: 'ON_SITE',
    notice: 'IMMEDIATE',
    experienceMin: 0,
    experienceMax: 1,
    location: 'Kolkata',
    openings: 10,
    assessment: TRAINEE,
    postedDaysAgo: 120,
    closedDaysAgo: 4,
    candidates: [
      ['Amit Tiwari', 'Hired'],
      ['Neha Kapoor', 'Rejected'],
      ['Ravi Shankar', 'Rejected'],
    ],
  },
];

/** The stages a card passed through to reach its stage: each one before it, or for Rejected, as far as the assessment. */
function pathTo(stages: string[], target: string): string[] {
  const rejected = target === 'Rejected';
  const end = rejected ? Math.min(1, stages.length - 1) : stages.indexOf(target);
  return [...stages.slice(0, end + 1), ...(rejected ? ['Rejected'] : [])];
}

export async function seedDemoJobs(trx: DB, { clients, users }: { clients: Record<'acme' | 'globex', string>; users: Record<'acme' | 'globex', string[]> }) {
  const now = Date.now();
  await trx
    .insertInto('hiringStages')
    .values(GLOBEX_STAGES.map((name, position) => ({ clientId: clients.globex, name, position, updatedAt: new Date(now - 130 * DAY) })))
    .execute();
  const stages = { acme: await stagesOf(trx, clients.acme), globex: await stagesOf(trx, clients.globex) };
  const locations = new Map((await trx.selectFrom('locations').select(['id', 'name']).execute()).map((l) => [l.name, l.id]));
  const assessments = new Map((await trx.selectFrom('assessments').select(['id', 'name']).execute()).map((a) => [a.name, a.id]));
  const jobIds = new Map<string, string>();

  for (const job of JOBS) {
    const assessmentId = assessments.get(job.assessment) ?? null;
    const postedAt = new Date(now - job.postedDaysAgo * DAY);
    const closedAt = job.closedDaysAgo === undefined ? null : new Date(now - job.closedDaysAgo * DAY);
    const poster = users[job.client][0]!;
    const { id: jobId } = await trx
      .insertInto('jobs')
      .values({
        clientId: clients[job.client],
        title: job.title,
        descriptionHtml: job.descriptionHtml,
        employmentType: job.employmentType,
        workMode: job.workMode,
        notice: job.notice,
        experienceMin: job.experienceMin,
        experienceMax: job.experienceMax,
        locationId: locations.get(job.location) ?? null,
        openings: job.openings,
        assessmentId,
        status: closedAt ? 'CLOSED' : 'OPEN',
        screeningQuestions: JSON.stringify(job.screeningQuestions ?? []),
        postedBy: poster,
        postedAt,
        closedAt,
        updatedAt: closedAt ?? postedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    jobIds.set(job.title, jobId);
    if (!assessmentId || !job.candidates.length) continue;

    const invitations = await trx
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidateId')
      .select(['invitations.id', 'invitations.candidateId', 'invitations.invitedAt', 'candidates.name'])
      .where('invitations.assessmentId', '=', assessmentId)
      .execute();
    const byName = new Map(invitations.map((i) => [i.name, i]));
    const clientStages = stages[job.client];
    const names = clientStages.map((s) => s.name);
    const positions = new Map<string, number>();
    for (const [index, [name, stageName]] of job.candidates.entries()) {
      const invitation = byName.get(name);
      const path = pathTo(names, stageName);
      if (!invitation || !path.length) continue;
      const stageIds = path.map((n) => clientStages.find((s) => s.name === n)!.id);
      const finalStage = stageIds[stageIds.length - 1]!;
      // Added a few hours after the invitation (or the posting), moved in steps until some hours before the job closed or now.
      const addedAt = Math.max(new Date(invitation.invitedAt).getTime(), postedAt.getTime()) + 2 * HOUR;
      const until = (closedAt?.getTime() ?? now) - 3 * HOUR;
      const stepAt = (step: number) => new Date(addedAt + ((until - addedAt) * step) / path.length);
      const position = positions.get(finalStage) ?? 0;
      positions.set(finalStage, position + 1);
      const { id: cardId } = await trx
        .insertInto('jobCandidates')
        .values({ jobId, candidateId: invitation.candidateId, invitationId: invitation.id, stageId: finalStage, position, addedBy: poster, addedAt: new Date(addedAt), movedAt: stepAt(path.length - 1) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('stageMoves')
        .values(
          stageIds.map((toStageId, step) => ({
            jobCandidateId: cardId,
            fromStageId: step === 0 ? null : stageIds[step - 1]!,
            toStageId,
            // The client's users take turns, as a hiring team would.
            movedBy: users[job.client][(index + step) % users[job.client].length]!,
            movedAt: step === 0 ? new Date(addedAt) : stepAt(step),
          })),
        )
        .execute();
    }
  }

  await seedCareers(trx, { clients, jobIds, now, acmeStages: stages.acme });
  const supportJob = jobIds.get('Customer Support Associate (Hindi & English)');
  const interview = stages.acme.find((s) => s.name === 'Interview');
  if (supportJob && interview) await seedScorecards(trx, { jobId: supportJob, interviewStageId: interview.id, clientId: clients.acme, users: users.acme });
}

/**
 * The careers pages' demo: short addresses for Acme and Globex, and one application from Acme's
 * page to the field service job, by a candidate already invited to its assessment (the invitation
 * is the one the job reads, as an application's would be), with her answers and no résumé.
 */
async function seedCareers(trx: DB, { clients, jobIds, now, acmeStages }: { clients: Record<'acme' | 'globex', string>; jobIds: Map<string, string>; now: number; acmeStages: { id: string }[] }) {
  await trx.updateTable('clients').set({ slug: 'acme' }).where('id', '=', clients.acme).execute();
  await trx.updateTable('clients').set({ slug: 'globex' }).where('id', '=', clients.globex).execute();
  const jobId = jobIds.get('Field Service Engineer');
  const invitation = await trx
    .selectFrom('invitations')
    .innerJoin('candidates', 'candidates.id', 'invitations.candidateId')
    .innerJoin('assessments', 'assessments.id', 'invitations.assessmentId')
    .select(['invitations.id', 'invitations.candidateId'])
    .where('candidates.name', '=', 'Sneha Patil')
    .where('assessments.name', '=', SUPPORT)
    .executeTakeFirst();
  if (!jobId || !invitation) return;
  const job = JOBS.find((j) => j.title === 'Field Service Engineer')!;
  const asked = job.screeningQuestions ?? [];
  const answered: Record<string, string> = { licence: 'YES', diploma: 'ITI Electrician (2021), NCVT certificate', relocate: 'YES' };
  const answers: ScreeningAnswer[] = asked.map((q) => ({ questionId: q.id, text: q.text, kind: q.kind, answer: answered[q.id]! }));
  const appliedAt = new Date(now - 2 * DAY);
  const first = acmeStages[0]!.id;
  const { id: cardId } = await trx
    .insertInto('jobCandidates')
    .values({
      jobId,
      candidateId: invitation.candidateId,
      invitationId: invitation.id,
      stageId: first,
      position: 0,
      addedBy: null,
      addedAt: appliedAt,
      movedAt: appliedAt,
      source: 'CAREERS',
      screeningAnswers: JSON.stringify(answers),
      applicationLanguage: 'hi',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('stageMoves').values({ jobCandidateId: cardId, fromStageId: null, toStageId: first, movedBy: null, movedAt: appliedAt }).execute();
}
