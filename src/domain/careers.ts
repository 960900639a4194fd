/**
 * Careers pages (ARCHITECTURE 7d): a client's careers address (slug), a job's screening questions,
 * what an applicant sends (the code step, then the application with its answers and the résumé it
 * declares), what the routes answer, and the messages, in English (what the API sends as `msg`) and
 * in Hindi (what the careers page shows in its language). Shared by the job form, the board, the
 * client screens and the server.
 */
import { z } from 'zod';
import { OTP_LENGTH } from './constants';

const MB = 1024 * 1024;

export const CAREERS_LIMITS = {
  slugMin: 2,
  slugMax: 40,
  questionsMax: 5,
  questionTextMax: 300,
  shortAnswerMax: 500,
  nameMax: 120,
  resumeMaxBytes: 5 * MB,
} as const;

/** The languages the careers pages and their questions are written in. */
export const CAREERS_LANGUAGES = ['en', 'hi'] as const;
export type CareersLanguage = (typeof CAREERS_LANGUAGES)[number];

export const SCREENING_KINDS = ['YES_NO', 'SHORT_TEXT'] as const;
export type ScreeningKind = (typeof SCREENING_KINDS)[number];
export const YES_NO_ANSWERS = ['YES', 'NO'] as const;

/** Where a card on a job's board came from. */
export const APPLICATION_SOURCES = ['BOARD', 'CAREERS'] as const;
export type ApplicationSource = (typeof APPLICATION_SOURCES)[number];
/** Why an applicant got no invitation to the job's assessment. */
export type InvitationNote = 'NO_CREDITS';

/** Résumés: PDF, Word 97-2003 and Word documents. */
export const RESUME_TYPES = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
} as const;
export type ResumeContentType = keyof typeof RESUME_TYPES;
export const RESUME_CONTENT_TYPES = Object.keys(RESUME_TYPES) as ResumeContentType[];

/** The API's sentences (English, as `msg` and per field). */
export const CAREERS_MESSAGES = {
  slug: `A careers address has ${CAREERS_LIMITS.slugMin} to ${CAREERS_LIMITS.slugMax} lowercase letters, digits and dashes, and starts and ends with a letter or digit.`,
  slugTaken: 'Another company already uses this careers address: choose another.',
  questionText: 'Write each screening question in English.',
  questionTextLong: `A screening question has at most ${CAREERS_LIMITS.questionTextMax} characters.`,
  questionsMax: `A job has at most ${CAREERS_LIMITS.questionsMax} screening questions.`,
  questionKind: 'A screening question is answered with Yes or No, or with a short text.',
  questionIds: 'Each screening question needs an id of its own.',
  name: 'Enter your name.',
  nameLong: `A name has at most ${CAREERS_LIMITS.nameMax} characters.`,
  email: 'Enter a valid email address.',
  phone: 'Enter a phone number (6 to 20 digits).',
  code: `Enter the ${OTP_LENGTH}-digit code from the mail.`,
  answerRequired: 'Answer this question.',
  answerYesNo: 'Answer Yes or No.',
  answerLong: `An answer has at most ${CAREERS_LIMITS.shortAnswerMax} characters.`,
  answerUnknown: 'An answer is for a question this job does not ask.',
  resumeType: 'A résumé is a PDF, DOC or DOCX file.',
  resumeTooLarge: `A résumé is at most ${CAREERS_LIMITS.resumeMaxBytes / MB} MB.`,
  resumeNoRoom: 'The company cannot take résumés at the moment: apply without one, or try again later.',
  codeSent: 'We have mailed you a code. Enter it to send your application.',
  codeWrong: 'That code is not right. Check the newest mail we sent and try again.',
  codeExpired: 'That code can no longer be used. Ask for a new one.',
  applied: 'Thank you: your application has been received.',
  assessmentMailed: 'We have mailed you the link to this job’s assessment.',
  alreadyApplied: 'You have already applied for this job with this email.',
  jobNotOpen: 'This job is no longer taking applications.',
  notFound: 'There is no such careers page or job.',
} as const;
export type CareersMessage = keyof typeof CAREERS_MESSAGES;

