/**
 * The careers pages as HTML (ARCHITECTURE 7d): a client's open jobs, one job with its apply form, and
 * the page for an address that leads nowhere. Written on the server for phones first and for search
 * engines (title, description, canonical and language alternates, a JobPosting in JSON-LD on each
 * job's page), in English and Hindi from the table below; what the client wrote is shown as written,
 * escaped (`html`), and the job's description as the rich-text allow-list left it. The apply form
 * works through apply.js, a file of this server (the CSP runs no inline script).
 */
import type { EmploymentType, NoticePeriod, WorkMode } from '../../../src/domain/business';
import { CAREERS_LIMITS, CAREERS_MESSAGES, CAREERS_MESSAGES_HI, careersJobPath, careersPath, questionText, type CareersMessage, RESUME_CONTENT_TYPES, RESUME_TYPES, type CareersLanguage, type ScreeningQuestion } from '../../../src/domain/careers';
import { JOB_LIMITS } from '../../../src/domain/jobs';
import { formatDate } from '../../../src/domain/format';
import { html, jsonForScript, trustedHtml, type SafeHtml } from '../../lib/html';
import { plainText, sanitizeRichText } from '../../lib/sanitize';
import type { CareersClient, CareersJob } from './queries';

interface Words {
  locale: string;
  careersAt: (company: string) => string;
  hiring: (company: string, titles: string) => string;
  noneOpenDescription: (company: string) => string;
  openJobs: (n: number) => string;
  noJobs: string;
  allJobs: string;
  posted: (date: string) => string;
  employmentType: Record<EmploymentType, string>;
  workMode: Record<WorkMode, string>;
  notice: Record<NoticePeriod, string>;
  experience: (min: number, max: number | null) => string;
  openings: (n: number) => string;
  facts: { employmentType: string; workMode: string; location: string; experience: string; notice: string; openings: string; posted: string };
  about: string;
  applyTitle: string;
  applyIntro: string;
  name: string;
  email: string;
  phone: string;
  resume: string;
  resumeHint: string;
  optional: string;
  questions: string;
  yes: string;
  no: string;
  code: string;
  codeHint: string;
  sendCode: string;
  resendCode: string;
  submit: string;
  privacy: (company: string) => string;
  noscript: string;
  /** What apply.js says, beside the API's sentences. */
  script: Record<'sending' | 'uploading' | 'resumeDone' | 'resumeFailed' | 'retry' | 'tooMany' | 'offline' | 'failed', string>;
  notFoundTitle: string;
  notFoundBody: string;
  languageName: string;
  switchTo: string;
  poweredBy: string;
}

const MB = 1024 * 1024;

/**
 * A job's experience as people say it, as the app's job screens do (src/resources/jobs/labels.tsx):
 * "2–5 years", "up to 2 years", "3+ years", "1 year", "Fresher", "Any experience"; 9 is the top.
 */
function experienceIn(min: number, max: number | null, say: { any: string; fresher: string; atLeast: (n: number) => string; exactly: (n: number) => string; upTo: (n: number) => string; range: (a: number, b: number) => string }) {
  const top = JOB_LIMITS.experienceMax;
  if (max === null || min >= top) return min === 0 ? say.any : say.atLeast(Math.min(min, top));
  if (max === min) return min === 0 ? say.fresher : say.exactly(min);
  return min === 0 ? say.upTo(max) : say.range(min, max);
}

