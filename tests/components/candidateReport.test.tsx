/**
 * The candidate report page over a fixture CandidateReport: header, charts in the bands' colours,
 * band texts (rich text, in the report's language), answers with chosen and keyed marks, sorting,
 * coding cases (hidden ones by number only), a reviewer's points, proctoring evidence with its
 * note, the language switch, Download PDF or Print, rescoring, the print view and who may open it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { CandidateReport } from '../../src/domain/report';
import type { InvitationRow } from '../../src/resources/invitations/api';
import InvitationList from '../../src/resources/invitations/InvitationList';
import { BAND_COLOURS } from '../../src/resources/reports/bands';
import { reviewPointsProblem } from '../../src/resources/reports/ReportAnswers';
import { ReportView } from '../../src/resources/reports/ReportView';
import { apiRequests, appRoute, makeProfile, mockApi, profiles, renderPage, type ApiHandler, type Locale } from './kit';

const ID = '00000000-0000-4000-8000-0000000000a1';
const SKILL_SOLVING = '00000000-0000-4000-8000-0000000000b1';
const SKILL_TEAM = '00000000-0000-4000-8000-0000000000b2';
const SKILL_CALM = '00000000-0000-4000-8000-0000000000b3';
const TEST_APT = '00000000-0000-4000-8000-0000000000c1';
const TEST_PERS = '00000000-0000-4000-8000-0000000000c2';
const Q = (n: number) => `00000000-0000-4000-8000-0000000000d${n}`;
const STARTED = Date.UTC(2026, 10, 20, 9, 0, 0);

const answerScore = (n: number, partId: string, testId: string | null, status: CandidateReport['questions'][number]['score']['status'], earned: number, max: number) => ({
  questionId: Q(n),
  partId,
  testId,
  status,
  earned,
  max,
});

/** A completed, scored attempt with one question of each kind the report draws. */
function fixture(overrides: Partial<CandidateReport> = {}, language = 'en'): CandidateReport {
  const hindi = language === 'hi';
  const questions: CandidateReport['questions'] = [
    {
      questionId: Q(1),
      partId: 'p-apt',
      testId: TEST_APT,
      partKind: 'TEST',
      questionType: 'MULTIPLE_CHOICE',
      title: 'Prime numbers',
      text: '<p>Which of these are <strong>prime</strong>?</p>',
      options: [
        { index: 0, text: 'Two', points: null, isCorrect: true, disqualifies: null },
        { index: 1, text: 'Four', points: null, isCorrect: false, disqualifies: null },
        { index: 2, text: 'Seven', points: null, isCorrect: true, disqualifies: null },
      ],
      chosen: [0, 1],
      keyedOrder: null,
      textAnswer: null,
      code: null,
      videoUrl: null,
      score: answerScore(1, 'p-apt', TEST_APT, 'SCORED', 0, 2),
      review: null,
    },
    {
      questionId: Q(2),
      partId: 'p-apt',
      testId: TEST_APT,
      partKind: 'TEST',
      questionType: 'SORTING_ORDER',
      title: 'Order the steps',
      text: '',
      options: [
        { index: 0, text: 'Plan', points: null, isCorrect: null, disqualifies: null },
        { index: 1, text: 'Build', points: null, isCorrect: null, disqualifies: null },
        { index: 2, text: 'Check', points: null, isCorrect: null, disqualifies: null },
      ],
      chosen: [0, 2, 1],
      keyedOrder: [0, 1, 2],
      textAnswer: null,
      code: null,
      videoUrl: null,
      score: answerScore(2, 'p-apt', TEST_APT, 'SCORED', 2, 3),
      review: null,
    },
    {
      questionId: Q(3),
      partId: 'p-apt',
      testId: TEST_APT,
      partKind: 'TEST',
      questionType: 'CODING',
      title: 'Sum two numbers',
      text: '<p>Print the sum.</p>',
      options: [],
      chosen: [],
      keyedOrder: null,
      textAnswer: null,
      code: {
        languageId: 71,
        language: 'Python',
        source: 'a, b = map(int, input().split())\nprint(a + b)',
        evaluation: 'done',
        cases: [
          { hidden: false, passed: true, points: 1, input: '1 2', expectedOutput: '3', actualOutput: '3', status: 'passed' },
          { hidden: true, passed: true, points: 2, input: null, expectedOutput: null, actualOutput: null, status: 'passed' },
          { hidden: true, passed: false, points: 2, input: null, expectedOutput: null, actualOutput: null, status: 'timeout' },
        ],
      },
      videoUrl: null,
      score: answerScore(3, 'p-apt', TEST_APT, 'SCORED', 2, 4),
      review: null,
    },
    {
      questionId: Q(4),
      partId: 'p-pers',
      testId: TEST_PERS,
      partKind: 'TEST',
      questionType: 'LIKERT',
      title: 'I stay calm under pressure',
      text: '',
      options: [
        { index: 0, text: 'Disagree', points: 1, isCorrect: null, disqualifies: null },
        { index: 1, text: 'Neutral', points: 2, isCorrect: null, disqualifies: null },
        { index: 2, text: 'Agree', points: 3, isCorrect: null, disqualifies: null },
      ],
      chosen: [2],
      keyedOrder: null,
      textAnswer: null,
      code: null,
      videoUrl: null,
      score: answerScore(4, 'p-pers', TEST_PERS, 'SCORED', 3, 3),
      review: null,
    },
    {
      questionId: Q(5),
      partId: 'p-custom',
      testId: null,
      partKind: 'CUSTOM',
      questionType: 'SHORT_TEXT',
      title: 'Why this role?',
      text: '',
      options: [],
      chosen: [],
      keyedOrder: null,
      textAnswer: 'I like solving problems for customers.',
      code: null,
      videoUrl: null,
      score: answerScore(5, 'p-custom', null, 'AWAITING_REVIEW', 0, 5),
      review: null,
    },
    {
      questionId: Q(6),
      partId: 'p-video',
      testId: null,
      partKind: 'VIDEO',
      questionType: 'VIDEO',
      title: 'Introduce yourself',
      text: '',
      options: [],
      chosen: [],
      keyedOrder: null,
      textAnswer: null,
      code: null,
      videoUrl: 'https://files.example.com/intro.webm',
      score: answerScore(6, 'p-video', null, 'NOT_SCORED', 0, 0),
      review: null,
    },
  ];
  return {
    invitationId: ID,
    candidate: { id: 'cand-1', name: 'Asha Verma', email: 'asha@example.com' },
    assessment: { id: 'asm-1', name: 'Support hiring', type: 'INVITED' },
    client: { id: 'c-1', name: 'Acme' },
    status: 'COMPLETED',
    attemptLanguage: 'hi',
    reportLanguage: language,
    startedAt: STARTED,
    completedAt: STARTED + 40 * 60_000,
    score: {
      version: 1,
      overall: { earned: 7, max: 12, percent: 58.3, band: 'MODERATE' },
      tests: [
        { testId: TEST_APT, name: 'Aptitude basics', testTypeId: 'tt-apt', earned: 4, max: 9, percent: 44.4, band: 'MODERATE' },
        { testId: TEST_PERS, name: 'Work style', testTypeId: 'tt-pers', earned: 3, max: 3, percent: 100, band: 'HIGH' },
      ],
      testTypes: [
        { testTypeId: 'tt-apt', label: 'Aptitude', category: 'APTITUDE', earned: 4, max: 9, percent: 44.4, band: 'MODERATE', developmentBand: null },
        { testTypeId: 'tt-pers', label: 'Self mastery', category: 'PERSONALITY', earned: 3, max: 3, percent: 100, band: 'HIGH', developmentBand: 'DERAILER' },
      ],
      skills: [
        { skillId: SKILL_SOLVING, label: 'Problem solving', testTypeId: 'tt-apt', earned: 4, max: 5, percent: 80, band: 'HIGH', developmentBand: null },
        { skillId: SKILL_TEAM, label: 'Numeracy', testTypeId: 'tt-apt', earned: 0, max: 4, percent: 0, band: 'LOW', developmentBand: null },
        { skillId: SKILL_CALM, label: 'Composure', testTypeId: 'tt-pers', earned: 3, max: 3, percent: 100, band: 'HIGH', developmentBand: 'DERAILER' },
      ],
      consistency: { pairs: [], overall: null },
      integrity: { level: 'SOME_ISSUES', counts: { TAB_HIDDEN: 3, PASTE: 1, SECOND_DEVICE: 1 } },
      answers: questions.map((q) => q.score),
      awaiting: { review: 1, evaluation: 0 },
      complete: false,
    },
    scoredAt: STARTED + 41 * 60_000,
    scoringVersion: 1,
    outdated: false,
    percentile: 72,
    percentileOf: 40,
    bandTexts: [
      {
        skillId: SKILL_SOLVING,
        band: 'HIGH',
        language,
        content: hindi ? '<p>समस्याओं को <strong>तेज़ी से</strong> हल करती हैं।</p>' : '<p>Breaks problems down <strong>quickly</strong>.</p><script>window.bad = 1</script>',
      },
      { skillId: SKILL_TEAM, band: 'LOW', language: null, content: null },
      { skillId: SKILL_CALM, band: 'HIGH', language, content: hindi ? '<p>दबाव में शांत रहती हैं।</p>' : '<p>Stays calm; ask how she handles real crises.</p>' },
    ],
    questions,
    proctoring: {
      events: [
        { type: 'PASTE', occurredAt: STARTED + 20 * 60_000, partId: 'p-apt', questionId: Q(3), device: null },
        { type: 'TAB_HIDDEN', occurredAt: STARTED + 5 * 60_000, partId: 'p-apt', questionId: null, device: null },
        { type: 'SECOND_DEVICE', occurredAt: STARTED + 25 * 60_000, partId: null, questionId: null, device: 'Chrome on Android' },
      ],
      snapshots: [
        { id: 's1', url: 'https://files.example.com/s1.jpg', takenAt: STARTED + 60_000 },
        { id: 's2', url: 'https://files.example.com/s2.jpg', takenAt: STARTED + 120_000 },
      ],
    },
    mayReview: true,
    ...overrides,
  };
}

