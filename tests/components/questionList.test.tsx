/** The question bank list: its toolbar by permission, its filters, and what it shows when empty. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionList } from '../../src/resources/questions/QuestionViews';
import { makeProfile, mockApi, profiles, renderResource } from './kit';

const questions = [
  { id: 'q1', title: 'Shares credit', category: 'COMPETENCY', questionType: 'LIKERT', status: 'CREATED', complexity: 'L2', primarySkillLabel: 'Teamwork', authorName: 'Arjun', updatedAt: '2025-01-15T10:00:00.000Z' },
];

describe('the question list toolbar', () => {
  it('offers a new question and bulk upload to those who may create questions', async () => {
    renderResource(<QuestionList />, { resource: 'questions', records: { questions } });
    await screen.findByText('Shares credit');
    expect(screen.getByRole('button', { name: 'Bulk upload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New question' }).getAttribute('href')).toBe('/new-question/bank');
  });

  it('hides them from those who may only view questions', async () => {
    const viewer = profiles.teamMember('SKILLGAUGE_TEAM', { QUESTIONS: ['view'] });
    renderResource(<QuestionList />, { resource: 'questions', records: { questions }, profile: viewer });
    await screen.findByText('Shares credit');
    expect(screen.queryByRole('button', { name: 'Bulk upload' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New question' })).toBeNull();
  });

  it('offers them to USER accounts for their own questions', async () => {
    renderResource(<QuestionList />, { resource: 'questions', records: { questions }, profile: makeProfile({ role: 'USER' }) });
    await screen.findByText('Shares credit');
    expect(screen.getByRole('button', { name: 'Bulk upload' })).toBeTruthy();
  });
});

describe('bulk delete', () => {
  it("asks 'Are you sure you want to delete?' / 'You won't get it back' before deleting the ticked questions", async () => {
    const view = renderResource(<QuestionList />, { resource: 'questions', records: { questions } });
    await screen.findByText('Shares credit');
    fireEvent.click(screen.getAllByRole('checkbox', { name: /select/i }).at(-1)!);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete?')).toBeTruthy();
    expect(within(dialog).getByText("You won't get it back")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(view.dataProvider.db.questions).toHaveLength(0));
  });
});

describe('an empty question bank', () => {
  it('invites a USER account to write its first question', async () => {
    renderResource(<QuestionList />, { resource: 'questions', records: { questions: [] }, profile: makeProfile({ role: 'USER' }) });
    expect(await screen.findByText('No questions yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New question' }).getAttribute('href')).toBe('/new-question/bank');
  });
});

describe('filters', () => {
  const offered = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Add filter' }));
    return within(await screen.findByRole('menu'))
      .getAllByRole('menuitemcheckbox')
      .map((item) => item.textContent);
  };

  it('filter by category, skills, type, complexity, status, author and language', async () => {
    mockApi(() => undefined);
    renderResource(<QuestionList />, { resource: 'questions', records: { questions } });
    await screen.findByText('Shares credit');
    expect(await offered()).toEqual(['Category', 'Primary skill', 'Secondary skill', 'Question type', 'Complexity', 'Status', 'Author', 'Language']);
  });

  it('offer no author filter to a USER account, which sees only its own questions', async () => {
    renderResource(<QuestionList />, { resource: 'questions', records: { questions }, profile: makeProfile({ role: 'USER' }) });
    await screen.findByText('Shares credit');
    expect(await offered()).not.toContain('Author');
  });
});
