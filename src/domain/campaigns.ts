/**
 * Campaigns (issue 11, ARCHITECTURE.md 7c): one assessment sent to a list of candidates between two
 * dates, with a mail template and reminders to those who have not started. The forms' schemas, the
 * defaults, the sample values of the preview, the reminder rule and the messages; shared by the
 * browser and the server. The state, limits and placeholders are in business.ts.
 */
import { z } from 'zod';
import { timestamp } from './answers';
import { inviteRowResultSchema } from './invitationAnswers';
import { INVITATION_STATUSES } from './attempt';
import { BUSINESS_MESSAGES, CAMPAIGN_LIMITS, CAMPAIGN_STATUSES, MAIL_PLACEHOLDERS, fillTemplate, type MailPlaceholder } from './business';
import { RATING_BANDS } from './content';
import { toUiLanguage, type UiLanguage } from './language';
import { FIELD_MESSAGES } from './fieldMessages';

const DAY = 86_400_000;

export const CAMPAIGN_MESSAGES = {
  endPast: FIELD_MESSAGES.campaignCannotEndPast,
  unknownPlaceholder: FIELD_MESSAGES.useOnlyPlaceholdersName,
  assessmentClosesFirst: FIELD_MESSAGES.assessmentStopsTakingCandidates,
  notInvited: FIELD_MESSAGES.campaignSendsInvitedAssessment,
  candidateNotFound: FIELD_MESSAGES.candidateNotFound,
  noCandidates: 'Add at least one candidate.',
  tooManyCandidates: `A campaign holds at most ${CAMPAIGN_LIMITS.candidatesMax} candidates.`,
  queued: FIELD_MESSAGES.addedMailGoesOut,
  cancelled: FIELD_MESSAGES.campaignCancelledLinksNot,
} as const;

const MESSAGES = { ...BUSINESS_MESSAGES, ...CAMPAIGN_MESSAGES };

/** The placeholders of a template that are not ours (a typo would reach the candidate as written). */
export function unknownPlaceholders(template: string): string[] {
  const names = [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]);
  return [...new Set(names.filter((n) => !MAIL_PLACEHOLDERS.includes(n as MailPlaceholder)))];
}

export const hasLinkPlaceholder = (body: string) => /\{\{\s*link\s*\}\}/.test(body);

const date = z.iso.datetime({ offset: true, error: FIELD_MESSAGES.enterValidDate });
const reminderFields = {
  reminderEveryDays: z
    .number({ error: FIELD_MESSAGES.enterWholeNumberDays })
    .int(FIELD_MESSAGES.enterWholeNumberDays)
    .min(CAMPAIGN_LIMITS.reminderDaysMin, `Reminders go every ${CAMPAIGN_LIMITS.reminderDaysMin} to ${CAMPAIGN_LIMITS.reminderDaysMax} days`)
    .max(CAMPAIGN_LIMITS.reminderDaysMax, `Reminders go every ${CAMPAIGN_LIMITS.reminderDaysMin} to ${CAMPAIGN_LIMITS.reminderDaysMax} days`)
    .nullable(),
  maxReminders: z
    .number({ error: FIELD_MESSAGES.enterWholeNumber })
    .int(FIELD_MESSAGES.enterWholeNumber)
    .min(0, `At most ${CAMPAIGN_LIMITS.maxReminders} reminders`)
    .max(CAMPAIGN_LIMITS.maxReminders, `At most ${CAMPAIGN_LIMITS.maxReminders} reminders`),
};
const templateFields = {
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  description: z.string().trim().max(2000, FIELD_MESSAGES.descriptionMost2000Characters).nullish(),
  mailSubject: z.string({ error: FIELD_MESSAGES.subjectRequired }).trim().min(1, FIELD_MESSAGES.subjectRequired).max(CAMPAIGN_LIMITS.subjectMax, `The subject can be at most ${CAMPAIGN_LIMITS.subjectMax} characters`),
  mailBody: z.string({ error: FIELD_MESSAGES.mailRequired }).trim().min(1, FIELD_MESSAGES.mailRequired).max(CAMPAIGN_LIMITS.bodyMax, `The mail can be at most ${CAMPAIGN_LIMITS.bodyMax} characters`),
  ...reminderFields,
};

