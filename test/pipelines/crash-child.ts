// Child process for the crash test: runs the slow counting job and reports each loaded document.
import { runPipelines } from '../../pipelines/runner.ts';
import { mirrorSource } from '../../pipelines/sources/mirror.ts';
import { countingJob } from './counting-job.ts';

const [dataDir, mirrorDir] = process.argv.slice(2);
let loaded = 0;
await runPipelines({
  dataDir: dataDir!,
  source: mirrorSource(mirrorDir!),
  jobList: [countingJob({ slowMs: 40 })],
  threads: 1,
  afterDocument: () => {
    loaded++;
    process.stdout.write(`loaded ${loaded}\n`);
  },
});
process.stdout.write('finished\n');
