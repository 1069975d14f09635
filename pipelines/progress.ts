/**
 * Progress for long runs: on a terminal, one self-rewriting line (documents done/total, rate, ETA);
 * elsewhere (CI, logs) a plain line every 10% or 30 seconds.
 */
export interface Progress {
  start(job: string, total: number): void;
  tick(): void;
  done(summary: string): void;
  log(message: string): void;
}

export function silentProgress(): Progress {
  return { start() {}, tick() {}, done() {}, log() {} };
}

export function consoleProgress(options: { plain?: boolean } = {}, stream: NodeJS.WriteStream = process.stderr): Progress {
  const tty = Boolean(stream.isTTY) && !options.plain;
  let job = '';
  let total = 0;
  let done = 0;
  let started = 0;
  let lastPlain = 0;
  let lastDecile = -1;
  const line = (): string => {
    const secs = (Date.now() - started) / 1000;
    const rate = secs > 0 ? done / secs : 0;
    const eta = rate > 0 ? Math.ceil((total - done) / rate) : 0;
    return `${job}: ${done}/${total} documents, ${rate.toFixed(1)}/s, ETA ${eta}s`;
  };
  return {
    start(name, n) {
      job = name;
      total = n;
      done = 0;
      started = Date.now();
      lastPlain = started;
      lastDecile = -1;
      if (!tty) stream.write(`${job}: ${total} documents\n`);
    },
    tick() {
      done++;
      if (tty) {
        stream.write(`\r\x1b[K${line()}`);
        return;
      }
      const decile = total ? Math.floor((done * 10) / total) : 10;
      if (decile > lastDecile || Date.now() - lastPlain > 30_000) {
        lastDecile = decile;
        lastPlain = Date.now();
        stream.write(`${line()}\n`);
      }
    },
    done(summary) {
      stream.write(tty ? `\r\x1b[K${summary}\n` : `${summary}\n`);
    },
    log(message) {
      stream.write(tty ? `\r\x1b[K${message}\n` : `${message}\n`);
    },
  };
}
