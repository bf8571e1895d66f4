import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { computeLine, type LineInput, type LineResult, type LineSettings } from './calculation.engine.ts';

/*
 * Computing many lines with `computeLine`, the work split between this thread and worker threads:
 * the forecasting of a 100,000-title catalogue is CPU-bound (about 8 µs a title under AUTOMATICO
 * with `forecastTotal`). A worker that cannot start or fails leaves its share to this thread, so the
 * answer is always the same as the sequential one, in input order.
 */

/** Worker threads a pool starts by default: the machine's parallelism − 1 (this thread works too), at most 3. */
export const defaultWorkers = (): number => Math.max(0, Math.min(3, os.availableParallelism() - 1));

/** A set of worker threads kept for many batches (`compute`), released by `close`. */
export interface LinePool {
  /** The results of `inputs`, in order: one share per worker, the first share computed on this thread meanwhile. */
  compute(inputs: readonly LineInput[]): Promise<LineResult[]>;
  /** Terminates the workers (idempotent). */
  close(): Promise<void>;
}

interface PoolWorker {
  worker: Worker | null;
  /** Requests waiting for an answer, in order (a worker answers in order). */
  waiting: { resolve: (r: LineResult[]) => void; chunk: readonly LineInput[] }[];
}

/**
 * Starts `workers` worker threads for one calculation's settings (they load the engine while the
 * database works: start the pool before the reads). With 0 workers `compute` runs on this thread.
 * @param settings the calculation's settings (sent once to each worker)
 * @param workers worker threads to start (default {@link defaultWorkers})
 */
export function createLinePool(settings: LineSettings, workers = defaultWorkers()): LinePool {
  const fallback = (chunk: readonly LineInput[]) => chunk.map((input) => computeLine(input, settings));
  const pool: PoolWorker[] = [];
  for (let i = 0; i < workers; i++) {
    const slot: PoolWorker = { worker: null, waiting: [] };
    // a failed worker: its pending shares are computed here, and it takes no more
    const fail = () => {
      if (slot.worker) void slot.worker.terminate();
      slot.worker = null;
      for (const w of slot.waiting.splice(0)) w.resolve(fallback(w.chunk));
    };
    try {
      slot.worker = new Worker(new URL('./calculation.worker.ts', import.meta.url), { workerData: { settings } });
      slot.worker.on('message', (results: LineResult[]) => slot.waiting.shift()?.resolve(results));
      // `on`, not `once`: a second 'error' without a listener would be an uncaught exception (fail is idempotent)
      slot.worker.on('error', fail);
      slot.worker.once('exit', fail);
    } catch {
      slot.worker = null;
    }
    pool.push(slot);
  }
  return {
    async compute(inputs) {
      const live = pool.filter((slot) => slot.worker !== null);
      if (live.length === 0 || inputs.length < 2 * (live.length + 1)) return fallback(inputs);
      const share = Math.ceil(inputs.length / (live.length + 1));
      const pending = live.map(
        (slot, i) =>
          new Promise<LineResult[]>((resolve) => {
            const chunk = inputs.slice((i + 1) * share, (i + 2) * share);
            slot.waiting.push({ resolve, chunk });
            slot.worker!.postMessage(chunk);
          }),
      );
      const own = fallback(inputs.slice(0, share));
      return [own, ...(await Promise.all(pending))].flat();
    },
    async close() {
      await Promise.all(
        pool.map(async (slot) => {
          const worker = slot.worker;
          slot.worker = null;
          if (worker) {
            worker.removeAllListeners();
            // a worker still starting can fail after this (e.g. it cannot load its module): an 'error'
            // event without a listener would be an uncaught exception of the whole process
            worker.on('error', () => undefined);
            await worker.terminate();
          }
        }),
      );
    },
  };
}

/**
 * Computes many lines with a pool of `threads − 1` workers started for this call (the bench's
 * one-shot measure; a calculation keeps one pool for all its batches).
 * @param inputs the lines
 * @param settings the calculation's settings
 * @param threads total threads to use (default: the machine's parallelism, capped at 4)
 */
export async function computeLinesParallel(inputs: readonly LineInput[], settings: LineSettings, threads = Math.min(4, os.availableParallelism())): Promise<LineResult[]> {
  if (threads <= 1 || inputs.length < 2) return inputs.map((input) => computeLine(input, settings));
  const pool = createLinePool(settings, threads - 1);
  try {
    return await pool.compute(inputs);
  } finally {
    await pool.close();
  }
}
