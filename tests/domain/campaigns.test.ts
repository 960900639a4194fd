/** Campaign rules: the template's checks, the preview, and when a reminder is due. */
import { describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES } from '../../src/domain/business';
import { CAMPAIGN_MESSAGES, campaignSchema, DEFAULT_MAIL, dueReminder, mailLanguageOf, previewMail, sampleValues, unknownPlaceholders, withDefaultMailIn } from '../../src/domain/campaigns';
import { fieldErrors } from '../../src/domain/schemas';

const DAY = 86_400_000;
const now = Date.parse('2026-11-23T10:00:00Z');

describe('the template', () => {
  it('names the placeholders that are not ours', () => {
    expect(unknownPlaceholders('Hi {{name}}, {{ link }} {{Name}} {{first_name}} {{first_name}}')).toEqual(['Name', 'first_name']);
    expect(unknownPlaceholders(DEFAULT_MAIL.en.body)).toEqual([]);
  });

  it('has a default mail per language, each a valid template; it follows the language until someone writes their own', () => {
    const base = { name: 'Drive', assessmentId: '00000000-0000-4000-8000-000000000000', startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-12-10T00:00:00Z', reminderEveryDays: 3, maxReminders: 2 };
    for (const mail of Object.values(DEFAULT_MAIL)) {
      expect(campaignSchema.safeParse({ ...base, mailSubject: mail.subject, mailBody: mail.body }).success).toBe(true);
      expect(mail.body).toContain('{{validUntil}}');
    }
    const english = { mailSubject: DEFAULT_MAIL.en.subject, mailBody: DEFAULT_MAIL.en.body };
    expect(withDefaultMailIn(english, 'hi')).toEqual({ mailSubject: DEFAULT_MAIL.hi.subject, mailBody: DEFAULT_MAIL.hi.body });
    expect(withDefaultMailIn({ ...english, mailBody: 'Dear {{name}}: {{link}}' }, 'hi')).toEqual({ mailSubject: DEFAULT_MAIL.hi.subject, mailBody: 'Dear {{name}}: {{link}}' });
    expect(withDefaultMailIn(english, 'fr')).toEqual(english);
  });

  it('requires {{link}} in the body and an end after the start', () => {
    const base = { name: 'Drive', assessmentId: '00000000-0000-4000-8000-000000000000', startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-12-10T00:00:00Z', mailSubject: DEFAULT_MAIL.en.subject, mailBody: DEFAULT_MAIL.en.body, reminderEveryDays: 3, maxReminders: 2 };
    expect(campaignSchema.safeParse(base).success).toBe(true);
    const noLink = campaignSchema.safeParse({ ...base, mailBody: 'Dear {{name}}' });
    expect(!noLink.success && fieldErrors(noLink.error).mailBody).toBe(BUSINESS_MESSAGES.campaignLinkMissing);
    const typo = campaignSchema.safeParse({ ...base, mailSubject: 'For {{nmae}}' });
    expect(!typo.success && fieldErrors(typo.error).mailSubject).toBe(CAMPAIGN_MESSAGES.unknownPlaceholder);
    const backwards = campaignSchema.safeParse({ ...base, endsAt: base.startsAt });
    expect(!backwards.success && fieldErrors(backwards.error).endsAt).toBe(BUSINESS_MESSAGES.campaignDates);
    expect(campaignSchema.safeParse({ ...base, reminderEveryDays: 0 }).success).toBe(false);
    expect(campaignSchema.safeParse({ ...base, maxReminders: 11 }).success).toBe(false);
  });

  it('previews the mail with a sample candidate', () => {
    const mail = previewMail({ mailSubject: DEFAULT_MAIL.en.subject, mailBody: DEFAULT_MAIL.en.body }, sampleValues('Campus 2026', 'Acme Industries', '10 December 2026'));
    expect(mail.subject).toBe('Acme Industries invites you: Campus 2026');
    expect(mail.body).toContain('Dear Asha Rao,');
    expect(mail.body).toContain('open until 10 December 2026');
    expect(mail.body).not.toContain('{{');
  });
});

describe('dueReminder', () => {
  const mailedAt = new Date(now - 5 * DAY);
  it('every N days after the last mail, numbered, at most M', () => {
    expect(dueReminder({ mailedAt, lastReminderAt: null, count: 0 }, { everyDays: 2, max: 2 }, now)).toBe(1);
    expect(dueReminder({ mailedAt, lastReminderAt: new Date(now - DAY), count: 1 }, { everyDays: 2, max: 2 }, now)).toBeNull();
    expect(dueReminder({ mailedAt, lastReminderAt: new Date(now - 2 * DAY), count: 1 }, { everyDays: 2, max: 2 }, now)).toBe(2);
    expect(dueReminder({ mailedAt, lastReminderAt: new Date(now - 9 * DAY), count: 2 }, { everyDays: 2, max: 2 }, now)).toBeNull();
    expect(dueReminder({ mailedAt: new Date(now - DAY), lastReminderAt: null, count: 0 }, { everyDays: 2, max: 2 }, now)).toBeNull();
  });
  it('none without reminder settings', () => {
    expect(dueReminder({ mailedAt, lastReminderAt: null, count: 0 }, { everyDays: null, max: 3 }, now)).toBeNull();
    expect(dueReminder({ mailedAt, lastReminderAt: null, count: 0 }, { everyDays: 1, max: 0 }, now)).toBeNull();
  });
});

describe('the language of a campaign’s mail', () => {
  it('is read from its words, not its placeholders: each default mail is its own language', () => {
    expect(mailLanguageOf(DEFAULT_MAIL.en)).toBe('en');
    expect(mailLanguageOf(DEFAULT_MAIL.hi)).toBe('hi');
    // An English brand name in a Hindi mail does not make it English, nor the placeholders' names.
    expect(mailLanguageOf({ subject: 'Acme Industries: {{assessment}} {{validUntil}} {{company}}', body: 'कृपया यह आकलन दें और समय पर पूरा करें।' })).toBe('hi');
    expect(mailLanguageOf({ subject: '{{assessment}}', body: 'Please take the assessment, नमस्ते.' })).toBe('en');
  });
});
