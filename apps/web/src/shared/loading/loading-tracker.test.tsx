import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { LoadingTracker, useLoading } from './loading-tracker.ts';

describe('LoadingTracker', () => {
  it('counts pending promises per area until they settle', async () => {
    const tracker = new LoadingTracker();
    let resolve = () => {};
    const pending = new Promise<void>((r) => (resolve = r));
    const failing = Promise.reject(new Error('x'));
    void tracker.track(pending);
    void tracker.track(failing, 'grid').catch(() => undefined);
    expect(tracker.count()).toBe(1);
    expect(tracker.count('grid')).toBe(1);
    await failing.catch(() => undefined);
    await Promise.resolve();
    expect(tracker.count('grid')).toBe(0);
    resolve();
    await pending;
    await Promise.resolve();
    expect(tracker.count()).toBe(0);
  });
});

describe('useLoading with a delay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns on only after the area stayed busy for the delay', async () => {
    const tracker = new LoadingTracker();
    function Probe() {
      return <span>{useLoading({ delay: 300, tracker }) ? 'busy' : 'idle'}</span>;
    }
    render(<Probe />);
    let resolve = () => {};
    act(() => {
      void tracker.track(new Promise<void>((r) => (resolve = r)));
    });
    act(() => vi.advanceTimersByTime(299));
    expect(screen.getByText('idle')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2));
    expect(screen.getByText('busy')).toBeTruthy();
    await act(async () => {
      resolve();
      await Promise.resolve();
      await Promise.resolve();
    });
    expect(screen.getByText('idle')).toBeTruthy();
  });
});