/** The template's own checks, with the field each message belongs to. */
function checkTemplate(value: { mailSubject: string; mailBody: string }, ctx: z.RefinementCtx) {
  if (!hasLinkPlaceholder(value.mailBody)) ctx.addIssue({ code: 'custom', path: ['mailBody'], message: MESSAGES.campaignLinkMissing });
  else if (unknownPlaceholders(value.mailBody).length) ctx.addIssue({ code: 'custom', path: ['mailBody'], message: MESSAGES.unknownPlaceholder });
  if (unknownPlaceholders(value.mailSubject).length) ctx.addIssue({ code: 'custom', path: ['mailSubject'], message: MESSAGES.unknownPlaceholder });
}

/** A new campaign (its candidates are added next, in chunks, like the CSV invite). */
export const campaignSchema = z
  .strictObject({ ...templateFields, assessmentId: z.uuid(FIELD_MESSAGES.chooseAssessment), startsAt: date, endsAt: date })
  .superRefine((value, ctx) => {
    checkTemplate(value, ctx);
    if (Date.parse(value.endsAt) <= Date.parse(value.startsAt)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: MESSAGES.campaignDates });
  });
export type CampaignInput = z.infer<typeof campaignSchema>;

/** What may change while the campaign has not ended: its name, the mail and the reminders. */
export const campaignEditSchema = z.strictObject(templateFields).superRefine(checkTemplate);
export type CampaignEditInput = z.infer<typeof campaignEditSchema>;

/**
 * The language a campaign's mail is written in, read from its words (a client may write it in any
 * language): Hindi where Devanagari letters outnumber Latin ones outside the placeholders. The
 * mail's date, its reminder words and the assessment's name follow it.
 */
export function mailLanguageOf(template: { subject: string; body: string }): UiLanguage {
  const words = `${template.subject}\n${template.body}`.replace(/\{\{\s*\w+\s*\}\}/g, '');
  const devanagari = words.match(/[\u0900-\u097F]/g)?.length ?? 0;
  const latin = words.match(/[A-Za-z]/g)?.length ?? 0;
  return devanagari > latin ? 'hi' : 'en';
}

/** A new campaign's mail, in the language of whoever creates it (they may rewrite it in any language). */
export const DEFAULT_MAIL: Record<UiLanguage, { subject: string; body: string }> = {
  en: {
    subject: '{{company}} invites you: {{assessment}}',
    body: [
      'Dear {{name}},',
      '',
      'Thank you for your interest in {{company}}. As the next step, please take the assessment “{{assessment}}”.',
      '',
      'Your personal link: {{link}}',
      'It is open until {{validUntil}}. It takes about half an hour; use a laptop or phone with a camera, in a quiet place.',
      '',
      'Best wishes,',
      'The {{company}} hiring team',
    ].join('\n'),
  },
  hi: {
    subject: '{{company}} की ओर से आमंत्रण: {{assessment}}',
    body: [
      'प्रिय {{name}},',
      '',
      '{{company}} में रुचि दिखाने के लिए धन्यवाद। अगले चरण के रूप में कृपया आकलन “{{assessment}}” दें।',
      '',
      'आपका निजी लिंक: {{link}}',
      'यह {{validUntil}} तक खुला है। इसमें लगभग आधा घंटा लगता है; किसी शांत जगह पर कैमरे वाले लैपटॉप या फ़ोन का उपयोग करें।',
      '',
      'शुभकामनाओं सहित,',
      '{{company}} की भर्ती टीम',
    ].join('\n'),
  },
};

