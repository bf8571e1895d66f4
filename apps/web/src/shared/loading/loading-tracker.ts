import { useEffect, useState, useSyncExternalStore } from 'react';

/** Name of the area used when a tracked request names none (SPEC section 4). */
export const DEFAULT_AREA = 'default';

type Listener = () => void;

/**
 * Counts pending tracked promises per named area (SPEC section 4: a loading indicator is on while
 * at least one tracked request in its area is pending).
 */
export class LoadingTracker {
  private readonly pending = new Map<string, number>();
  private readonly listeners = new Set<Listener>();

  /**
   * Tracks a promise in an area until it settles (either way).
   * @returns the same promise
   */
  track<T>(promise: Promise<T>, area: string = DEFAULT_AREA): Promise<T> {
    this.change(area, 1);
    const done = () => this.change(area, -1);
    promise.then(done, done);
    return promise;
  }

  /** Number of pending tracked promises in an area. */
  count(area: string = DEFAULT_AREA): number {
    return this.pending.get(area) ?? 0;
  }

  /** Subscribes to count changes; returns the unsubscribe function. */
  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private change(area: string, delta: number): void {
    const next = Math.max(0, (this.pending.get(area) ?? 0) + delta);
    if (next === 0) this.pending.delete(area);
    else this.pending.set(area, next);
    for (const listener of this.listeners) listener();
  }
}

/** The app-wide tracker the API client reports to. */
export const loadingTracker = new LoadingTracker();

/** Options of `useLoading`. */
export interface UseLoadingOptions {
  /** Area to watch (default `default`). */
  area?: string;
  /** Milliseconds the area must stay busy before the answer turns true (default 0). */
  delay?: number;
  /** Tracker to watch (tests); defaults to the app-wide one. */
  tracker?: LoadingTracker;
}

/**
 * True while at least one tracked request in the area is pending, and, with `delay`, only once it
 * has been pending for that many milliseconds without the area going idle.
 */
export function useLoading({ area = DEFAULT_AREA, delay = 0, tracker = loadingTracker }: UseLoadingOptions = {}): boolean {
  const busy = useSyncExternalStore(
    tracker.subscribe,
    () => tracker.count(area) > 0,
    () => false,
  );
  const [delayedBusy, setDelayedBusy] = useState(false);
  useEffect(() => {
    if (!busy || delay <= 0) {
      setDelayedBusy(false);
      return;
    }
    const timer = setTimeout(() => setDelayedBusy(true), delay);
    return () => clearTimeout(timer);
  }, [busy, delay]);
  return delay <= 0 ? busy : busy && delayedBusy;
}
