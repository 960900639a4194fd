/**
 * Item statistics on screen: the question reports show each question's figures per test with its
 * sample size, "too small" under 30 and its flags; a test's Statistics tab shows the histogram, the
 * test's figures with Moodle's reading of alpha, and the questions' figures.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuestionReport } from '../../src/domain/questionReports';
import type { TestStatistics } from '../../src/domain/itemStatistics';
import QuestionReportsPage from '../../src/resources/questions/QuestionReports';
import { TestPreview } from '../../src/resources/test-library/TestViews';
import { apiRequests, mockApi, renderPage, type ApiHandler } from './kit';

const TEST_ID = '7d2b4c1e-0000-4000-8000-000000000001';

const report: QuestionReport = {
  id: 'q1',
  title: 'Shares credit',
  primarySkillLabel: 'Teamwork',
  questionType: 'LIKERT',
  maxPoints: 5,
  timesAnswered: 42,
  averagePoints: 3.5,
  answerShares: [{ index: 0, text: 'Always', count: 42, share: 1 }],
  statistics: [
    { testId: 't1', testName: 'Teamwork basics', sampleSize: 42, facility: 71.42857, standardDeviation: 20.5, discrimination: -12.345, efficiency: -20, flags: ['NEGATIVE_DISCRIMINATION', 'LOW_EFFICIENCY'] },
    { testId: 't2', testName: 'Teamwork advanced', sampleSize: 12, facility: 55, standardDeviation: 30, discrimination: 45.6, efficiency: 61.25, flags: [] },
  ],
};

describe('the question reports’ item statistics', () => {
  it('show each test’s figures with the sample size, too-small marks and flags', async () => {
    renderPage(<QuestionReportsPage />, { records: { 'question-reports': [report] }, path: '/question-reports' });
    await screen.findByText('Shares credit');
    const [flagged, small] = screen.getAllByRole('group');
    expect(flagged.getAttribute('aria-label')).toBe('Statistics in Teamwork basics');
    expect(within(flagged).getByText('n = 42')).toBeTruthy();
    expect(within(flagged).queryByText('too small')).toBeNull();
    const figures = (group: HTMLElement) => within(group).getAllByRole('definition').map((d) => d.textContent);
    expect(figures(flagged)).toEqual(['71.4%', '20.5%', '-12.3', '-20.0%']);
    expect(within(flagged).getByText('Negative discrimination')).toBeTruthy();
    expect(within(flagged).getByText('Efficiency under 15%')).toBeTruthy();

    expect(within(small).getByText('n = 12')).toBeTruthy();
    expect(within(small).getByText('too small')).toBeTruthy();
    expect(figures(small)).toEqual(['55.0%', '30.0%', '45.6', '61.3%']);
    expect(within(small).queryByText('Negative discrimination')).toBeNull();
  });

  it('read in Hindi', async () => {
    renderPage(<QuestionReportsPage />, { records: { 'question-reports': [report] }, path: '/question-reports', locale: 'hi' });
    await screen.findByText('Shares credit');
    expect(screen.getByText('ऋणात्मक विभेदन')).toBeTruthy();
    expect(screen.getByText('नमूना बहुत छोटा')).toBeTruthy();
    expect(screen.getAllByText('सुगमता सूचकांक')).toHaveLength(2);
  });
});

const statistics: TestStatistics = {
  testId: TEST_ID,
  name: 'Teamwork basics',
  sampleSize: 25,
  questionCount: 2,
  mean: 68,
  median: 80,
  standardDeviation: 30.331502,
  skewness: -1.11808,
  kurtosis: 1.455577,
  alpha: 0.521739,
  standardError: 20.976177,
  alphaReading: 'UNSATISFACTORY',
  histogram: Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: (i + 1) * 10, count: [0, 0, 1, 0, 0, 0, 6, 0, 14, 4][i] })),
  questions: [
    { questionId: 'q1', title: 'Shares credit', questionType: 'LIKERT', sampleSize: 25, facility: 80, standardDeviation: 44.72136, discrimination: -14.744196, efficiency: -15.384615, flags: ['NEGATIVE_DISCRIMINATION', 'LOW_EFFICIENCY'] },
    { questionId: 'q2', title: 'Asks for help', questionType: 'LIKERT', sampleSize: 24, facility: 60, standardDeviation: 54.772256, discrimination: 21.004201, efficiency: 23.076923, flags: [] },
  ],
};
const preview = { id: TEST_ID, name: 'Teamwork basics', description: 'About teams', durationSeconds: 600, questionCount: 2, drawCount: null, questions: [] };
const ok = (data: unknown) => ({ status: 200, data: { result: 1, data } });
const api =
  (answer: TestStatistics): ApiHandler =>
  ({ url }) =>
    url === `/api/tests/${TEST_ID}/preview` ? ok(preview) : url === `/api/tests/${TEST_ID}/statistics` ? ok(answer) : url === '/api/question/language' ? ok([{ _id: 'en', label: 'English' }]) : undefined;

describe('a test’s statistics tab', () => {
  it('opens from the tab and shows the figures, the reading of alpha, the histogram and the questions', async () => {
    mockApi(api(statistics));
    renderPage(<TestPreview />, { path: `/tests/${TEST_ID}/show`, route: '/tests/:id/show' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Statistics' }));
    expect(await screen.findByText('Over the first completed attempt of each candidate: 25 attempts')).toBeTruthy();
    expect(apiRequests.filter((r) => r.url === `/api/tests/${TEST_ID}/statistics`)).toHaveLength(1);

    const figure = (key: string) => within(screen.getByTestId(`figure-${key}`)).getByRole('definition').textContent;
    expect(figure('mean')).toBe('68.0%');
    expect(figure('median')).toBe('80.0%');
    expect(figure('standardDeviation')).toBe('30.3%');
    expect(figure('skewness')).toBe('-1.12');
    expect(figure('kurtosis')).toBe('1.46');
    expect(figure('alpha')).toBe('0.52Unsatisfactory');
    expect(figure('standardError')).toBe('21.0%');
    // Fewer than 30 attempts: said once for the whole test.
    expect(screen.getByText('Fewer than 30 attempts: these figures can change a lot as more candidates complete the test.')).toBeTruthy();

    // The histogram's counts, also as a table for screen readers.
    const histogram = screen.getByRole('table', { name: 'Score distribution' });
    const rows = within(histogram).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['0–10%0', '10–20%0', '20–30%1', '30–40%0', '40–50%0', '50–60%0', '60–70%6', '70–80%0', '80–90%14', '90–100%4']);

    const questions = screen.getByRole('table', { name: 'Questions' });
    const [, first, second] = within(questions).getAllByRole('row');
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(first)).toEqual(['Shares credit', 'n = 25too small', '80.0%', '44.7%', '-14.7', '-15.4%', 'Negative discriminationEfficiency under 15%']);
    expect(cells(second)).toEqual(['Asks for help', 'n = 24too small', '60.0%', '54.8%', '21.0', '23.1%', '']);
    expect(within(first).getByRole('link', { name: 'Shares credit' }).getAttribute('href')).toBe('/questions/q1/show');
    expect(screen.getByText('1 question is flagged: it tells candidates apart the wrong way, or far less than it could. Review it.')).toBeTruthy();
  });

  it('reads a satisfactory alpha over enough attempts without too-small marks', async () => {
    mockApi(api({ ...statistics, sampleSize: 400, alpha: 0.82, alphaReading: 'SATISFACTORY', questions: statistics.questions.map((q) => ({ ...q, sampleSize: 400, flags: [] })) }));
    renderPage(<TestPreview />, { path: `/tests/${TEST_ID}/show?tab=statistics`, route: '/tests/:id/show' });
    expect(await screen.findByText('Satisfactory')).toBeTruthy();
    expect(screen.queryByText('too small')).toBeNull();
    expect(screen.queryByText(/is flagged|are flagged/)).toBeNull();
  });

  it('says when nobody has completed the test, in Hindi too', async () => {
    mockApi(api({ ...statistics, sampleSize: 0, questionCount: 0, mean: null, median: null, alpha: null, alphaReading: null, questions: [] }));
    renderPage(<TestPreview />, { path: `/tests/${TEST_ID}/show?tab=statistics`, route: '/tests/:id/show', locale: 'hi' });
    expect(await screen.findByText('अभी तक किसी उम्मीदवार ने यह टेस्ट पूरा नहीं किया है')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'आँकड़े' }).getAttribute('aria-selected')).toBe('true'));
  });
});