const ok = (data: unknown) => ({ status: 200, data: { result: 1, data } });

interface Server {
  report?: (language: string | null) => CandidateReport;
  pdfAvailable?: boolean;
  extra?: ApiHandler;
}

/** The report page over a server answering the report (in the language asked), the renderer's state and whatever `extra` handles. */
function renderReport(server: Server = {}, options: { locale?: Locale; profile?: ReturnType<typeof profiles.client> } = {}) {
  mockApi((call) => {
    const own = server.extra?.(call);
    if (own) return own;
    const [path, query] = call.url.split('?');
    if (call.method === 'GET' && path === `/api/candidate-reports/${ID}`) {
      const language = new URLSearchParams(query ?? '').get('language');
      return ok((server.report ?? ((l) => fixture({}, l ?? 'en')))(language));
    }
    if (call.method === 'GET' && call.url === '/api/pdf-renderer') return ok({ available: server.pdfAvailable ?? true });
    return undefined;
  });
  return renderPage(
    <Routes>
      <Route path="/candidate-details/:id" element={appRoute('/candidate-details/:id')} />
    </Routes>,
    { path: `/candidate-details/${ID}`, profile: options.profile ?? profiles.client(), locale: options.locale },
  );
}

const section = (name: string | RegExp) => screen.getByRole('region', { name });