/** The careers pages' own words, English and Hindi (job content is as the client wrote it). */
export const CAREERS_WORDS: Record<CareersLanguage, Words> = {
  en: {
    locale: 'en-IN',
    careersAt: (company) => `Careers at ${company}`,
    hiring: (company, titles) => `${company} is hiring: ${titles}. See the open jobs and apply online.`,
    noneOpenDescription: (company) => `Jobs at ${company}. No job is open right now: please look again soon.`,
    openJobs: (n) => (n === 1 ? '1 open job' : `${n} open jobs`),
    noJobs: 'No job is open right now. Please look again soon.',
    allJobs: 'All jobs',
    posted: (date) => `Posted ${date}`,
    employmentType: { FULL_TIME: 'Full-time', PART_TIME: 'Part-time', CONTRACT: 'Contract' },
    workMode: { ON_SITE: 'On-site', HYBRID: 'Hybrid', REMOTE: 'Remote' },
    notice: { IMMEDIATE: 'Immediate', DAYS_15: '15 days', MONTH_1: '1 month', MONTHS_2: '2 months' },
    experience: (min, max) => experienceIn(min, max, { any: 'Any experience', fresher: 'Fresher', atLeast: (n) => `${n}+ years`, exactly: (n) => (n === 1 ? '1 year' : `${n} years`), upTo: (n) => (n === 1 ? 'up to 1 year' : `up to ${n} years`), range: (a, b) => `${a}–${b} years` }),
    openings: (n) => (n === 1 ? '1 opening' : `${n} openings`),
    facts: { employmentType: 'Employment', workMode: 'Work mode', location: 'Location', experience: 'Experience', notice: 'Notice period', openings: 'Openings', posted: 'Posted' },
    about: 'About the job',
    applyTitle: 'Apply for this job',
    applyIntro: 'Tell us who you are. We will mail you a code to confirm your email, then your application is sent.',
    name: 'Full name',
    email: 'Email',
    phone: 'Phone',
    resume: 'Résumé',
    resumeHint: `PDF, DOC or DOCX, at most ${CAREERS_LIMITS.resumeMaxBytes / MB} MB.`,
    optional: 'optional',
    questions: 'A few questions',
    yes: 'Yes',
    no: 'No',
    code: 'Code from the mail',
    codeHint: 'Check your inbox (and spam folder) for the 6-digit code.',
    sendCode: 'Email me a code',
    resendCode: 'Send a new code',
    submit: 'Send application',
    privacy: (company) => `${company} uses your details, résumé and answers only to consider you for this job.`,
    noscript: 'To apply, please turn on JavaScript in your browser.',
    script: {
      sending: 'Sending…',
      uploading: 'Uploading your résumé…',
      resumeDone: 'Your résumé has been uploaded.',
      resumeFailed: 'Your application was received, but your résumé did not upload.',
      retry: 'Upload the résumé again',
      tooMany: 'Too many attempts. Please wait a few minutes and try again.',
      offline: 'We could not reach the server. Check your connection and try again.',
      failed: 'Something went wrong. Please try again.',
    },
    notFoundTitle: 'Page not found',
    notFoundBody: 'There is no such careers page or job: the job may have closed.',
    languageName: 'English',
    switchTo: 'हिन्दी में पढ़ें',
    poweredBy: 'Hiring with Skillgauge',
  },
  hi: {
    locale: 'hi-IN',
    careersAt: (company) => `${company} में करियर`,
    hiring: (company, titles) => `${company} में भर्ती: ${titles}। खुली नौकरियाँ देखें और ऑनलाइन आवेदन करें।`,
    noneOpenDescription: (company) => `${company} में नौकरियाँ। अभी कोई नौकरी खुली नहीं है: कृपया जल्द फिर देखें।`,
    openJobs: (n) => `${n} खुली ${n === 1 ? 'नौकरी' : 'नौकरियाँ'}`,
    noJobs: 'अभी कोई नौकरी खुली नहीं है। कृपया जल्द फिर देखें।',
    allJobs: 'सभी नौकरियाँ',
    posted: (date) => `${date} को पोस्ट की गई`,
    employmentType: { FULL_TIME: 'पूर्णकालिक', PART_TIME: 'अंशकालिक', CONTRACT: 'अनुबंध' },
    workMode: { ON_SITE: 'कार्यालय में', HYBRID: 'हाइब्रिड', REMOTE: 'रिमोट' },
    notice: { IMMEDIATE: 'तुरंत', DAYS_15: '15 दिन', MONTH_1: '1 महीना', MONTHS_2: '2 महीने' },
    experience: (min, max) => experienceIn(min, max, { any: 'कोई भी अनुभव', fresher: 'फ्रेशर', atLeast: (n) => `${n}+ वर्ष`, exactly: (n) => `${n} वर्ष`, upTo: (n) => `${n} वर्ष तक`, range: (a, b) => `${a}–${b} वर्ष` }),
    openings: (n) => `${n} पद`,
    facts: { employmentType: 'रोज़गार', workMode: 'काम का तरीका', location: 'स्थान', experience: 'अनुभव', notice: 'नोटिस अवधि', openings: 'पद', posted: 'पोस्ट की गई' },
    about: 'नौकरी के बारे में',
    applyTitle: 'इस नौकरी के लिए आवेदन करें',
    applyIntro: 'हमें अपने बारे में बताएँ। आपका ईमेल पक्का करने के लिए हम एक कोड मेल करेंगे, फिर आपका आवेदन भेजा जाएगा।',
    name: 'पूरा नाम',
    email: 'ईमेल',
    phone: 'फ़ोन',
    resume: 'रिज़्यूमे',
    resumeHint: `PDF, DOC या DOCX, अधिकतम ${CAREERS_LIMITS.resumeMaxBytes / MB} MB।`,
    optional: 'वैकल्पिक',
    questions: 'कुछ प्रश्न',
    yes: 'हाँ',
    no: 'नहीं',
    code: 'मेल में आया कोड',
    codeHint: '6 अंकों के कोड के लिए अपना इनबॉक्स (और स्पैम फ़ोल्डर) देखें।',
    sendCode: 'मुझे कोड मेल करें',
    resendCode: 'नया कोड भेजें',
    submit: 'आवेदन भेजें',
    privacy: (company) => `${company} आपकी जानकारी, रिज़्यूमे और उत्तरों का उपयोग केवल इस नौकरी के लिए आप पर विचार करने में करती है।`,
    noscript: 'आवेदन करने के लिए कृपया अपने ब्राउज़र में JavaScript चालू करें।',
    script: {
      sending: 'भेजा जा रहा है…',
      uploading: 'आपका रिज़्यूमे अपलोड हो रहा है…',
      resumeDone: 'आपका रिज़्यूमे अपलोड हो गया है।',
      resumeFailed: 'आपका आवेदन मिल गया है, लेकिन आपका रिज़्यूमे अपलोड नहीं हुआ।',
      retry: 'रिज़्यूमे फिर से अपलोड करें',
      tooMany: 'बहुत अधिक प्रयास। कुछ मिनट रुककर फिर से कोशिश करें।',
      offline: 'सर्वर से संपर्क नहीं हो सका। अपना कनेक्शन देखें और फिर से कोशिश करें।',
      failed: 'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
    },
    notFoundTitle: 'पेज नहीं मिला',
    notFoundBody: 'ऐसा कोई करियर पेज या नौकरी नहीं है: हो सकता है नौकरी बंद हो गई हो।',
    languageName: 'हिन्दी',
    switchTo: 'Read in English',
    poweredBy: 'Skillgauge के साथ भर्ती',
  },
};