/** The same sentences in Hindi: the careers page shows the API's answers in its own language. */
export const CAREERS_MESSAGES_HI: Record<CareersMessage, string> = {
  slug: `करियर पते में ${CAREERS_LIMITS.slugMin} से ${CAREERS_LIMITS.slugMax} छोटे अंग्रेज़ी अक्षर, अंक और डैश होते हैं, और यह अक्षर या अंक से शुरू और ख़त्म होता है।`,
  slugTaken: 'यह करियर पता कोई और कंपनी इस्तेमाल कर रही है: कोई दूसरा चुनें।',
  questionText: 'हर स्क्रीनिंग प्रश्न अंग्रेज़ी में लिखें।',
  questionTextLong: `स्क्रीनिंग प्रश्न में अधिकतम ${CAREERS_LIMITS.questionTextMax} अक्षर होते हैं।`,
  questionsMax: `एक नौकरी में अधिकतम ${CAREERS_LIMITS.questionsMax} स्क्रीनिंग प्रश्न होते हैं।`,
  questionKind: 'स्क्रीनिंग प्रश्न का उत्तर हाँ या नहीं में, या छोटे लेख में दिया जाता है।',
  questionIds: 'हर स्क्रीनिंग प्रश्न की अपनी पहचान होनी चाहिए।',
  name: 'अपना नाम लिखें।',
  nameLong: `नाम में अधिकतम ${CAREERS_LIMITS.nameMax} अक्षर होते हैं।`,
  email: 'सही ईमेल पता लिखें।',
  phone: 'फ़ोन नंबर लिखें (6 से 20 अंक)।',
  code: `मेल में आया ${OTP_LENGTH} अंकों का कोड लिखें।`,
  answerRequired: 'इस प्रश्न का उत्तर दें।',
  answerYesNo: 'हाँ या नहीं में उत्तर दें।',
  answerLong: `उत्तर में अधिकतम ${CAREERS_LIMITS.shortAnswerMax} अक्षर होते हैं।`,
  answerUnknown: 'एक उत्तर ऐसे प्रश्न का है जो यह नौकरी नहीं पूछती।',
  resumeType: 'रिज़्यूमे PDF, DOC या DOCX फ़ाइल होना चाहिए।',
  resumeTooLarge: `रिज़्यूमे अधिकतम ${CAREERS_LIMITS.resumeMaxBytes / MB} MB का हो सकता है।`,
  resumeNoRoom: 'कंपनी अभी रिज़्यूमे नहीं ले सकती: बिना रिज़्यूमे के आवेदन करें, या बाद में फिर कोशिश करें।',
  codeSent: 'हमने आपको एक कोड मेल किया है। आवेदन भेजने के लिए उसे लिखें।',
  codeWrong: 'यह कोड सही नहीं है। हमारा सबसे नया मेल देखें और फिर से कोशिश करें।',
  codeExpired: 'यह कोड अब इस्तेमाल नहीं हो सकता। नया कोड माँगें।',
  applied: 'धन्यवाद: आपका आवेदन मिल गया है।',
  assessmentMailed: 'हमने आपको इस नौकरी के आकलन का लिंक मेल कर दिया है।',
  alreadyApplied: 'आप इस ईमेल से इस नौकरी के लिए पहले ही आवेदन कर चुके हैं।',
  jobNotOpen: 'यह नौकरी अब आवेदन नहीं ले रही है।',
  notFound: 'ऐसा कोई करियर पेज या नौकरी नहीं है।',
};

// ---------------------------------------------------------------------------------------------
// The careers address

const SLUG = new RegExp(`^(?=.{${CAREERS_LIMITS.slugMin},${CAREERS_LIMITS.slugMax}}$)[a-z0-9]+(?:-[a-z0-9]+)*$`);
export const isClientSlug = (value: string) => SLUG.test(value);

/** A client's careers address as typed: trimmed and lowercased, then held to the pattern. */
export const slugSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.string({ error: CAREERS_MESSAGES.slug }).regex(SLUG, CAREERS_MESSAGES.slug),
);

/** The careers address as a client form sends it: left empty, it stays as it is (a new client's comes from its name). */
export const optionalSlugSchema = z.preprocess((v) => (v === '' || v === null ? undefined : v), slugSchema.optional());

