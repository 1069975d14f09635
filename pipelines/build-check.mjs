// The build database's checks in a process of their own (pipelines/build-recovery.ts), so that a
// crash of DuckDB's native code ends this process, not the run. Plain JavaScript: it starts the
// same whether the runner runs from the esbuild bundle or through tsx.
//   node build-check.mjs checkpoint <file>       folds the write-ahead log into <file>
//   node build-check.mjs copy <file> <target>    copies every schema object and row of <file> into a new <target>
import { DuckDBInstance } from '@duckdb/node-api';

const [mode, file, target] = process.argv.slice(2);
// Tests stand in for DuckDB's crash on a checkpoint (a killed run's log, DuckDB 1.5.5) with this.
if (mode === 'checkpoint' && process.env.ALMANAC_TEST_CHECKPOINT_CRASH === '1') process.kill(process.pid, 'SIGSEGV');
try {
  const instance = await DuckDBInstance.create(file);
  const conn = await instance.connect();
  if (mode === 'checkpoint') {
    await conn.run('CHECKPOINT');
  } else if (mode === 'copy') {
    const [[name]] = (await conn.runAndReadAll('SELECT current_database()')).getRows();
    await conn.run(`ATTACH '${target.replaceAll("'", "''")}' AS recovered`);
    await conn.run(`COPY FROM DATABASE "${String(name).replaceAll('"', '""')}" TO recovered`);
    await conn.run('DETACH recovered');
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
  conn.closeSync();
  instance.closeSync();
} catch (err) {
  // One line, which the parent reads (a lock held by another run is told apart by it).
  process.stderr.write(`${String(err?.message ?? err).split('\n')[0]}\n`);
  process.exitCode = 1;
}