/**
 * The default mail in `language` where the template still holds a default (of any language):
 * the creator's screen changed language before they wrote their own. What they wrote stays.
 */
export function withDefaultMailIn<T extends { mailSubject: string; mailBody: string }>(template: T, language: string): T {
  const mail = DEFAULT_MAIL[toUiLanguage(language) ?? 'en'];
  const defaults = Object.values(DEFAULT_MAIL);
  return {
    ...template,
    mailSubject: defaults.some((d) => d.subject === template.mailSubject) ? mail.subject : template.mailSubject,
    mailBody: defaults.some((d) => d.body === template.mailBody) ? mail.body : template.mailBody,
  };
}

/** The preview's candidate: what a real mail would look like. */
export function sampleValues(assessment: string, company: string, validUntil: string): Record<MailPlaceholder, string> {
  return { name: 'Asha Rao', assessment, link: 'https://skillgauge.example/take/…', validUntil, company };
}

export const previewMail = (template: { mailSubject: string; mailBody: string }, values: Record<MailPlaceholder, string>) => ({
  subject: fillTemplate(template.mailSubject, values),
  body: fillTemplate(template.mailBody, values),
});

/**
 * The number of the reminder due to an invitation now, or null: every `everyDays` after the last
 * mail (the invitation, then each reminder), at most `max` in all.
 */
export function dueReminder(sent: { mailedAt: Date; lastReminderAt: Date | null; count: number }, rule: { everyDays: number | null; max: number }, now: number): number | null {
  if (!rule.everyDays || sent.count >= rule.max) return null;
  const last = (sent.lastReminderAt ?? sent.mailedAt).getTime();
  return now >= last + rule.everyDays * DAY ? sent.count + 1 : null;
}

// ---------------------------------------------------------------------------------------------
// What the campaigns calls answer (server/modules/campaigns)

/** A row of GET /api/campaigns, and GET /api/campaigns/:id. */
export const campaignRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
  assessmentId: z.string(),
  assessmentName: z.string(),
  startsAt: timestamp,
  endsAt: timestamp,
  mailSubject: z.string(),
  mailBody: z.string(),
  reminderEveryDays: z.number().nullable(),
  maxReminders: z.number(),
  cancelledAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  status: z.enum(CAMPAIGN_STATUSES),
  invitedCount: z.number(),
  mailedCount: z.number(),
  startedCount: z.number(),
  completedCount: z.number(),
  /** The average of the stored scores of completed attempts, in percent; null before any. */
  averageScore: z.number().nullable(),
  reminderCount: z.number(),
});

/** POST /api/campaigns/:id/cancel: the campaign after, and how many links were withdrawn. */
export const cancelledCampaignSchema = campaignRowSchema.extend({ withdrawn: z.number(), message: z.string() });

/** A row of GET /api/campaigns/:id/invitations. */
export const campaignInvitationRowSchema = z.object({
  id: z.string(),
  campaignId: z.string().nullable(),
  candidateId: z.string(),
  candidateName: z.string(),
  candidateEmail: z.string(),
  clientId: z.string().nullable(),
  status: z.enum(INVITATION_STATUSES),
  invitedAt: timestamp,
  mailedAt: timestamp.nullable(),
  openedAt: timestamp.nullable(),
  startedAt: timestamp.nullable(),
  completedAt: timestamp.nullable(),
  expiresAt: timestamp.nullable(),
  revokedAt: timestamp.nullable(),
  percent: z.number().nullable(),
  band: z.enum(RATING_BANDS).nullable(),
  reminderCount: z.number(),
  lastReminderAt: timestamp.nullable(),
});

/** POST /api/campaigns/:id/candidates (and the invitations list's bulk invite): a report row per candidate asked for. */
export const addCandidatesAnswerSchema = z.object({ rows: z.array(inviteRowResultSchema), invited: z.number(), duplicates: z.number(), failed: z.number() });
