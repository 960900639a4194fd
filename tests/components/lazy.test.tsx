import { render, screen, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASK_AGAIN_MS, MAX_ASKS, RELOAD_AFTER_MS, importSettled, lazy, useScreensArrived } from '../../src/lazy';

const never = () => new Promise<string>(() => undefined);

describe('importSettled', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks again when an import has not settled, and takes the first answer', async () => {
    const load = vi.fn<() => Promise<string>>().mockReturnValueOnce(never()).mockResolvedValue('module');
    const reload = vi.fn();
    const loaded = importSettled(load, reload);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(ASK_AGAIN_MS);
    await expect(loaded).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
    // Settled: nobody asks again, and the page does not reload.
    await vi.advanceTimersByTimeAsync(RELOAD_AFTER_MS * 2);
    expect(load).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('passes a failed import on at once (a chunk a deploy removed), without asking again', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(new Error('Failed to fetch dynamically imported module'));
    const reload = vi.fn();
    await expect(importSettled(load, reload)).rejects.toThrow('Failed to fetch dynamically imported module');
    await vi.advanceTimersByTimeAsync(RELOAD_AFTER_MS * 2);
    expect(load).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it(`asks ${MAX_ASKS} times at most, then reloads the page once`, async () => {
    const load = vi.fn<() => Promise<string>>().mockImplementation(never);
    const reload = vi.fn();
    void importSettled(load, reload);
    await vi.advanceTimersByTimeAsync(RELOAD_AFTER_MS - 1);
    expect(load).toHaveBeenCalledTimes(MAX_ASKS);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RELOAD_AFTER_MS * 3);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('lazy', () => {
  it('shows the screen once its code arrives, and renders the layout again then', async () => {
    const layoutRenders: number[] = [];
    function Layout({ children }: { children: ReactNode }) {
      layoutRenders.push(useScreensArrived());
      return <Suspense fallback={<p>loading</p>}>{children}</Suspense>;
    }
    let arrive: (module: { default: () => ReactNode }) => void = () => undefined;
    const Screen = lazy(() => new Promise<{ default: () => ReactNode }>((resolve) => (arrive = resolve)));
    render(
      <Layout>
        <Screen />
      </Layout>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    const before = layoutRenders.at(-1)!;
    arrive({ default: () => <p>the screen</p> });
    expect(await screen.findByText('the screen')).toBeTruthy();
    // The arrival was announced: the layout rendered again with the count one up.
    await waitFor(() => expect(layoutRenders.at(-1)).toBe(before + 1));
  });
});