/** Where a client's careers page is, and a job's page on it. */
export const careersPath = (slug: string) => `/careers/${encodeURIComponent(slug)}`;
export const careersJobPath = (slug: string, jobId: string) => `${careersPath(slug)}/jobs/${encodeURIComponent(jobId)}`;

// ---------------------------------------------------------------------------------------------
// Screening questions

export interface ScreeningText {
  language: CareersLanguage;
  text: string;
}

export interface ScreeningQuestion {
  id: string;
  /** English first, always; Hindi where written. */
  text: ScreeningText[];
  kind: ScreeningKind;
  required: boolean;
}

/** An answer as stored on the application: the question as it was asked, and what was answered ('YES'/'NO' or the text). */
export interface ScreeningAnswer {
  questionId: string;
  text: ScreeningText[];
  kind: ScreeningKind;
  answer: string;
}

const questionTextSchema = z
  .array(
    z.strictObject({
      language: z.enum(CAREERS_LANGUAGES, { error: CAREERS_MESSAGES.questionText }),
      text: z.string({ error: CAREERS_MESSAGES.questionText }).trim().max(CAREERS_LIMITS.questionTextMax, CAREERS_MESSAGES.questionTextLong),
    }),
    { error: CAREERS_MESSAGES.questionText },
  )
  .max(CAREERS_LANGUAGES.length, CAREERS_MESSAGES.questionText)
  // A language left empty is not written; English must be, and each language once.
  .transform((texts) => texts.filter((t) => t.text !== ''))
  .refine((texts) => texts.some((t) => t.language === 'en') && new Set(texts.map((t) => t.language)).size === texts.length, CAREERS_MESSAGES.questionText)
  .transform((texts) => [...texts].sort((a, b) => CAREERS_LANGUAGES.indexOf(a.language) - CAREERS_LANGUAGES.indexOf(b.language)));

export const screeningQuestionSchema = z.strictObject({
  id: z.string({ error: CAREERS_MESSAGES.questionIds }).regex(/^[A-Za-z0-9_-]{1,40}$/, CAREERS_MESSAGES.questionIds),
  text: questionTextSchema,
  kind: z.enum(SCREENING_KINDS, { error: CAREERS_MESSAGES.questionKind }),
  required: z.boolean().default(true),
});

export const screeningQuestionsSchema = z
  .array(screeningQuestionSchema, { error: CAREERS_MESSAGES.questionsMax })
  .max(CAREERS_LIMITS.questionsMax, CAREERS_MESSAGES.questionsMax)
  .refine((questions) => new Set(questions.map((q) => q.id)).size === questions.length, CAREERS_MESSAGES.questionIds);

/** A question's words in a language, else in English. */
export const questionText = (texts: readonly ScreeningText[], language: string) => (texts.find((t) => t.language === language) ?? texts.find((t) => t.language === 'en') ?? texts[0])?.text ?? '';

