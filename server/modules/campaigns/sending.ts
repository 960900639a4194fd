/**
 * A campaign's mail: the invitation when the campaign starts (at once when it has already started)
 * and the reminders to those who have not started. A small background job sends what is due; every
 * step claims its work with a conditional write in the transaction that queues the mail (mailed_at
 * set only where it was null; a reminder row inserted only where its (invitation, number) is new),
 * so two server processes running the job, or a rerun, never mail anything twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { fillTemplate, type MailPlaceholder } from '../../../src/domain/business';
import { dueReminder, mailLanguageOf } from '../../../src/domain/campaigns';
import { nameIn, type NameTranslation, type UiLanguage } from '../../../src/domain/language';
import { formatDateTime } from '../../../src/domain/format';
import type { Database } from '../../db/types';
import { reissueToken, takeLink } from '../../lib/invitations';
import { enqueueMail } from '../../lib/mail';

type Db = Kysely<Database>;

/** Who sends a provider's own campaign. */
export const PROVIDER_COMPANY = 'Skillgauge';

/** The end date as candidates in India read it, in the mail's language. */
export const mailDate = (at: Date, language: UiLanguage) => `${formatDateTime(at, language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Kolkata' })} IST`;

/** The words this server adds to a client's mail, in the mail's language. */
const CAMPAIGN_MAIL_WORDS: Record<UiLanguage, { reminder: (subject: string) => string; newLink: string }> = {
  en: { reminder: (subject) => `Reminder: ${subject}`, newLink: '(This reminder carries a new link; earlier links no longer work.)' },
  hi: { reminder: (subject) => `याद दिलाना: ${subject}`, newLink: '(इस याद दिलाने वाले मेल में नया लिंक है; पहले के लिंक अब काम नहीं करते।)' },
};

/** What a campaign mail is filled with. */
export interface CampaignMail {
  to: string;
  candidateName: string;
  /** The assessment, named in the mail's language where it has a name in it. */
  assessment: { name: string; translations: NameTranslation[] };
  company: string | null;
  endsAt: Date;
  mailSubject: string;
  mailBody: string;
  /** The reminder's number; none for the invitation itself. */
  reminder?: number;
}

/** The campaign's template filled in for one candidate, queued in the caller's transaction (plain text: nothing is read as HTML). */
export async function mailCampaign(db: Db, publicUrl: string, mail: CampaignMail, token: string): Promise<string> {
  const language = mailLanguageOf({ subject: mail.mailSubject, body: mail.mailBody });
  const words = CAMPAIGN_MAIL_WORDS[language];
  const values: Record<MailPlaceholder, string> = {
    name: mail.candidateName,
    assessment: nameIn(mail.assessment, language).name,
    link: takeLink(publicUrl, token),
    validUntil: mailDate(mail.endsAt, language),
    company: mail.company ?? PROVIDER_COMPANY,
  };
  // Subjects are one line: a name with a line break in it must not add a header.
  const subject = fillTemplate(mail.mailSubject, values).replace(/[\r\n]+/g, ' ').trim();
  const text = fillTemplate(mail.mailBody, values);
  return enqueueMail(db, {
    to: mail.to,
    subject: mail.reminder ? words.reminder(subject) : subject,
    text: mail.reminder ? `${text}\n\n${words.newLink}` : text,
  });
}

/** Invitations of campaigns that are running, with what their mail needs. */
const campaignInvitations = (db: Db, now: Date) =>
  db
    .selectFrom('invitations')
    .innerJoin('campaigns', 'campaigns.id', 'invitations.campaignId')
    .innerJoin('candidates', 'candidates.id', 'invitations.candidateId')
    .innerJoin('assessments', 'assessments.id', 'invitations.assessmentId')
    .leftJoin('clients', 'clients.id', 'campaigns.clientId')
    .select([
      'invitations.id',
      'invitations.mailedAt',
      'candidates.email as to',
      'candidates.name as candidateName',
      'assessments.name as assessmentName',
      'assessments.translations as assessmentTranslations',
      'clients.name as company',
      'campaigns.endsAt',
      'campaigns.mailSubject',
      'campaigns.mailBody',
      'campaigns.reminderEveryDays',
      'campaigns.maxReminders',
    ])
    .where('campaigns.cancelledAt', 'is', null)
    .where('campaigns.startsAt', '<=', now)
    .where('campaigns.endsAt', '>', now)
    // A link to an assessment that no longer takes candidates would only disappoint.
    .where('assessments.status', '=', 'ACTIVE')
    .where('invitations.status', '=', 'PENDING')
    .where('invitations.revokedAt', 'is', null);

/** A row of campaignInvitations as its mail needs it. */
const mailOf = (row: Omit<CampaignMail, 'assessment'> & { assessmentName: string; assessmentTranslations: NameTranslation[] }): CampaignMail => ({
  ...row,
  assessment: { name: row.assessmentName, translations: row.assessmentTranslations },
});

/** How many rows one round handles; the next round takes the rest. */
const BATCH = 500;

