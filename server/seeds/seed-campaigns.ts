/**
 * Demo campaigns: Acme's support hiring drive, running for three weeks, with the support
 * assessment's candidates in every state and a few who have not started and were reminded (rows in
 * campaign_reminders, their mails in the outbox, already delivered); Globex's graduate intake of
 * 2025, ended, with its scored attempts; Acme's next campus round, scheduled, whose mail the job
 * sends when it starts; and a Globex walk-in that was cancelled (its links withdrawn).
 */
import type { Insertable, Kysely } from 'kysely';
import { DEFAULT_MAIL } from '../../src/domain/campaigns';
import { issueInvitation, newInvitationToken, reissueToken } from '../lib/invitations';
import { withdrawUnopened } from '../modules/campaigns/queries';
import { mailCampaign } from '../modules/campaigns/sending';
import type { CampaignsTable, Database } from '../db/types';

type DB = Kysely<Database>;
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Links in the demo mails: the same default as config.ts (PUBLIC_URL, else this machine's port). */
const demoPublicUrl = () => (process.env.PUBLIC_URL ?? '').replace(/\/+$/, '') || `http://localhost:${process.env.PORT ?? 8080}`;

const SUPPORT_BODY = [
  'Dear {{name}},',
  '',
  'Thank you for applying to join the {{company}} customer support team in Pune and Bengaluru.',
  'The next step is a short online assessment: “{{assessment}}”. It takes about 35 minutes, with a one-minute video introduction at the end.',
  '',
  'Your personal link: {{link}}',
  'Please complete it before {{validUntil}}.',
  '',
  'Warm regards,',
  'Talent Acquisition, {{company}}',
].join('\n');

/** Acme's applicants added to the drive who have not started yet: invited this many days ago, reminded this many times. */
const WAITING: [name: string, email: string, phone: string | null, invitedDaysAgo: number, reminders: number][] = [
  ['Gayatri Deshmukh', 'gayatri.deshmukh@example.com', '+91 98231 44870', 9, 2],
  ['Prakash Jha', 'prakash.jha@example.com', null, 7, 2],
  ['Ritu Bhardwaj', 'ritu.bhardwaj@example.com', '+91 99871 20345', 5, 1],
  ['Sameer Kulkarni', 'sameer.kulkarni@example.com', null, 4, 1],
  ['Nazia Sheikh', 'nazia.sheikh@example.com', '+91 97300 66121', 2, 0],
];

const CAMPUS_ROUND_TWO: [string, string][] = [
  ['Aarav Khanna', 'aarav.khanna@example.com'],
  ['Bhumika Solanki', 'bhumika.solanki@example.com'],
  ['Devansh Tripathi', 'devansh.tripathi@example.com'],
  ['Ishaan Chawla', 'ishaan.chawla@example.com'],
  ['Mitali Sen', 'mitali.sen@example.com'],
  ['Parth Vora', 'parth.vora@example.com'],
];

const assessmentId = async (db: DB, name: string) => (await db.selectFrom('assessments').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

export async function seedDemoCampaigns(
  db: DB,
  ids: { clients: Record<'acme' | 'globex', string>; inviters: Record<'acme' | 'globex', string> },
  now = Date.now(),
): Promise<void> {
  const publicUrl = demoPublicUrl();
  const support = await assessmentId(db, 'Customer Support Associate: Hiring 2026');
  const supportNames = await db.selectFrom('assessments').select(['name', 'translations']).where('id', '=', support).executeTakeFirstOrThrow();
  const backend = await assessmentId(db, 'Backend Engineer Screening');
  const trainee = await assessmentId(db, 'Graduate Trainee 2025');

  const campaign = async (values: Insertable<CampaignsTable>) => db.insertInto('campaigns').values(values).returningAll().executeTakeFirstOrThrow();

  // Acme's running drive: the support assessment's candidates (all but the banner's demo candidate, and the one whose link lapsed before the drive).
  const drive = await campaign({
    clientId: ids.clients.acme,
    assessmentId: support,
    name: 'Support hiring drive 2026: Pune & Bengaluru',
    description: 'Walk-in and referral applicants for the customer support centres; shortlist by the end of the month.',
    startsAt: new Date(now - 66 * DAY),
    endsAt: new Date(now + 20 * DAY),
    mailSubject: '{{company}}: your assessment for Customer Support Associate',
    mailBody: SUPPORT_BODY,
    reminderEveryDays: 3,
    maxReminders: 2,
    createdBy: ids.inviters.acme,
    createdAt: new Date(now - 67 * DAY),
    updatedAt: new Date(now - 67 * DAY),
  });
  await db
    .updateTable('invitations')
    .set({ campaignId: drive.id })
    .where('assessmentId', '=', support)
    .where('status', '<>', 'EXPIRED')
    .where('candidateId', 'not in', (eb) => eb.selectFrom('candidates').select('id').where('email', 'like', 'demo.candidate%'))
    .execute();
  // Those still pending were sent until the drive's end.
  await db.updateTable('invitations').set({ expiresAt: drive.endsAt }).where('campaignId', '=', drive.id).where('status', '=', 'PENDING').execute();

  for (const [name, email, phone, invitedDaysAgo, reminders] of WAITING) {
    const invitedAt = new Date(now - invitedDaysAgo * DAY - 2 * HOUR);
    const candidate = await db
      .insertInto('candidates')
      .values({ clientId: ids.clients.acme, name, email, phone, createdBy: ids.inviters.acme, createdAt: invitedAt, updatedAt: invitedAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id } = await issueInvitation(db, { assessmentId: support, candidateId: candidate.id, clientId: ids.clients.acme, entryType: 'INVITE', invitedBy: ids.inviters.acme, expiresAt: drive.endsAt, campaignId: drive.id });
    await db.updateTable('invitations').set({ invitedAt, mailedAt: invitedAt, createdAt: invitedAt }).where('id', '=', id).execute();
    const mail = { to: email, candidateName: name, assessment: supportNames, company: 'Acme Industries', endsAt: drive.endsAt, mailSubject: drive.mailSubject, mailBody: drive.mailBody };
    // Each mail carried its own link (a reminder gives a new one); the last one's works now.
    const sends = [invitedAt, ...Array.from({ length: reminders }, (_, i) => new Date(invitedAt.getTime() + (i + 1) * 3 * DAY + HOUR))];
    for (const [number, at] of sends.entries()) {
      const last = number === sends.length - 1;
      const token = last ? await reissueToken(db, id) : newInvitationToken().token;
      const outboxId = await mailCampaign(db, publicUrl, { ...mail, ...(number ? { reminder: number } : {}) }, token);
      await db.updateTable('outbox').set({ status: 'logged', createdAt: at, sentAt: at }).where('id', '=', outboxId).execute();
      if (number) await db.insertInto('campaignReminders').values({ invitationId: id, number, sentAt: at }).execute();
    }
  }

  // Globex's graduate intake of 2025: ended, every attempt scored.
  const intake = await campaign({
    clientId: ids.clients.globex,
    assessmentId: trainee,
    name: 'Graduate Trainee intake 2025',
    description: 'Campus placements at the partner engineering colleges.',
    startsAt: new Date(now - 102 * DAY),
    endsAt: new Date(now - 52 * DAY),
    mailSubject: DEFAULT_MAIL.en.subject,
    mailBody: DEFAULT_MAIL.en.body,
    reminderEveryDays: 5,
    maxReminders: 1,
    createdBy: ids.inviters.globex,
    createdAt: new Date(now - 103 * DAY),
    updatedAt: new Date(now - 103 * DAY),
  });
  await db.updateTable('invitations').set({ campaignId: intake.id }).where('assessmentId', '=', trainee).execute();

  // Acme's next campus round: scheduled; the job mails these candidates when it starts.
  const round = await campaign({
    clientId: ids.clients.acme,
    assessmentId: support,
    name: 'Campus hiring 2026: round 2',
    description: 'Final-year students from the Pune and Nashik colleges who registered at the placement cell.',
    startsAt: new Date(now + 5 * DAY),
    endsAt: new Date(now + 26 * DAY),
    mailSubject: DEFAULT_MAIL.en.subject,
    mailBody: DEFAULT_MAIL.en.body,
    reminderEveryDays: 4,
    maxReminders: 2,
    createdBy: ids.inviters.acme,
    createdAt: new Date(now - DAY),
    updatedAt: new Date(now - DAY),
  });
  for (const [name, email] of CAMPUS_ROUND_TWO) {
    const candidate = await db.insertInto('candidates').values({ clientId: ids.clients.acme, name, email, createdBy: ids.inviters.acme, createdAt: new Date(now - DAY), updatedAt: new Date(now - DAY) }).returning('id').executeTakeFirstOrThrow();
    await issueInvitation(db, { assessmentId: support, candidateId: candidate.id, clientId: ids.clients.acme, entryType: 'INVITE', invitedBy: ids.inviters.acme, expiresAt: round.endsAt, campaignId: round.id });
  }

  // Globex's walk-in, cancelled before anyone opened a link: withdrawn, so their credits went back.
  const walkIn = await campaign({
    clientId: ids.clients.globex,
    assessmentId: backend,
    name: 'Backend walk-in, Hyderabad',
    description: 'Cancelled: the walk-in moved to next quarter.',
    startsAt: new Date(now - 10 * DAY),
    endsAt: new Date(now + 10 * DAY),
    mailSubject: DEFAULT_MAIL.en.subject,
    mailBody: DEFAULT_MAIL.en.body,
    reminderEveryDays: null,
    maxReminders: 0,
    createdBy: ids.inviters.globex,
    createdAt: new Date(now - 11 * DAY),
    updatedAt: new Date(now - 8 * DAY),
  });
  for (const [name, email] of [
    ['Venkat Raman', 'venkat.raman@example.com'],
    ['Snehal Pawar', 'snehal.pawar@example.com'],
  ]) {
    const at = new Date(now - 10 * DAY + HOUR);
    const candidate = await db.insertInto('candidates').values({ clientId: ids.clients.globex, name, email, createdBy: ids.inviters.globex, createdAt: at, updatedAt: at }).returning('id').executeTakeFirstOrThrow();
    const { id } = await issueInvitation(db, { assessmentId: backend, candidateId: candidate.id, clientId: ids.clients.globex, entryType: 'INVITE', invitedBy: ids.inviters.globex, expiresAt: walkIn.endsAt, campaignId: walkIn.id });
    await db.updateTable('invitations').set({ invitedAt: at, mailedAt: at, createdAt: at }).where('id', '=', id).execute();
  }
  const cancelledAt = new Date(now - 8 * DAY);
  await db.updateTable('campaigns').set({ cancelledAt }).where('id', '=', walkIn.id).execute();
  await withdrawUnopened(db, walkIn.id, cancelledAt);
}
