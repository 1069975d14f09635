// A parse worker of pipelines/parse-pool.ts. Plain JavaScript so it starts the same whether the
// runner runs from the esbuild bundle or through tsx: the parse module is TypeScript, loaded
// through tsx's loader when this thread has none (a worker inherits `--import tsx` from the
// command line, not a loader the main thread registered itself).
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

async function load(url) {
  try {
    return await import(url);
  } catch (err) {
    if (err?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw err;
    const { register } = await import('tsx/esm/api');
    register();
    // Under another URL: the module map keeps the failed load of the first.
    return await import(`${url}?tsx`);
  }
}

const parse = (await load(workerData.module))[workerData.name];
if (typeof parse !== 'function') throw new Error(`${workerData.module} has no function ${workerData.name}`);

parentPort.on('message', ({ id, bytes, skipIfSha }) => {
  const sha = createHash('sha256').update(bytes).digest('hex');
  if (skipIfSha === sha) {
    parentPort.postMessage({ id, sha, skipped: true });
    return;
  }
  let out;
  try {
    out = parse(bytes);
  } catch (err) {
    parentPort.postMessage({ id, sha, error: String(err?.message ?? err), name: String(err?.name ?? 'Error') });
    return;
  }
  parentPort.postMessage({ id, sha, value: out.value }, out.transfer ?? []);
});
