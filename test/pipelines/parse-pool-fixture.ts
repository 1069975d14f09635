/** Parse functions for test/pipelines/parse-pool.test.ts, loaded inside the pool's worker threads. */
import { QuarantineError } from '../../pipelines/jobs/interface.ts';

/** The bytes' values as an Int32Array (its buffer moved to the caller); `bad` as a document refuses it. */
export function parseNumbers(bytes: Uint8Array): { value: { numbers: Int32Array }; transfer: ArrayBuffer[] } {
  const text = new TextDecoder().decode(bytes);
  if (text.startsWith('bad')) throw new QuarantineError(`not numbers: ${text}`);
  if (text === 'crash') process.exit(3);
  const numbers = Int32Array.from(text.split(',').map(Number));
  return { value: { numbers }, transfer: [numbers.buffer as ArrayBuffer] };
}

export const notAFunction = 42;
