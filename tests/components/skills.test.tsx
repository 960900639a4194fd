/** Primary skills and their sub-skills: each named in English and in the other active languages. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SkillEdit, SubSkillsPage } from '../../src/resources/skills/SkillViews';
import { apiRequests, mockApi, renderPage, renderResource } from './kit';

const SKILL = { id: 'sk-1', label: 'Teamwork', category: 'COMPETENCY', kind: 'COMPETENCY', subSkills: [{ id: 'sub-1', label: 'Collaboration', translations: [], thresholds: { high: 80, moderateHigh: 60, moderate: 40, lowModerate: 20 } }] };
const LANGUAGES = [
  { id: 'l-en', code: 'en', label: 'English', isActive: true, createdAt: '2026-01-01' },
  { id: 'l-hi', code: 'hi', label: 'Hindi', isActive: true, createdAt: '2026-01-02' },
];

describe('sub-skills', () => {
  it('names a sub-skill in Hindi beside its English name, and saves both', async () => {
    mockApi(({ method }) => {
      if (method === 'PUT') return { status: 200, data: { result: 1, data: {} } };
      return undefined;
    });
    renderPage(
      <Routes>
        <Route path="/sub-skills/:primarySkillId" element={<SubSkillsPage />} />
      </Routes>,
      { path: '/sub-skills/sk-1', records: { skills: [SKILL], languages: LANGUAGES } },
    );
    fireEvent.change(await screen.findByLabelText('Hindi name'), { target: { value: ' सहयोग ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(apiRequests.some((r) => r.method === 'PUT')).toBe(true));
    expect(apiRequests.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/api/types/questiontype/sub-1',
      data: { label: 'Collaboration', translations: [{ language: 'hi', name: 'सहयोग', description: null }] },
    });
  });
});

describe('a primary skill', () => {
  it('is named in Hindi beside its English name; a name left blank is not sent, and a description without a name is refused beside it', async () => {
    const { dataProvider } = renderResource(<SkillEdit />, {
      resource: 'skills',
      route: '/skills/:id',
      path: '/skills/sk-1',
      records: { skills: [{ ...SKILL, description: null, position: 0, translations: [] }], languages: LANGUAGES },
    });
    const hindiDescription = await screen.findByLabelText('Hindi description');
    fireEvent.change(hindiDescription, { target: { value: 'साथ मिलकर काम करना' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Write the name in this language')).toBeTruthy();
    expect(dataProvider.db.skills[0].translations).toEqual([]);

    fireEvent.change(screen.getByLabelText('Hindi name'), { target: { value: ' टीम में काम ' } });
    // The message goes as the field is checked again, as the user sees before saving again.
    await waitFor(() => expect(screen.queryByText('Write the name in this language')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dataProvider.db.skills[0].translations).toEqual([{ language: 'hi', name: 'टीम में काम', description: 'साथ मिलकर काम करना' }]));
  });
});
