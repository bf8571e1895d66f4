import { parentPort } from 'node:worker_threads';
import { computeLine, type LineInput, type LineResult, type LineSettings } from './calculation.engine.ts';

/*
 * Worker thread of the replenishment calculation (calculation.parallel.ts): receives
 * `{inputs, settings}`, answers the `computeLine` result of each input, in order.
 */
parentPort?.on('message', (message: { inputs: LineInput[]; settings: LineSettings }) => {
  const results: LineResult[] = message.inputs.map((input) => computeLine(input, message.settings));
  parentPort!.postMessage(results);
});