/** A new question's id: unique within its job. */
export const newQuestionId = () => `q${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

// ---------------------------------------------------------------------------------------------
// Applying

const applicantName = z.string({ error: CAREERS_MESSAGES.name }).trim().min(1, CAREERS_MESSAGES.name).max(CAREERS_LIMITS.nameMax, CAREERS_MESSAGES.nameLong);
const applicantEmail = z.string({ error: CAREERS_MESSAGES.email }).trim().toLowerCase().pipe(z.email(CAREERS_MESSAGES.email).max(254, CAREERS_MESSAGES.email));
const applicantPhone = z.string({ error: CAREERS_MESSAGES.phone }).trim().regex(/^\+?[0-9 ()-]{6,20}$/, CAREERS_MESSAGES.phone);
const pageLanguage = z.enum(CAREERS_LANGUAGES).nullish();

/** First step: who applies; a code is mailed to the email, in the page's language. */
export const careersCodeSchema = z.strictObject({ name: applicantName, email: applicantEmail, phone: applicantPhone, language: pageLanguage });
export type CareersCodeInput = z.infer<typeof careersCodeSchema>;

/** The résumé an application will carry: its type and size (the file goes up by the ticket the application answers). */
export const resumeSchema = z.strictObject({
  contentType: z.enum(RESUME_CONTENT_TYPES, { error: CAREERS_MESSAGES.resumeType }),
  size: z.number({ error: CAREERS_MESSAGES.resumeTooLarge }).int(CAREERS_MESSAGES.resumeTooLarge).min(1, CAREERS_MESSAGES.resumeTooLarge).max(CAREERS_LIMITS.resumeMaxBytes, CAREERS_MESSAGES.resumeTooLarge),
});

export const answerInputSchema = z.strictObject({
  questionId: z.string({ error: CAREERS_MESSAGES.answerUnknown }).max(40, CAREERS_MESSAGES.answerUnknown),
  answer: z.string({ error: CAREERS_MESSAGES.answerRequired }).trim().max(CAREERS_LIMITS.shortAnswerMax, CAREERS_MESSAGES.answerLong),
});

/** Second step: the same person with the mailed code, the answers and the résumé declared. */
export const careersApplySchema = careersCodeSchema.extend({
  code: z.string({ error: CAREERS_MESSAGES.code }).trim().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), CAREERS_MESSAGES.code),
  resume: resumeSchema.nullish(),
  answers: z.array(answerInputSchema, { error: CAREERS_MESSAGES.answerUnknown }).max(CAREERS_LIMITS.questionsMax, CAREERS_MESSAGES.answerUnknown).default([]),
});
export type CareersApplyInput = z.infer<typeof careersApplySchema>;

/**
 * The answers to a job's questions, each checked against its question (required, Yes/No), with the
 * question as asked kept beside it; or per-field messages (`answers.<questionId>`).
 */
export function checkAnswers(questions: readonly ScreeningQuestion[], answers: readonly { questionId: string; answer: string }[]): { ok: true; answers: ScreeningAnswer[] } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const byId = new Map(answers.map((a) => [a.questionId, a.answer.trim()]));
  if (answers.some((a) => !questions.some((q) => q.id === a.questionId)) || byId.size !== answers.length) errors.answers = CAREERS_MESSAGES.answerUnknown;
  const stored: ScreeningAnswer[] = [];
  for (const question of questions) {
    const answer = byId.get(question.id) ?? '';
    const field = `answers.${question.id}`;
    if (!answer) {
      if (question.required) errors[field] = question.kind === 'YES_NO' ? CAREERS_MESSAGES.answerYesNo : CAREERS_MESSAGES.answerRequired;
      continue;
    }
    if (question.kind === 'YES_NO' && !(YES_NO_ANSWERS as readonly string[]).includes(answer)) {
      errors[field] = CAREERS_MESSAGES.answerYesNo;
      continue;
    }
    stored.push({ questionId: question.id, text: question.text, kind: question.kind, answer });
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, answers: stored };
}

// ---------------------------------------------------------------------------------------------
// What the routes answer

export const codeAnswerSchema = z.object({ result: z.literal(1), data: z.object({ message: z.string() }) });

/** Where the résumé goes: PUT the file there with these headers, before the ticket lapses. */
export const resumeUploadSchema = z.object({ url: z.string(), method: z.literal('PUT'), headers: z.record(z.string(), z.string()), maxBytes: z.number(), expiresAt: z.string() });
export type ResumeUpload = z.infer<typeof resumeUploadSchema>;

export const applyAnswerSchema = z.object({
  result: z.literal(1),
  data: z.object({ message: z.string(), assessmentMailed: z.boolean(), resumeUpload: resumeUploadSchema.nullable() }),
});

/** A screening question as the API answers it (stored as saved: `screeningQuestionSchema`'s output). */
export const screeningQuestionAnswerSchema = z.object({
  id: z.string(),
  text: z.array(z.object({ language: z.enum(CAREERS_LANGUAGES), text: z.string() })),
  kind: z.enum(SCREENING_KINDS),
  required: z.boolean(),
});

/** An applicant's answer as the API answers it: the question as it was asked, and the answer. */
export const screeningAnswerAnswerSchema = z.object({
  questionId: z.string(),
  text: z.array(z.object({ language: z.enum(CAREERS_LANGUAGES), text: z.string() })),
  kind: z.enum(SCREENING_KINDS),
  answer: z.string(),
});
