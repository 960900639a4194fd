/**
 * One access-denied screen, reached before anything loads: a resource view behind guardViews,
 * and a custom page behind RequireAccess both show it, in English and Hindi,
 * and none of them calls the API first (those calls would answer 403).
 */
import { screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AccessDenied, guardViews, RequireAccess } from '../../src/custom/pages/AccessDenied';
import type { Profile } from '../../src/providers/authProvider';
import { QuestionList } from '../../src/resources/questions/QuestionViews';
import { LAYOUT_ROUTES } from '../../src/routes';
import { apiRequests, profiles, renderPage, renderResource } from './kit';

const questions = [
  { id: 'q1', title: 'Shares credit', category: 'COMPETENCY', questionType: 'LIKERT', status: 'CREATED', complexity: 'L2', primarySkillLabel: 'Teamwork', authorName: 'Arjun', updatedAt: '2025-01-15T10:00:00.000Z' },
];
const GuardedQuestionList = guardViews('questions', { list: QuestionList }).list;

/** One of the app's own routes (routes.tsx), opened at `path` as a link would open it. */
function renderRoute(pattern: string, path: string, profile: Profile) {
  const route = LAYOUT_ROUTES.find((r) => r.path === pattern)!;
  return renderPage(
    <Suspense fallback={<p>loading</p>}>
      <Routes>
        <Route path={route.path} element={route.element} />
      </Routes>
    </Suspense>,
    { path, profile },
  );
}

/** Waits long enough for anything the screen would load to have been asked for. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('the access-denied screen', () => {
  it('a client opening the question bank sees it, and nothing was fetched', async () => {
    const view = renderResource(<GuardedQuestionList />, { resource: 'questions', records: { questions }, profile: profiles.client() });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy();
    await settle();
    expect(apiRequests).toEqual([]);
    expect(screen.queryByText('Shares credit')).toBeNull();
    // canAccess was asked, and said no.
    expect(view.authProvider.decisions).toContainEqual({ resource: 'questions', action: 'list', allowed: false });
  });

  it('(control) without the guard the list loads its dropdowns before react-admin checks', async () => {
    renderResource(<QuestionList />, { resource: 'questions', records: { questions }, profile: profiles.client() });
    await waitFor(() => expect(apiRequests.length).toBeGreaterThan(0));
  });

  it('lets those who may see the list through', async () => {
    renderResource(<GuardedQuestionList />, { resource: 'questions', records: { questions } });
    expect(await screen.findByText('Shares credit')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'You do not have access to this page.' })).toBeNull();
  });

  it('is the same screen on a custom page', async () => {
    renderPage(
      <RequireAccess resource="languages" action="show">
        <p>language content</p>
      </RequireAccess>,
      { profile: profiles.client() },
    );
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page.' })).toBeTruthy();
    expect(screen.queryByText('language content')).toBeNull();
  });

  it('a client opening a provider question’s link (to edit, continue or clone it) is refused before the question is asked for', async () => {
    for (const [pattern, path] of [
      ['/edit-question/:id', '/edit-question/q1'],
      ['/new-questionV2/:id', '/new-questionV2/q1'],
      ['/clone-question/:id', '/clone-question/q1'],
      ['/edit-existing-question/:category/:id', '/edit-existing-question/competency/q1'],
    ]) {
      const view = renderRoute(pattern, path, profiles.client());
      expect(await screen.findByRole('heading', { name: 'You do not have access to this page.' })).toBeTruthy();
      await settle();
      expect(apiRequests).toEqual([]);
      view.unmount();
    }
  });

  it('an admin opening a client’s order link (/placeOrder/:id) is refused before the price is asked for', async () => {
    renderRoute('/placeOrder/:assessmentId', '/placeOrder/a-1', profiles.admin());
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page.' })).toBeTruthy();
    await settle();
    expect(apiRequests).toEqual([]);
  });

  it('speaks Hindi', async () => {
    renderPage(<AccessDenied />, { profile: profiles.client(), locale: 'hi' });
    expect(await screen.findByRole('heading', { name: 'आपको इस पेज की अनुमति नहीं है।' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'होम पेज पर जाएँ' })).toBeTruthy();
  });
});