describe('the candidate report', () => {
  it('shows who, what and how it is scored, with the overall score, percentile and the provisional note', async () => {
    renderReport();
    expect(await screen.findByRole('heading', { name: 'Asha Verma', level: 2 })).toBeTruthy();
    const header = section('Asha Verma');
    expect(within(header).getByText('Completed', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(within(header).getByText('Support hiring', { selector: 'a' })).toBeTruthy();
    expect(within(header).getByText('Version 1, scored', { exact: false })).toBeTruthy();
    expect(within(header).getByText('72 (among 40 completed attempts)')).toBeTruthy();
    expect(within(header).getByText(/Provisional: some answers are not counted yet \(1 waiting/)).toBeTruthy();
    const scores = section('Scores');
    expect(within(scores).getByRole('img', { name: 'Overall: 58%' })).toBeTruthy();
    expect(within(scores).getByText('7 of 12 points')).toBeTruthy();
    expect(within(scores).getByText('Percentile 72 among 40 completed attempts')).toBeTruthy();
  });

  it('says why an attempt has no scores: not finished yet, disqualified, or expired', async () => {
    for (const [status, says] of [
      ['IN_PROGRESS', 'Scores come once the candidate completes the assessment.'],
      ['DISQUALIFIED', 'No scores: the attempt ended when the candidate was disqualified.'],
      ['EXPIRED', 'No scores: the invitation expired before the candidate finished.'],
    ] as const) {
      const view = renderReport({ report: (l) => ({ ...fixture({}, l ?? 'en'), status, score: null }) });
      // Staff open an unfinished attempt on its activity: the report is the tab beside it.
      fireEvent.click(await screen.findByRole('tab', { name: 'Report' }));
      expect(await screen.findByText(says)).toBeTruthy();
      view.unmount();
    }
  });

  it('draws tests and skills as bars in their bands’ colours, with the figures in a table for screen readers', async () => {
    renderReport();
    const skills = await screen.findByRole('region', { name: 'Skills' });
    // One chart per test type: aptitude's two skills, then the personality skill.
    const figures = within(skills).getAllByRole('figure');
    expect(figures).toHaveLength(2);
    const bars = [...figures[0].querySelectorAll('rect.MuiBarChart-element')].map((r) => r.getAttribute('fill'));
    expect(bars).toEqual([BAND_COLOURS.HIGH.fill, BAND_COLOURS.LOW.fill]);
    const table = within(figures[0]).getByRole('table', { name: 'Skills: Aptitude' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Problem solving80%High', 'Numeracy0%Low']);
    const tests = within(section('Scores')).getByRole('table', { name: 'By test' });
    expect(within(tests).getAllByRole('row').map((r) => r.textContent)).toEqual(['NameScoreBand', 'Aptitude basics44%Moderate', 'Work style100%High']);
    const testBars = [...section('Scores').querySelectorAll('rect.MuiBarChart-element')].map((r) => r.getAttribute('fill'));
    expect(testBars).toEqual([BAND_COLOURS.MODERATE.fill, BAND_COLOURS.HIGH.fill]);
  });

  it('writes each skill’s band text as rich text, says when none is written, and shows development bands', async () => {
    renderReport();
    const skills = await screen.findByRole('region', { name: 'Skills' });
    const solving = within(skills).getByRole('article', { name: 'Problem solving' });
    expect(within(solving).getByText('High')).toBeTruthy();
    expect(within(solving).getByText('quickly').tagName).toBe('STRONG');
    expect(within(within(skills).getByRole('article', { name: 'Numeracy' })).getByText('No report text is written for this band yet.')).toBeTruthy();
    const composure = within(skills).getByRole('article', { name: 'Composure' });
    expect(within(composure).getByText('Derailer')).toBeTruthy();
    expect(within(composure).getByText('Stays calm; ask how she handles real crises.')).toBeTruthy();
    expect(within(section('Scores')).getByText('Derailer')).toBeTruthy();
  });

  it('lists the answers by part with the chosen and keyed options, sorting beside the keyed order, code cases and video', async () => {
    renderReport();
    const answers = await screen.findByRole('region', { name: 'Answers' });
    expect(within(answers).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Aptitude basics', 'Work style', 'Custom questions', 'Video questions']);

    const prime = within(answers).getByRole('listitem', { name: '1. Prime numbers' });
    expect(within(prime).getByText('0 of 2 points')).toBeTruthy();
    const option = (name: string) => within(prime).getByText(name).closest('li')!;
    expect(within(option('Two')).getByText('Chosen')).toBeTruthy();
    expect(within(option('Two')).getByText('Correct answer')).toBeTruthy();
    expect(within(option('Four')).getByText('Chosen')).toBeTruthy();
    expect(within(option('Four')).queryByText('Correct answer')).toBeNull();
    expect(within(option('Seven')).queryByText('Chosen')).toBeNull();
    expect(within(option('Seven')).getByText('Correct answer')).toBeTruthy();

    const sorting = within(answers).getByRole('listitem', { name: '2. Order the steps' });
    const [candidate, keyed] = within(sorting).getAllByRole('list');
    expect(within(candidate).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Plan✓ as keyed', 'Check· keyed 3', 'Build· keyed 2']);
    expect(within(keyed).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Plan', 'Build', 'Check']);

    const coding = within(answers).getByRole('listitem', { name: '3. Sum two numbers' });
    expect(within(coding).getByText(/print\(a \+ b\)/)).toBeTruthy();
    expect(within(coding).getByText('2 of 3 test cases passed', { exact: false })).toBeTruthy();
    const cases = within(within(coding).getByRole('table', { name: 'Test cases' })).getAllByRole('row').slice(1);
    expect(cases.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['Example 1', 'Hidden case 1', 'Hidden case 2']);
    expect(cases[0].textContent).toContain('Input: 1 2');
    expect(cases[2].textContent).toContain('Too slow');
    expect(cases[2].textContent).toContain('Hidden from candidates and reports.');

    const likert = within(answers).getByRole('listitem', { name: '4. I stay calm under pressure' });
    expect(within(within(likert).getByText('Agree').closest('li')!).getByText('Most points')).toBeTruthy();
    expect(within(likert).getByText('3 pts')).toBeTruthy();
    expect(within(likert).getByText('1 pt')).toBeTruthy();

    const video = within(answers).getByRole('listitem', { name: '6. Introduce yourself' });
    const player = video.querySelector('video')!;
    expect(player.hasAttribute('controls')).toBe(true);
    expect(player.getAttribute('src')).toBe('https://files.example.com/intro.webm');
  });

  it('marks the option of a qualifying question that disqualifies, with no points on its options', async () => {
    const qualifying: CandidateReport['questions'][number] = {
      questionId: Q(9),
      partId: 'qualifying',
      testId: null,
      partKind: 'QUALIFYING',
      questionType: 'SINGLE_CHOICE',
      title: 'Night shifts',
      text: '<p>Can you work night shifts?</p>',
      options: [
        { index: 0, text: 'Yes', points: null, isCorrect: null, disqualifies: false },
        { index: 1, text: 'No', points: null, isCorrect: null, disqualifies: true },
      ],
      chosen: [0],
      keyedOrder: null,
      textAnswer: null,
      code: null,
      videoUrl: null,
      score: answerScore(9, 'qualifying', null, 'NOT_SCORED', 0, 0),
      review: null,
    };
    renderReport({ report: (l) => fixture({ questions: [qualifying] }, l ?? 'en') });
    const answers = await screen.findByRole('region', { name: 'Answers' });
    const option = (name: string) => within(answers).getByText(name, { exact: true }).closest('li')!;
    expect(within(option('No')).getByText('Disqualifies')).toBeTruthy();
    expect(within(option('Yes')).queryByText('Disqualifies')).toBeNull();
    expect(within(answers).queryByText(/pts|points?\b/)).toBeNull();
  });

  it('lets a reviewer give points to a short-text answer: checks them, PUTs them and shows the updated report', async () => {
    const reviewed = fixture({
      questions: fixture().questions.map((q) =>
        q.questionId === Q(5) ? { ...q, score: { ...q.score, status: 'SCORED', earned: 3.5 }, review: { points: 3.5, comment: 'Clear.', reviewerName: 'Chitra Client', reviewedAt: STARTED + 50 * 60_000 } } : q,
      ),
    });
    renderReport({
      extra: (call) => (call.method === 'PUT' && call.url === `/api/candidate-reports/${ID}/reviews/${Q(5)}?language=en` ? ok(reviewed) : undefined),
    });
    const answers = await screen.findByRole('region', { name: 'Answers' });
    const item = within(answers).getByRole('listitem', { name: '5. Why this role?' });
    expect(within(item).getByText('Waits for a reviewer')).toBeTruthy();
    const form = within(item).getByRole('form', { name: 'Points for Why this role?' });
    const points = within(form).getByLabelText('Points (0 to 5)');
    fireEvent.change(points, { target: { value: '7' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Give points' }));
    expect(await within(form).findByText('Points go from 0 to 5.')).toBeTruthy();
    expect(apiRequests.some((r) => r.method === 'PUT')).toBe(false);

    fireEvent.change(points, { target: { value: '3.5' } });
    fireEvent.change(within(form).getByLabelText('Comment (optional)'), { target: { value: ' Clear. ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Give points' }));
    await waitFor(() => expect(apiRequests.find((r) => r.method === 'PUT')?.data).toEqual({ points: 3.5, comment: 'Clear.' }));
    expect(await within(item).findByText('3.5 points from Chitra Client', { exact: false })).toBeTruthy();
    expect(within(item).getByText('3.5 of 5 points')).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Change points' })).toBeTruthy();
  });

  it('checks review points: required, within 0 and the maximum, in steps of 0.1', () => {
    expect(reviewPointsProblem('', 5)).toBe('required');
    expect(reviewPointsProblem('-1', 5)).toBe('range');
    expect(reviewPointsProblem('5.1', 5)).toBe('range');
    expect(reviewPointsProblem('2.25', 5)).toBe('step');
    expect(reviewPointsProblem('0', 5)).toBeNull();
    expect(reviewPointsProblem('4.9', 5)).toBeNull();
  });

  it('shows the proctoring evidence: integrity with its counts and the plain note, the timeline in order, snapshots', async () => {
    renderReport();
    const proctoring = await screen.findByRole('region', { name: 'Proctoring' });
    expect(within(proctoring).getByText('Some issues')).toBeTruthy();
    expect(within(within(proctoring).getByRole('list', { name: 'What was recorded' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Left the tab: 3', 'Pasted text: 1', 'Opened on a second device: 1']);
    expect(within(proctoring).getByText(/nothing was decided automatically/)).toBeTruthy();
    const timeline = within(proctoring).getByRole('heading', { name: 'Timeline of events' }).nextElementSibling as HTMLElement;
    expect(within(timeline).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Left the tab · Aptitude basics'),
      expect.stringContaining('Pasted text · Aptitude basics · Sum two numbers'),
      // A second device, named as its browser said.
      expect.stringContaining('Opened on a second device · Chrome on Android'),
    ]);
    expect(within(proctoring).getAllByRole('img', { name: /^Snapshot at/ })).toHaveLength(2);
  });

  it('switches the report’s language, asking the server again with ?language=', async () => {
    renderReport();
    await screen.findByRole('region', { name: 'Skills' });
    fireEvent.click(screen.getByRole('button', { name: 'Hindi' }));
    expect(await screen.findByText('समस्याओं को', { exact: false })).toBeTruthy();
    expect(apiRequests.some((r) => r.url === `/api/candidate-reports/${ID}?language=hi`)).toBe(true);
    expect(screen.getByRole('button', { name: 'Hindi' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('reads entirely in Hindi for a Hindi reader', async () => {
    renderReport({ report: () => fixture({}, 'hi') }, { locale: 'hi' });
    const skills = await screen.findByRole('region', { name: 'कौशल' });
    expect(within(within(skills).getByRole('article', { name: 'Composure' })).getByText('डिरेलर')).toBeTruthy();
    expect(within(skills).getByText('दबाव में शांत रहती हैं।')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'प्रॉक्टरिंग' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'PDF डाउनलोड करें' })).toBeTruthy();
  });

  it('offers Download PDF where the server renders PDFs, and Print where it does not (or answers 503)', async () => {
    const first = renderReport({ pdfAvailable: false });
    expect(await screen.findByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
    first.unmount();

    renderReport({
      pdfAvailable: true,
      extra: (call) => (call.url === `/api/candidate-reports/${ID}/pdf?language=en` ? { status: 503, data: { result: 0, msg: 'PDF rendering is not configured on this server' } } : undefined),
    });
    const download = await screen.findByRole('button', { name: 'Download PDF' });
    await waitFor(() => expect((download as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(download);
    expect(await screen.findByRole('button', { name: 'Print' })).toBeTruthy();
    expect(apiRequests.filter((r) => r.url.includes('/pdf?')).map((r) => r.url)).toEqual([`/api/candidate-reports/${ID}/pdf?language=en`]);
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
  });

  it('offers Download PDF only for a completed attempt: not on one opened from the list before it was finished', async () => {
    const row = (id: string, candidateName: string, status: InvitationRow['status']): InvitationRow => ({
      id,
      candidateId: `cand-${id}`,
      candidateName,
      candidateEmail: `${id}@example.com`,
      assessmentId: 'asm-1',
      assessmentName: 'Support hiring',
      assessmentType: 'INVITED',
      clientId: 'c-1',
      entryType: 'INVITE',
      status,
      language: null,
      invitedAt: '2026-11-20T10:00:00Z',
      mailedAt: '2026-11-20T10:00:01Z',
      openedAt: null,
      startedAt: status === 'PENDING' || status === 'EXPIRED' ? null : '2026-11-21T09:00:00Z',
      completedAt: status === 'COMPLETED' ? '2026-11-21T09:40:00Z' : null,
      expiresAt: '2026-12-04T18:29:59Z',
      revokedAt: null,
      lastSeenAt: null,
      disqualifiedAt: null,
      online: false,
      extraTime: null,
    });
    const rows = [row('inv-done', 'Asha Verma', 'COMPLETED'), row('inv-started', 'Kiran Rao', 'IN_PROGRESS'), row('inv-expired', 'Meera Das', 'EXPIRED')];
    mockApi((call) => {
      const [path] = call.url.split('?');
      const id = path!.split('/').pop()!;
      const listed = rows.find((r) => r.id === id);
      if (call.method === 'GET' && path!.startsWith('/api/candidate-reports/') && listed)
        return ok(fixture({ invitationId: id, status: listed.status, candidate: { id: listed.candidateId, name: listed.candidateName, email: listed.candidateEmail }, completedAt: listed.status === 'COMPLETED' ? STARTED + 40 * 60_000 : null, score: listed.status === 'COMPLETED' ? fixture().score : null }));
      if (call.url === '/api/pdf-renderer') return ok({ available: true });
      return undefined;
    });
    const open = async (name: string) => {
      const view = renderPage(
        <Routes>
          <Route path="/candidate" element={<InvitationList />} />
          <Route path="/candidate-details/:id" element={appRoute('/candidate-details/:id')} />
        </Routes>,
        { path: '/candidate', records: { invitations: rows }, profile: profiles.client() },
      );
      fireEvent.click(await screen.findByText(name));
      await screen.findByRole('tablist', { name: 'Report or activity' });
      fireEvent.click(screen.getByRole('tab', { name: 'Report' }));
      expect(await screen.findByRole('heading', { name, level: 2 })).toBeTruthy();
      return view;
    };

    // The language switch is drawn with it, so a PDF button would be there by now.
    const pdfOffered = () => !!screen.queryByRole('button', { name: 'Download PDF' }) || !!screen.queryByRole('button', { name: 'Print' });
    for (const name of ['Kiran Rao', 'Meera Das']) {
      const view = await open(name);
      expect(screen.getByRole('group', { name: 'Report language' })).toBeTruthy();
      expect(pdfOffered()).toBe(false);
      view.unmount();
    }
    await open('Asha Verma');
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeTruthy();
  });

  it('offers rescoring on an outdated report to staff who may edit candidates', async () => {
    renderReport({
      report: () => fixture({ outdated: true }),
      extra: (call) => (call.method === 'POST' && call.url === `/api/candidate-reports/${ID}/rescore?language=en` ? ok(fixture({ outdated: false, scoringVersion: 2 })) : undefined),
    });
    const alert = await screen.findByText(/scored with older rules/);
    fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Rescore' }));
    expect(await screen.findByText('Version 2, scored', { exact: false })).toBeTruthy();
    expect(screen.queryByText(/scored with older rules/)).toBeNull();
  });

  it('keeps the attempt’s activity on a tab beside the report for staff', async () => {
    renderReport({ extra: (call) => (call.url === `/api/test-result/${ID}` ? { status: 500, data: { result: 0, msg: 'Something went wrong.' } } : undefined) });
    const tabs = await screen.findByRole('tablist', { name: 'Report or activity' });
    expect(within(tabs).getByRole('tab', { name: 'Report' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Activity' }));
    await waitFor(() => expect(apiRequests.some((r) => r.url === `/api/test-result/${ID}`)).toBe(true));
  });

  it('is refused before loading to a team member who may not see candidates, and open to a USER (their own self assessment)', async () => {
    const refused = renderReport({}, { profile: profiles.teamMember('SKILLGAUGE_TEAM', { QUESTIONS: ['view'] }) });
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
    expect(apiRequests.filter((r) => r.url.startsWith('/api/candidate-reports'))).toEqual([]);
    refused.unmount();

    renderReport({ report: () => fixture({ proctoring: null, mayReview: false }) }, { profile: makeProfile({ role: 'USER', name: 'Asha Verma' }) });
    expect(await screen.findByRole('region', { name: 'Answers' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Proctoring' })).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('prints without controls: no buttons, no review form, the video named instead of played', async () => {
    renderPage(<ReportView report={fixture({ outdated: true })} printing actions={<button type="button">Download PDF</button>} onRescore={() => undefined} onReview={async () => undefined} />);
    expect(await screen.findByRole('region', { name: 'Answers' })).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByText('Video answer: play it in the online report.')).toBeTruthy();
    expect(screen.queryAllByRole('link')).toEqual([]);
  });
});
