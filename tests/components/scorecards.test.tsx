/**
 * Interview scorecards on screen: the list (job, stage, competencies, sheets in), and rating a
 * candidate from the board: blind until one's own is submitted, Submit only once every competency
 * is rated, then the others' sheets and the means; in Hindi too.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Interview } from '../../src/domain/scorecards';
import { InterviewButton, InterviewSheet } from '../../src/resources/scorecards/InterviewSheet';
import { ScorecardList } from '../../src/resources/scorecards/ScorecardViews';
import { profiles, renderPage, renderResource, tableRows } from './kit';

const scorecard = {
  id: 'sc-1',
  clientId: 'c-1',
  jobId: 'j-1',
  jobTitle: 'Support Lead',
  stageId: 's-interview',
  stageName: 'Interview',
  competencies: [
    { id: 'empathy', name: 'Empathy' },
    { id: 'clarity', name: 'Clarity' },
  ],
  submittedCount: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const candidate = { cardId: 'k-1', name: 'Meera Pillai', percent: 70, band: 'MODERATE_HIGH' as const };
const blind: Interview = { scorecard, candidate, mine: null, others: null, othersSubmitted: 1, averages: null };
const riya = { interviewerId: 'u-2', interviewerName: 'Riya Recruiter', ratings: [{ competencyId: 'empathy', rating: 4, note: 'Listened well' }, { competencyId: 'clarity', rating: 2, note: '' }], note: 'Good on the phone', submittedAt: '2026-11-21T10:00:00.000Z', updatedAt: '2026-11-21T10:00:00.000Z' };

describe('the scorecards list', () => {
  it('shows each job’s stage, what it rates and the sheets in', async () => {
    renderResource(<ScorecardList />, { resource: 'scorecards', records: { scorecards: [scorecard] }, profile: profiles.client() });
    expect(await tableRows()).toEqual([expect.arrayContaining(['Support Lead', 'Interview', 'Empathy, Clarity', '1'])]);
  });
});

describe('rating a candidate', () => {
  it('is blind until submitted, submits only when every competency is rated, then shows the others and the means', async () => {
    const mine = { interviewerId: 'u-1', interviewerName: 'Anita Client', ratings: [{ competencyId: 'empathy', rating: 5, note: 'Warm' }, { competencyId: 'clarity', rating: 3, note: '' }], note: '', submittedAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z' };
    const rateCandidate = vi.fn(async () => ({ ...blind, mine, others: [riya], othersSubmitted: 1, averages: [{ competencyId: 'empathy', mean: 4.5, count: 2 }, { competencyId: 'clarity', mean: 2.5, count: 2 }] }));
    renderPage(<InterviewSheet scorecardId="sc-1" cardId="k-1" />, { profile: profiles.client(), methods: { getInterview: async () => blind, rateCandidate } });
    const form = await screen.findByRole('form', { name: 'Your ratings' });
    expect(within(form).getByText('Your ratings are your own: the others’ show once you submit yours. 1 other interviewer has submitted.')).toBeTruthy();
    expect(screen.queryByText(/Riya Recruiter|Listened well/)).toBeNull();
    expect(within(form).getByText('70%')).toBeTruthy();
    const submit = within(form).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(form).getAllByRole('radio', { name: '5 out of 5' })[0]);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Note on Empathy' }), { target: { value: 'Warm' } });
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(form).getAllByRole('radio', { name: '3 out of 5' })[1]);
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await waitFor(() => expect(rateCandidate).toHaveBeenCalledWith('sc-1', 'k-1', { ratings: [{ competencyId: 'empathy', rating: 5, note: 'Warm' }, { competencyId: 'clarity', rating: 3, note: '' }], note: '', submit: true }));
    expect(await screen.findByRole('region', { name: 'Ratings by Riya Recruiter' })).toBeTruthy();
    expect(screen.getByText('Means over 2 sheets')).toBeTruthy();
    expect(screen.getByText('4.5 / 5')).toBeTruthy();
  });

  it('says it in Hindi', async () => {
    renderPage(<InterviewSheet scorecardId="sc-1" cardId="k-1" />, { profile: profiles.client(), locale: 'hi', methods: { getInterview: async () => ({ ...blind, othersSubmitted: 0 }) } });
    expect(await screen.findByText('आपकी रेटिंग आपकी अपनी है: दूसरों की रेटिंग आपके जमा करने के बाद दिखेगी। अभी किसी और साक्षात्कारकर्ता ने जमा नहीं किया है।')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'जमा करें' })).toBeTruthy();
  });
});

describe('the board’s Rate button', () => {
  it('is on a candidate at the scorecard’s stage or past it, not on one before it', async () => {
    const at = { id: 'k-1', name: 'Meera Pillai', stageId: 's-interview', history: [] };
    const past = { id: 'k-2', name: 'Priya Sharma', stageId: 's-offer', history: [{ toStage: 'Offer' }, { toStage: 'Interview' }] };
    const before = { id: 'k-3', name: 'Arjun Nair', stageId: 's-applied', history: [{ toStage: 'Applied' }] };
    renderPage(
      <>
        {[at, past, before].map((card) => (
          <InterviewButton key={card.id} card={card} />
        ))}
      </>,
      { profile: profiles.client(), records: { scorecards: [scorecard] }, path: '/job-candidate/j-1', route: '/job-candidate/:jobId' },
    );
    expect(await screen.findByRole('button', { name: 'Rate Meera Pillai in the interview' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rate Priya Sharma in the interview' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rate Arjun Nair in the interview' })).toBeNull();
  });
});
