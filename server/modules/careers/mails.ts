/**
 * The careers pages' mails, through the outbox in the caller's transaction: the one-time code an
 * applicant confirms the email with (in the page's language), and the notice to the client that an
 * applicant got no invitation to the job's assessment because no credit was left.
 */
import type { Kysely } from 'kysely';
import type { CareersLanguage } from '../../../src/domain/careers';
import { OTP_TTL_MINUTES } from '../../../src/domain/constants';
import type { Database } from '../../db/types';
import { enqueueMail } from '../../lib/mail';

export async function mailApplicationCode(db: Kysely<Database>, mail: { to: string; name: string; company: string; jobTitle: string; language: CareersLanguage; code: string }) {
  const hindi = mail.language === 'hi';
  const text = hindi
    ? [
        `प्रिय ${mail.name},`,
        '',
        `${mail.company} में “${mail.jobTitle}” के लिए अपना आवेदन भेजने के लिए यह कोड दर्ज करें: ${mail.code}`,
        `यह ${OTP_TTL_MINUTES} मिनट तक मान्य है।`,
        '',
        'अगर आपने यह नहीं माँगा, तो इस मेल को अनदेखा करें।',
      ]
    : [
        `Dear ${mail.name},`,
        '',
        `Enter this code to send your application for “${mail.jobTitle}” at ${mail.company}: ${mail.code}`,
        `It is valid for ${OTP_TTL_MINUTES} minutes.`,
        '',
        'If you did not ask for it, ignore this mail.',
      ];
  return enqueueMail(db, { to: mail.to, subject: hindi ? `आपका कोड: ${mail.code}` : `Your code: ${mail.code}`, text: text.join('\n') });
}

/** To the client's users who manage the job: an applicant waits without an invitation until credits are bought. */
export async function mailNoCreditsNotice(db: Kysely<Database>, mail: { to: string; name: string; jobTitle: string; applicant: string; boardUrl: string }) {
  const text = [
    `Dear ${mail.name},`,
    '',
    `${mail.applicant} applied for “${mail.jobTitle}” on your careers page. The application is on the job's board, but no invitation to the job's assessment was sent: your company has no assessment credits left.`,
    '',
    'The card reads "No invitation: no credits left". Once your company has credits again, invite the applicant to the assessment from the board:',
    mail.boardUrl,
    '',
    'You will hear of this again at most once a day for this job.',
  ];
  return enqueueMail(db, { to: mail.to, subject: `No credits left: an applicant for “${mail.jobTitle}” was not invited`, text: text.join('\n') });
}