/** Google's employment types for ours (developers.google.com/search/docs/appearance/structured-data/job-posting). */
const SCHEMA_EMPLOYMENT: Record<EmploymentType, string> = { FULL_TIME: 'FULL_TIME', PART_TIME: 'PART_TIME', CONTRACT: 'CONTRACTOR' };

/** What a page is rendered for: its language, whether the address chose it, and the server's public address. */
export interface PageContext {
  language: CareersLanguage;
  /** `?lang=` was given: links keep it, so the reader stays in the language they chose. */
  chosen: boolean;
  publicUrl: string;
  /** The address of the client's logo as pages read it (local: a path of this server; S3: a presigned GET). */
  logoUrl: string | null;
  /** apply.js, by a name that changes with its content. */
  scriptPath: string;
}

const withLang = (path: string, language: CareersLanguage | null) => (language ? `${path}?lang=${language}` : path);
/** An address on the pages, keeping the language when the reader chose it. */
const link = (ctx: PageContext, path: string) => withLang(path, ctx.chosen ? ctx.language : null);
/** The one address of a page in a language: English without a query, Hindi with ?lang=hi. */
const canonical = (ctx: PageContext, path: string, language: CareersLanguage = ctx.language) => `${ctx.publicUrl}${withLang(path, language === 'en' ? null : language)}`;

