import { parentPort, workerData } from 'node:worker_threads';
import { computeLine, type LineInput, type LineResult, type LineSettings } from './calculation.engine.ts';

/*
 * Worker thread of the replenishment calculation (calculation.parallel.ts): started with
 * `workerData.settings`, receives batches of inputs and answers the `computeLine` result of each,
 * in order, one message per batch.
 */
const settings = (workerData as { settings: LineSettings }).settings;
parentPort?.on('message', (inputs: LineInput[]) => {
  const results: LineResult[] = inputs.map((input) => computeLine(input, settings));
  parentPort!.postMessage(results);
});