/** Mails the invitations of campaigns that have started and are not mailed yet. Answers how many were mailed. */
export async function sendStartedCampaigns(db: Db, publicUrl: string, now = new Date()): Promise<number> {
  const due = await campaignInvitations(db, now).where('invitations.mailedAt', 'is', null).orderBy('invitations.invitedAt').limit(BATCH).execute();
  let sent = 0;
  for (const row of due) {
    const mailed = await db.transaction().execute(async (trx) => {
      // The claim: only one process finds mailed_at still null (the other waits for this row, then finds it set).
      const claimed = await trx
        .updateTable('invitations')
        .set({ mailedAt: now, updatedAt: now })
        .where('id', '=', row.id)
        .where('mailedAt', 'is', null)
        .where('revokedAt', 'is', null)
        .where('status', '=', 'PENDING')
        .returning('id')
        .executeTakeFirst();
      if (!claimed) return false;
      await mailCampaign(trx, publicUrl, mailOf(row), await reissueToken(trx, row.id));
      return true;
    });
    if (mailed) sent++;
  }
  return sent;
}

/**
 * Sends the reminders that are due: to invitations of running campaigns that were mailed and have
 * not begun (not opened, or opened and not started), not withdrawn, not lapsed; one per number.
 */
export async function sendDueReminders(db: Db, publicUrl: string, now = new Date()): Promise<number> {
  const rows = await campaignInvitations(db, now)
    .where('invitations.mailedAt', 'is not', null)
    .where('invitations.startedAt', 'is', null)
    .where((eb) => eb.or([eb('invitations.expiresAt', 'is', null), eb('invitations.expiresAt', '>', now)]))
    .where('campaigns.reminderEveryDays', 'is not', null)
    .where('campaigns.maxReminders', '>', 0)
    // Only those due (dueReminder below decides, with the same rule): fewer than M sent, N days since the last mail.
    .where(sql<boolean>`(select count(*) from campaign_reminders r where r.invitation_id = invitations.id) < campaigns.max_reminders`)
    .where(
      sql<boolean>`coalesce((select max(r.sent_at) from campaign_reminders r where r.invitation_id = invitations.id), invitations.mailed_at) + make_interval(days => campaigns.reminder_every_days) <= ${now}`,
    )
    .select((eb) => [
      eb.selectFrom('campaignReminders').select(eb.fn.countAll<string>().as('n')).whereRef('campaignReminders.invitationId', '=', 'invitations.id').as('count'),
      eb.selectFrom('campaignReminders').select((s) => s.fn.max('campaignReminders.sentAt').as('at')).whereRef('campaignReminders.invitationId', '=', 'invitations.id').as('lastReminderAt'),
    ])
    .orderBy('invitations.mailedAt')
    .limit(BATCH)
    .execute();
  let sent = 0;
  for (const row of rows) {
    const number = dueReminder(
      { mailedAt: row.mailedAt!, lastReminderAt: row.lastReminderAt ? new Date(row.lastReminderAt) : null, count: Number(row.count ?? 0) },
      { everyDays: row.reminderEveryDays, max: row.maxReminders },
      now.getTime(),
    );
    if (!number) continue;
    const mailed = await db.transaction().execute(async (trx) => {
      // Still not begun (a candidate may have started since the list was read)?
      const open = await trx
        .selectFrom('invitations')
        .select('id')
        .where('id', '=', row.id)
        .where('status', '=', 'PENDING')
        .where('startedAt', 'is', null)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      if (!open) return false;
      // The primary key (invitation, number) makes this reminder's row once: insert first, mail only if it was new.
      const inserted = await trx
        .insertInto('campaignReminders')
        .values({ invitationId: row.id, number, sentAt: now })
        .onConflict((oc) => oc.columns(['invitationId', 'number']).doNothing())
        .returning('number')
        .executeTakeFirst();
      if (!inserted) return false;
      await mailCampaign(trx, publicUrl, { ...mailOf(row), reminder: number }, await reissueToken(trx, row.id));
      return true;
    });
    if (mailed) sent++;
  }
  return sent;
}

/** One round of the job: campaigns that have started, then reminders that are due. */
export async function runCampaignJob(db: Db, publicUrl: string, now = new Date()): Promise<{ invited: number; reminded: number }> {
  const invited = await sendStartedCampaigns(db, publicUrl, now);
  const reminded = await sendDueReminders(db, publicUrl, now);
  return { invited, reminded };
}

/** The timer that runs the job on each server; one round at a time. */
export class CampaignJob {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: { publicUrl: string; intervalMs: number; onMail?: () => void },
  ) {}

  /** A round now (unless one is under way). */
  kick(): Promise<void> {
    this.running ??= runCampaignJob(this.db, this.options.publicUrl)
      .then((done) => {
        if (done.invited || done.reminded) {
          this.log.info(done, 'campaign mail queued');
          this.options.onMail?.();
        }
      })
      .catch((err) => this.log.error({ err }, 'campaign job failed'))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  start() {
    this.timer = setInterval(() => void this.kick(), this.options.intervalMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}

