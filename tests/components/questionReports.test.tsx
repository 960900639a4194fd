/**
 * The qualifying questions list (disqualifying answers in the interface's language) and the
 * question reports (answer shares as bars, the empty state before any candidate answers).
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import QualifyingQuestionsPage from '../../src/resources/questions/QualifyingQuestions';
import QuestionReportsPage from '../../src/resources/questions/QuestionReports';
import { appRoute, profiles, renderPage, tableRows } from './kit';

const answer = (en: string, hi: string | null, disqualifies = false) => ({
  langWiseAnswer: [{ language: 'en', text: en }, ...(hi ? [{ language: 'hi', text: hi }] : [])],
  value: 1,
  disqualifies,
});
const questions = [
  { id: 'q1', title: 'Willing to relocate', isQualifying: true, status: 'APPROVED', primarySkillLabel: 'Teamwork', updatedAt: '2025-01-02', answers: [answer('Yes', 'हाँ'), answer('No', 'नहीं', true)] },
  { id: 'q2', title: 'Night shifts', isQualifying: true, status: 'CREATED', primarySkillLabel: 'Teamwork', updatedAt: '2025-01-01', answers: [answer('Never', null, true), answer('Often', 'अक्सर')] },
  { id: 'q3', title: 'Not qualifying', isQualifying: false, status: 'CREATED', primarySkillLabel: 'Teamwork', updatedAt: '2025-01-03', answers: [answer('A', 'ए', true)] },
];

describe('qualifying questions', () => {
  it('lists only qualifying questions with their disqualifying answers', async () => {
    renderPage(<QualifyingQuestionsPage />, { records: { questions }, path: '/qualifying-question' });
    await screen.findByText('Willing to relocate');
    expect(await tableRows()).toEqual([
      ['Willing to relocate', 'Teamwork', 'Approved', 'No'],
      ['Night shifts', 'Teamwork', 'Submitted', 'Never'],
    ]);
    expect(screen.getByRole('link', { name: 'New qualifying question' }).getAttribute('href')).toBe('/new-question/bank?qualifying=true');
  });

  it('shows the answers in Hindi, falling back to English', async () => {
    renderPage(<QualifyingQuestionsPage />, { records: { questions }, path: '/qualifying-question', locale: 'hi' });
    await screen.findByText('Willing to relocate');
    expect((await tableRows()).map((r) => r[3])).toEqual(['नहीं', 'Never']);
  });

  it('is not for those who may not see questions', async () => {
    renderPage(appRoute('/qualifying-question'), { records: { questions }, profile: profiles.client(), path: '/qualifying-question', route: '/qualifying-question' });
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
  });
});

describe('question reports', () => {
  const report = {
    id: 'q1',
    title: 'Shares credit',
    primarySkillLabel: 'Teamwork',
    questionType: 'LIKERT',
    maxPoints: 5,
    timesAnswered: 4,
    averagePoints: 3.5,
    answerShares: [
      { index: 0, text: 'Always', count: 3, share: 0.75 },
      { index: 1, text: 'Never', count: 1, share: 0.25 },
    ],
    statistics: [],
  };

  it('says that no candidate has answered yet', async () => {
    renderPage(<QuestionReportsPage />, { path: '/question-reports' });
    expect(await screen.findByText('No candidate has answered a question yet')).toBeTruthy();
  });

  it('shows times answered, the average and each answer\'s share as a bar', async () => {
    renderPage(<QuestionReportsPage />, { records: { 'question-reports': [report] }, path: '/question-reports' });
    await screen.findByText('Shares credit');
    const [row] = await tableRows();
    expect(row.slice(0, 5)).toEqual(['Shares credit', 'Teamwork', 'Likert', '4', '3.5 / 5']);
    const bars = within(screen.getByRole('table')).getAllByRole('progressbar');
    expect(bars.map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-valuenow')])).toEqual([
      ['Always: 75%', '75'],
      ['Never: 25%', '25'],
    ]);
  });
});