/** A day as the app writes it (src/domain/format.ts), in India. */
const dateIn = (words: Words, date: Date) => formatDate(date, words.locale, { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });
/** The day in India (UTC+5:30, no daylight saving), as the page's dates show it. */
const IST_OFFSET_MS = 330 * 60_000;
const isoDay = (date: Date) => new Date(date.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/** The visible text of rich text, entities read back (for a meta description). */
function textOf(rich: string, max: number): string {
  // A list's items end as sentences do, so that they do not run together once the tags are gone.
  const punctuated = rich.replace(/([^.!?।:;>\s])\s*<\/li>/g, '$1;</li>').replace(/;<\/li>(\s*<\/[ou]l>)/g, '.</li>$1');
  const text = plainText(punctuated).replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' })[e]!);
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

const locationOf = (job: CareersJob) => job.locationName ?? null;

function jobFacts(words: Words, job: CareersJob): string[] {
  return [words.employmentType[job.employmentType], words.workMode[job.workMode], locationOf(job), words.experience(job.experienceMin, job.experienceMax)].filter((f): f is string => !!f);
}

const STYLE = `
:root{--ink:#1c2430;--muted:#556070;--line:#dde3ea;--brand:#0c4a6e;--brand-ink:#fff;--bg:#f5f7fa;--card:#fff;--error:#b3261e;--ok:#1b6e3a}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Devanagari",sans-serif}
a{color:var(--brand)}
.wrap{max-width:760px;margin:0 auto;padding:0 16px}
.top{background:var(--card);border-bottom:1px solid var(--line)}
.top .wrap{display:flex;align-items:center;justify-content:space-between;gap:12px;min-height:60px;flex-wrap:wrap;padding-top:8px;padding-bottom:8px}
.brand{display:flex;align-items:center;gap:10px;font-weight:600;text-decoration:none;color:var(--ink);min-width:0;overflow-wrap:anywhere}
.brand img{max-height:36px;max-width:130px;object-fit:contain}
.lang{font-size:15px;white-space:nowrap;padding:8px 0}
main{padding:20px 0 40px}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 6px;overflow-wrap:anywhere}
h2{font-size:1.2rem;margin:0 0 6px;overflow-wrap:anywhere}
.muted{color:var(--muted)}
.jobs{list-style:none;padding:0;margin:18px 0 0;display:grid;gap:12px}
.job a{display:block;background:var(--card);border:1px solid var(--line);border-radius:10px;padding:14px 16px;text-decoration:none;color:inherit}
.job a:hover,.job a:focus-visible{border-color:var(--brand);outline:none;box-shadow:0 0 0 3px rgba(12,74,110,.15)}
.job h2{color:var(--brand)}
.facts{margin:4px 0 0;color:var(--muted);font-size:.95rem}
.back{display:inline-block;margin-bottom:12px;padding:6px 0}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:16px;margin-top:16px}
dl.grid{display:grid;grid-template-columns:1fr 1fr;gap:10px 16px;margin:14px 0 0}
dl.grid dt{font-size:.8rem;color:var(--muted);text-transform:uppercase;letter-spacing:.03em}
dl.grid dd{margin:0;font-weight:500;overflow-wrap:anywhere}
.description{overflow-wrap:anywhere}
.description>:first-child{margin-top:0}
.description>:last-child{margin-bottom:0}
.description img,.description video{max-width:100%;height:auto}
.description pre{white-space:pre-wrap}
form{display:grid;gap:14px;margin-top:12px}
.field{display:grid;gap:4px}
label,legend{font-weight:600}
.hint{font-size:.9rem;color:var(--muted);margin:0}
.hint.opt{font-weight:400}
input[type=text],input[type=email],input[type=tel],input[type=file],textarea{width:100%;font:inherit;padding:10px 12px;border:1px solid #9aa6b2;border-radius:8px;background:#fff;color:inherit}
input[type=file]{padding:8px}
textarea{min-height:84px;resize:vertical}
input:focus,textarea:focus{outline:3px solid rgba(12,74,110,.3);border-color:var(--brand)}
fieldset{border:0;padding:0;margin:0;min-width:0}
legend{padding:0}
.questions{display:grid;gap:14px}
.questions>legend{font-size:1.1rem;margin-bottom:8px}
.choice{display:flex;gap:18px;flex-wrap:wrap;margin-top:4px}
.choice label{font-weight:400;display:flex;align-items:center;gap:6px;min-height:44px}
.choice input{width:20px;height:20px}
button{font:inherit;font-weight:600;min-height:48px;padding:10px 18px;border-radius:8px;border:1px solid var(--brand);cursor:pointer}
button.primary{background:var(--brand);color:var(--brand-ink)}
button.secondary{background:#fff;color:var(--brand)}
button[disabled]{opacity:.6;cursor:progress}
.actions{display:flex;gap:10px;flex-wrap:wrap}
.actions button{flex:1 1 200px}
.error{color:var(--error);font-size:.9rem;margin:0}
.status{margin:0;min-height:1.5em}
.status.bad{color:var(--error)}
.done{border-left:4px solid var(--ok);padding:12px 14px;background:#eef8f1;border-radius:6px}
.done:focus{outline:none}
footer{padding:24px 0 32px;color:var(--muted);font-size:.85rem}
[hidden]{display:none!important}
@media (min-width:600px){h1{font-size:2rem}dl.grid{grid-template-columns:repeat(3,1fr)}.wrap{padding:0 24px}}
`;

interface Head {
  title: string;
  description: string;
  /** Path of the page (no query): its canonical address and its language alternates come from it. */
  path: string | null;
  jsonLd?: unknown;
  noindex?: boolean;
}

function layout(ctx: PageContext, client: CareersClient | null, head: Head, body: SafeHtml, script = false): string {
  const words = CAREERS_WORDS[ctx.language];
  const other: CareersLanguage = ctx.language === 'en' ? 'hi' : 'en';
  const home = client ? link(ctx, careersPath(client.slug)) : null;
  return html`<!doctype html>
<html lang="${ctx.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${head.title}</title>
<meta name="description" content="${head.description}">
${head.noindex ? html`<meta name="robots" content="noindex">` : null}
${head.path
  ? html`<link rel="canonical" href="${canonical(ctx, head.path)}">
<link rel="alternate" hreflang="en" href="${canonical(ctx, head.path, 'en')}">
<link rel="alternate" hreflang="hi" href="${canonical(ctx, head.path, 'hi')}">
<link rel="alternate" hreflang="x-default" href="${canonical(ctx, head.path, 'en')}">
<meta property="og:type" content="website">
<meta property="og:title" content="${head.title}">
<meta property="og:description" content="${head.description}">
<meta property="og:url" content="${canonical(ctx, head.path)}">`
  : null}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${trustedHtml(STYLE)}</style>
${head.jsonLd ? html`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>` : null}
${script ? html`<script src="${ctx.scriptPath}" defer></script>` : null}
</head>
<body>
<header class="top"><div class="wrap">
${client
  ? html`<a class="brand" href="${home}">${ctx.logoUrl ? html`<img src="${ctx.logoUrl}" alt="">` : null}<span>${client.name}</span></a>`
  : html`<span class="brand">Skillgauge</span>`}
${head.path ? html`<a class="lang" href="${withLang(head.path, other)}" hreflang="${other}" lang="${other}">${words.switchTo}</a>` : null}
</div></header>
<main><div class="wrap">
${body}
</div></main>
<footer><div class="wrap">${words.poweredBy}</div></footer>
</body>
</html>
`.value;
}

/** `/careers/<slug>`: the client's open jobs. */
export function listPage(ctx: PageContext, client: CareersClient, jobs: CareersJob[]): string {
  const words = CAREERS_WORDS[ctx.language];
  const titles = jobs.slice(0, 5).map((j) => j.title).join(', ');
  const description = jobs.length ? words.hiring(client.name, titles) : words.noneOpenDescription(client.name);
  const body = html`<h1>${words.careersAt(client.name)}</h1>
<p class="muted">${words.openJobs(jobs.length)}</p>
${jobs.length
  ? html`<ul class="jobs">${jobs.map(
      (job) => html`<li class="job"><a href="${link(ctx, careersJobPath(client.slug, job.id))}"><h2>${job.title}</h2><p class="facts">${jobFacts(words, job).join(' · ')}</p><p class="facts">${words.posted(dateIn(words, job.postedAt))}</p></a></li>`,
    )}</ul>`
  : html`<div class="card"><p>${words.noJobs}</p></div>`}`;
  return layout(ctx, client, { title: words.careersAt(client.name), description: description.slice(0, 300), path: careersPath(client.slug) }, body);
}

/** schema.org's JobPosting for a job, as Google's job search reads it. */
export function jobPosting(ctx: PageContext, client: CareersClient, job: CareersJob, description: string) {
  const country = job.locationCountry ?? client.country ?? 'India';
  const hasPlace = !!(job.locationCity ?? job.locationName ?? client.city);
  const place = {
    '@type': 'Place',
    address: {
      '@type': 'PostalAddress',
      addressLocality: job.locationCity ?? job.locationName ?? client.city ?? undefined,
      addressRegion: (job.locationName ? job.locationState : client.state) ?? undefined,
      addressCountry: country,
    },
  };
  const logo = ctx.logoUrl?.startsWith('/') ? `${ctx.publicUrl}${ctx.logoUrl}` : undefined;
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: description || job.title,
    identifier: { '@type': 'PropertyValue', name: client.name, value: job.id },
    datePosted: isoDay(job.postedAt),
    employmentType: SCHEMA_EMPLOYMENT[job.employmentType],
    hiringOrganization: { '@type': 'Organization', name: client.name, ...(client.website && { sameAs: client.website }), ...(logo && { logo }) },
    ...(hasPlace || job.workMode !== 'REMOTE' ? { jobLocation: place } : {}),
    ...(job.workMode === 'REMOTE' ? { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: country } } : {}),
    experienceRequirements: { '@type': 'OccupationalExperienceRequirements', monthsOfExperience: job.experienceMin * 12 },
    totalJobOpenings: job.openings,
    directApply: true,
    url: canonical(ctx, careersJobPath(client.slug, job.id)),
  };
}

