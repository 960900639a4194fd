/**
 * Invitation links: each invitation has its own secret token (256 random bits), mailed to the
 * candidate and stored only as its sha256. Issuing an invitation, re-issuing its link (resend,
 * self assessment) and the mail that carries it live here, shared by the staff routes
 * (server/modules/candidates) and the candidate's own routes (server/modules/take).
 */
import { sql, type Kysely } from 'kysely';
import { DEFAULT_INVITATION_DAYS, type EntryType } from '../../src/domain/assessment';
import { OTP_TTL_MINUTES } from '../../src/domain/constants';
import type { ExtraTime } from '../../src/domain/attempt';
import { nameIn, type NameTranslation } from '../../src/domain/language';
import { formatDateTime } from '../../src/domain/format';
import type { Database } from '../db/types';
import { randomToken, sha256 } from './crypto';
import { spendCredit } from './licences';
import { enqueueMail } from './mail';

/** A new secret token (32 random bytes, base64url: 43 characters) and the hash that is stored. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomToken(32);
  return { token, tokenHash: hashInvitationToken(token) };
}

export const hashInvitationToken = (token: string) => sha256(`invitation:${token}`);

/** Tokens have this shape; anything else is not looked up at all. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The candidate's link, always from PUBLIC_URL (never from request headers). */
export const takeLink = (publicUrl: string, token: string) => `${publicUrl}/take/${token}`;
/** An assessment's public link. */
export const publicLink = (publicUrl: string, slug: string) => `${publicUrl}/take/public/${slug}`;

export const defaultExpiry = (from = new Date()) => new Date(from.getTime() + DEFAULT_INVITATION_DAYS * 86_400_000);

export interface IssueInvitation {
  assessmentId: string;
  candidateId: string;
  clientId: string | null;
  entryType: EntryType;
  invitedBy: string | null;
  expiresAt?: Date | null;
  extraTime?: ExtraTime | null;
  language?: string | null;
  /** The campaign that sends it, if any. */
  campaignId?: string | null;
}

/**
 * Inserts an invitation and answers its id and its token (the only time the token exists in clear).
 * Every way of inviting comes through here: an invitation of a client's assessment spends one of
 * the client's credits in the same transaction (409 when none is left, and nothing is written).
 */
