/**
 * A short-text answer on the report with the author's guidance for reviewers beside it (a model
 * answer, what earns points), above the reviewer's form; in Hindi for a Hindi reader.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CandidateReport, ReportQuestion } from '../../src/domain/report';
import { ReportAnswers } from '../../src/resources/reports/ReportAnswers';
import { mockApi, renderPage, type Locale } from './kit';

const question = (overrides: Partial<ReportQuestion> = {}): ReportQuestion => ({
  questionId: '00000000-0000-4000-8000-0000000000d1',
  partId: 'p-1',
  testId: null,
  partKind: 'TEST',
  questionType: 'SHORT_TEXT',
  title: 'A deadline you rescued',
  text: '<p>Tell us about a deadline you rescued.</p>',
  options: [],
  chosen: [],
  keyedOrder: null,
  textAnswer: 'I split the release and shipped the core on time.',
  guidance: 'A real example with their own part and a result: 4 points.',
  code: null,
  videoUrl: null,
  score: { questionId: '00000000-0000-4000-8000-0000000000d1', partId: 'p-1', testId: null, status: 'AWAITING_REVIEW', earned: 0, max: 4 },
  review: null,
  ...overrides,
});

const report = (questions: ReportQuestion[]) => ({ questions, score: null, mayReview: true, reportLanguage: 'en' }) as unknown as CandidateReport;

function renderAnswers(questions: ReportQuestion[], locale: Locale = 'en') {
  mockApi(() => undefined);
  return renderPage(<ReportAnswers report={report(questions)} printing={false} onReview={async () => undefined} />, { locale });
}

describe('guidance for reviewers on the report', () => {
  it('shows the author’s guidance beside a short-text answer, with the form to give points', async () => {
    renderAnswers([question()]);
    const guidance = await screen.findByRole('complementary', { name: 'Guidance for reviewers' });
    expect(within(guidance).getByText('A real example with their own part and a result: 4 points.')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Points for A deadline you rescued' })).toBeTruthy();
  });

  it('shows nothing of it when the author wrote none, and names it in Hindi for a Hindi reader', async () => {
    const first = renderAnswers([question({ guidance: null })]);
    await screen.findByText('I split the release and shipped the core on time.');
    expect(screen.queryByRole('complementary')).toBeNull();
    first.unmount();
    renderAnswers([question({ guidance: 'परिणाम के साथ सच्चा उदाहरण: 4 अंक।' })], 'hi');
    expect(within(await screen.findByRole('complementary', { name: 'समीक्षकों के लिए मार्गदर्शन' })).getByText('परिणाम के साथ सच्चा उदाहरण: 4 अंक।')).toBeTruthy();
  });
});
