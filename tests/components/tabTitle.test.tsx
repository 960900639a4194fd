/** The browser tab names the screen in the interface language: "Question Bank · Skillgauge". */
import { screen, waitFor } from '@testing-library/react';
import { Title } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { AuthCard } from '../../src/custom/auth/AuthCard';
import { TabTitleFromHeading, tabTitle } from '../../src/custom/layout/tabTitle';
import { renderPage } from './kit';

/** A screen inside the layout: the heading react-admin's <Title> writes into, and the follower. */
const Screen = ({ title }: { title: string }) => (
  <>
    <h1 id="react-admin-title" />
    <TabTitleFromHeading />
    <Title title={title} />
  </>
);

describe('the tab title', () => {
  it('follows the heading of a screen in the layout', async () => {
    renderPage(<Screen title="Question Bank" />);
    await screen.findByText('Question Bank');
    await waitFor(() => expect(document.title).toBe('Question Bank · Skillgauge'));
  });

  it('speaks Hindi', async () => {
    renderPage(<Screen title="प्रश्न बैंक" />, { locale: 'hi' });
    await waitFor(() => expect(document.title).toBe('प्रश्न बैंक · स्किलगेज'));
  });

  it('names a public page after its card', async () => {
    renderPage(<AuthCard title="Sign in">form</AuthCard>, { profile: null });
    await waitFor(() => expect(document.title).toBe('Sign in · Skillgauge'));
  });

  it('is the product alone when a screen has no title', () => {
    expect(tabTitle('', 'Skillgauge')).toBe('Skillgauge');
    expect(tabTitle('  ', 'Skillgauge')).toBe('Skillgauge');
    expect(tabTitle('Skillgauge', 'Skillgauge')).toBe('Skillgauge');
  });
});