export async function issueInvitation(db: Kysely<Database>, input: IssueInvitation): Promise<{ id: string; token: string }> {
  // The credit and the invitation stand or fall together.
  if (input.clientId && !db.isTransaction) return db.transaction().execute((trx) => issueInvitation(trx, input));
  const licenceId = input.clientId ? await spendCredit(db, input.clientId, input.assessmentId) : null;
  const { token, tokenHash } = newInvitationToken();
  const row = await db
    .insertInto('invitations')
    .values({
      assessmentId: input.assessmentId,
      candidateId: input.candidateId,
      clientId: input.clientId,
      entryType: input.entryType,
      tokenHash,
      seed: randomToken(12),
      language: input.language ?? null,
      extraTime: input.extraTime ? JSON.stringify(input.extraTime) : null,
      expiresAt: input.expiresAt === undefined ? defaultExpiry() : input.expiresAt,
      invitedBy: input.invitedBy,
      licenceId,
      campaignId: input.campaignId ?? null,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/** Gives an invitation a new token (the old link stops working) and answers it. */
export async function reissueToken(db: Kysely<Database>, invitationId: string): Promise<string> {
  const { token, tokenHash } = newInvitationToken();
  await db.updateTable('invitations').set({ tokenHash, updatedAt: new Date() }).where('id', '=', invitationId).execute();
  return token;
}

export interface InvitationMail {
  to: string;
  candidateName: string;
  /** The assessment, named in the mail's language where it has a name in it. */
  assessment: { name: string; translations?: readonly NameTranslation[] | null };
  /** The invitation's language: the mail is written in it when we have its words (English and Hindi), else in English. */
  language: string | null;
  link: string;
  expiresAt: Date | null;
  /** About how long the assessment takes, in minutes. */
  estimatedMinutes: number;
}

interface MailWords {
  subject: (name: string) => string;
  body: (mail: { candidateName: string; name: string; link: string; until: string | null; minutes: number }) => string[];
}

/** The invitation mail's words per language (the take page's own words say the same things). */
const INVITATION_MAIL_WORDS: Record<'en' | 'hi', MailWords> = {
  en: {
    subject: (name) => `Your assessment: ${name}`,
    body: ({ candidateName, name, link, until, minutes }) => [
      `Dear ${candidateName},`,
      '',
      `You are invited to take the assessment “${name}”.`,
      '',
      `Open your personal link: ${link}`,
      until ? `This link is valid until ${until}.` : 'This link does not expire.',
      '',
      'Before you start:',
      `- It takes about ${minutes} minutes. Find a quiet place where you will not be disturbed.`,
      '- Use a recent Chrome, Safari or Firefox, on a laptop or a phone.',
      '- Your camera and microphone will be used during the assessment.',
      '- If you are interrupted, reopen the same link: you will continue where you left off.',
      '',
      'This link is personal: do not share it.',
    ],
  },
  hi: {
    subject: (name) => `आपका आकलन: ${name}`,
    body: ({ candidateName, name, link, until, minutes }) => [
      `प्रिय ${candidateName},`,
      '',
      `आपको आकलन “${name}” देने के लिए आमंत्रित किया गया है।`,
      '',
      `अपना निजी लिंक खोलें: ${link}`,
      until ? `यह लिंक ${until} तक मान्य है।` : 'यह लिंक कभी समाप्त नहीं होता।',
      '',
      'शुरू करने से पहले:',
      `- इसमें लगभग ${minutes} मिनट लगते हैं। कोई शांत जगह चुनें जहाँ कोई बाधा न हो।`,
      '- लैपटॉप या फ़ोन पर Chrome, Safari या Firefox का नया संस्करण इस्तेमाल करें।',
      '- आकलन के दौरान आपके कैमरा और माइक्रोफ़ोन का उपयोग होगा।',
      '- अगर बीच में रुकना पड़े, तो वही लिंक फिर से खोलें: आप वहीं से आगे बढ़ेंगे जहाँ छोड़ा था।',
      '',
      'यह लिंक केवल आपके लिए है: इसे किसी के साथ साझा न करें।',
    ],
  },
};

/** The invitation mail, written into the outbox in the caller's transaction, in the invitation's language: name, validity, instructions, link. */
export async function mailInvitation(db: Kysely<Database>, mail: InvitationMail): Promise<string> {
  const language = mail.language === 'hi' ? 'hi' : 'en';
  const words = INVITATION_MAIL_WORDS[language];
  const name = nameIn(mail.assessment, language).name;
  const until = mail.expiresAt
    ? `${formatDateTime(mail.expiresAt, language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`
    : null;
  const text = words.body({ candidateName: mail.candidateName, name, link: mail.link, until, minutes: Math.max(mail.estimatedMinutes, 1) }).join('\n');
  return enqueueMail(db, { to: mail.to, subject: words.subject(name), text });
}

/** The one-time code a public link's candidate enters to prove the email, in the page's language (English or Hindi). */
export async function mailJoinCode(db: Kysely<Database>, mail: { to: string; candidateName: string; assessment: InvitationMail['assessment']; language: string | null; code: string }): Promise<string> {
  const hindi = mail.language === 'hi';
  const name = nameIn(mail.assessment, hindi ? 'hi' : 'en').name;
  const text = hindi
    ? [`प्रिय ${mail.candidateName},`, '', `आकलन “${name}” शुरू करने के लिए यह कोड दर्ज करें: ${mail.code}`, `यह ${OTP_TTL_MINUTES} मिनट तक मान्य है।`, '', 'अगर आपने यह नहीं माँगा, तो इस मेल को अनदेखा करें।']
    : [`Dear ${mail.candidateName},`, '', `Enter this code to begin the assessment “${name}”: ${mail.code}`, `It is valid for ${OTP_TTL_MINUTES} minutes.`, '', 'If you did not ask for it, ignore this mail.'];
  return enqueueMail(db, { to: mail.to, subject: hindi ? `आपका कोड: ${mail.code}` : `Your code: ${mail.code}`, text: text.join('\n') });
}

/**
 * PENDING invitations whose link has lapsed become EXPIRED: one UPDATE, run before invitations are
 * listed (a partial index keeps it cheap). Answers how many changed.
 */
export async function expireLapsed(db: Kysely<Database>, now = new Date()): Promise<number> {
  const result = await db
    .updateTable('invitations')
    .set({ status: 'EXPIRED', updatedAt: now })
    .where('status', '=', 'PENDING')
    .where('expiresAt', '<', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Stands for "the provider" in the candidates' unique index (client_id is null there). */
const NO_CLIENT = '00000000-0000-0000-0000-000000000000';

/** The candidate of a tenant with this email, if any; the same expressions as the unique index candidates_tenant_email_key, so that it serves the lookup. */
export const candidateWithEmail = (db: Kysely<Database>, clientId: string | null, email: string) =>
  db
    .selectFrom('candidates')
    .select(['id', 'name', 'phone', 'userId'])
    .where(sql`coalesce(client_id, ${NO_CLIENT}::uuid)`, '=', clientId ?? NO_CLIENT)
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();

export interface CandidatePerson {
  /** The tenant: the client that invites, or null for the provider. */
  clientId: string | null;
  name: string;
  email: string;
  phone?: string | null;
  /** Self Assessment: the signed-in account that is this person. */
  userId?: string | null;
  createdBy?: string | null;
}

/**
 * The candidate of a tenant with this email (one person per email within a tenant), created when
 * new; an existing one takes the name and phone given (and the account, when there is one).
 */
export async function findOrCreateCandidate(db: Kysely<Database>, person: CandidatePerson): Promise<{ id: string; created: boolean }> {
  const email = person.email.trim().toLowerCase();
  const existing = await candidateWithEmail(db, person.clientId, email);
  if (existing) {
    const changes = {
      ...(person.name && person.name !== existing.name ? { name: person.name } : {}),
      ...(person.phone && person.phone !== existing.phone ? { phone: person.phone } : {}),
      ...(person.userId && !existing.userId ? { userId: person.userId } : {}),
    };
    if (Object.keys(changes).length) await db.updateTable('candidates').set({ ...changes, updatedAt: new Date() }).where('id', '=', existing.id).execute();
    return { id: existing.id, created: false };
  }
  const row = await db
    .insertInto('candidates')
    .values({
      clientId: person.clientId,
      name: person.name,
      email,
      phone: person.phone ?? null,
      userId: person.userId ?? null,
      createdBy: person.createdBy ?? null,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}
