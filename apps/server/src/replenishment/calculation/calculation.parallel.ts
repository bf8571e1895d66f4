import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { computeLine, type LineInput, type LineResult, type LineSettings } from './calculation.engine.ts';

/**
 * Computes many lines with `computeLine`, the work split between this thread and
 * `availableParallelism() − 1` worker threads (at most 3): the forecasting of a 100,000-title catalogue
 * is CPU-bound (about 50–80 µs a title under AUTOMATICO). A worker that cannot start or fails leaves
 * its share to this thread, so the answer is always the same as the sequential one, in input order.
 * @param inputs the lines
 * @param settings the calculation's settings
 * @param threads total threads to use (default: the machine's parallelism, capped at 4)
 */
export async function computeLinesParallel(inputs: readonly LineInput[], settings: LineSettings, threads = Math.min(4, os.availableParallelism())): Promise<LineResult[]> {
  if (threads <= 1 || inputs.length < 2) return inputs.map((input) => computeLine(input, settings));
  const share = Math.ceil(inputs.length / threads);
  const chunks: LineInput[][] = [];
  for (let i = 0; i < inputs.length; i += share) chunks.push(inputs.slice(i, i + share));
  const [own, ...others] = chunks;
  const pending = others.map((chunk) => runInWorker(chunk, settings));
  const first = own.map((input) => computeLine(input, settings));
  const rest = await Promise.all(pending);
  return [first, ...rest].flat();
}

function runInWorker(chunk: LineInput[], settings: LineSettings): Promise<LineResult[]> {
  return new Promise((resolve) => {
    let worker: Worker;
    const fallback = () => resolve(chunk.map((input) => computeLine(input, settings)));
    try {
      worker = new Worker(new URL('./calculation.worker.ts', import.meta.url));
    } catch {
      fallback();
      return;
    }
    let done = false;
    worker.once('message', (results: LineResult[]) => {
      done = true;
      resolve(results);
      void worker.terminate();
    });
    worker.once('error', () => {
      if (!done) fallback();
      done = true;
      void worker.terminate();
    });
    worker.once('exit', () => {
      if (!done) fallback();
      done = true;
    });
    worker.postMessage({ inputs: chunk, settings });
  });
}