function questionField(words: Words, language: CareersLanguage, question: ScreeningQuestion): SafeHtml {
  const name = `q-${question.id}`;
  const text = questionText(question.text, language);
  const optional = question.required ? null : html` <span class="hint opt">(${words.optional})</span>`;
  const error = html`<p class="error" id="err-${name}" hidden></p>`;
  if (question.kind === 'YES_NO')
    return html`<fieldset class="question" data-question="${question.id}" data-kind="YES_NO" aria-describedby="err-${name}"><legend>${text}${optional}</legend><div class="choice"><label><input type="radio" name="${name}" value="YES"${question.required ? html` required` : null}> ${words.yes}</label><label><input type="radio" name="${name}" value="NO"> ${words.no}</label></div>${error}</fieldset>`;
  return html`<div class="field question" data-question="${question.id}" data-kind="SHORT_TEXT"><label for="${name}">${text}${optional}</label><textarea id="${name}" name="${name}" maxlength="${CAREERS_LIMITS.shortAnswerMax}" rows="3"${question.required ? html` required` : null} aria-describedby="err-${name}"></textarea>${error}</div>`;
}

function applyForm(ctx: PageContext, client: CareersClient, job: CareersJob): SafeHtml {
  const words = CAREERS_WORDS[ctx.language];
  const api = `/api${careersJobPath(client.slug, job.id)}`;
  const field = (id: string, label: string, input: SafeHtml, hint?: string) =>
    html`<div class="field"><label for="${id}">${label}</label>${input}${hint ? html`<p class="hint" id="hint-${id}">${hint}</p>` : null}<p class="error" id="err-${id}" hidden></p></div>`;
  // English sentences of the API → this page's words, and apply.js's own words.
  const say = (key: CareersMessage) => (ctx.language === 'hi' ? CAREERS_MESSAGES_HI[key] : CAREERS_MESSAGES[key]);
  const messages = Object.fromEntries((Object.keys(CAREERS_MESSAGES) as CareersMessage[]).map((key) => [CAREERS_MESSAGES[key], say(key)]));
  const scriptWords = { ...words.script, submit: words.submit, resumeType: say('resumeType'), resumeTooLarge: say('resumeTooLarge'), assessmentMailed: say('assessmentMailed') };
  const questions = job.screeningQuestions ?? [];
  return html`<section class="card" aria-labelledby="apply-title">
<h2 id="apply-title">${words.applyTitle}</h2>
<p class="hint">${words.applyIntro}</p>
<noscript><p class="error">${words.noscript}</p></noscript>
<script type="application/json" id="careers-words">${jsonForScript({ messages, words: scriptWords })}</script>
<form id="apply-form" data-code-url="${api}/code" data-apply-url="${api}/applications" data-language="${ctx.language}" data-max-bytes="${CAREERS_LIMITS.resumeMaxBytes}">
${field('name', words.name, html`<input type="text" id="name" name="name" autocomplete="name" required maxlength="${CAREERS_LIMITS.nameMax}" aria-describedby="err-name">`)}
${field('email', words.email, html`<input type="email" id="email" name="email" autocomplete="email" required maxlength="254" aria-describedby="err-email">`)}
${field('phone', words.phone, html`<input type="tel" id="phone" name="phone" autocomplete="tel" required pattern="\\+?[0-9 \\(\\)\\-]{6,20}" maxlength="20" aria-describedby="err-phone">`)}
${field(
  'resume',
  `${words.resume} (${words.optional})`,
  html`<input type="file" id="resume" name="resume" accept="${[...Object.values(RESUME_TYPES).map((ext) => `.${ext}`), ...RESUME_CONTENT_TYPES].join(',')}" aria-describedby="hint-resume err-resume">`,
  words.resumeHint,
)}
${questions.length ? html`<fieldset class="questions"><legend>${words.questions}</legend>${questions.map((q) => questionField(words, ctx.language, q))}</fieldset>` : null}
<p class="hint">${words.privacy(client.name)}</p>
<div id="code-step" hidden>${field('code', words.code, html`<input type="text" id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" aria-describedby="hint-code err-code">`, words.codeHint)}</div>
<p class="status" id="status" role="status" aria-live="polite"></p>
<div class="actions"><button type="submit" class="primary" id="submit">${words.sendCode}</button><button type="button" class="secondary" id="resend" hidden>${words.resendCode}</button></div>
</form>
<div class="done" id="done" tabindex="-1" hidden><p id="done-message"></p><p id="resume-status" role="status" aria-live="polite"></p><button type="button" class="secondary" id="resume-retry" hidden>${words.script.retry}</button></div>
</section>`;
}

/** `/careers/<slug>/jobs/<id>`: one open job, its JobPosting, and the apply form. */
export function jobPage(ctx: PageContext, client: CareersClient, job: CareersJob): string {
  const words = CAREERS_WORDS[ctx.language];
  const description = sanitizeRichText(job.descriptionHtml ?? '');
  const facts: [string, string | null][] = [
    [words.facts.employmentType, words.employmentType[job.employmentType]],
    [words.facts.workMode, words.workMode[job.workMode]],
    [words.facts.location, locationOf(job)],
    [words.facts.experience, words.experience(job.experienceMin, job.experienceMax)],
    [words.facts.notice, words.notice[job.notice]],
    [words.facts.openings, String(job.openings)],
    [words.facts.posted, dateIn(words, job.postedAt)],
  ];
  const summary = [client.name, ...jobFacts(words, job)].join(' · ');
  const text = textOf(description, 220);
  const body = html`<a class="back" href="${link(ctx, careersPath(client.slug))}">← ${words.allJobs}</a>
<article>
<h1>${job.title}</h1>
<p class="muted">${client.name}</p>
<dl class="grid">${facts.filter(([, value]) => value).map(([label, value]) => html`<div><dt>${label}</dt><dd>${value}</dd></div>`)}</dl>
${description ? html`<section class="card description" aria-label="${words.about}">${trustedHtml(description)}</section>` : null}
</article>
${applyForm(ctx, client, job)}`;
  return layout(
    ctx,
    client,
    { title: `${job.title} · ${client.name}`, description: text ? `${summary}. ${text}` : summary, path: careersJobPath(client.slug, job.id), jsonLd: jobPosting(ctx, client, job, description) },
    body,
    true,
  );
}

/** An address that leads to no careers page or open job. */
export function notFoundPage(ctx: PageContext, client: CareersClient | null): string {
  const words = CAREERS_WORDS[ctx.language];
  const body = html`<h1>${words.notFoundTitle}</h1><div class="card"><p>${words.notFoundBody}</p>${client ? html`<p><a href="${link(ctx, careersPath(client.slug))}">${words.careersAt(client.name)}</a></p>` : null}</div>`;
  return layout(ctx, client, { title: words.notFoundTitle, description: words.notFoundBody, path: null, noindex: true }, body);
}
