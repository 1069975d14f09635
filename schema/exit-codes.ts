/**
 * Exit codes of the `almanac` command (every subcommand), documented in README "Exit codes".
 * Usage errors and "busy" follow sysexits.h (EX_USAGE 64, EX_TEMPFAIL 75), so a script can tell a
 * mistyped command from a run that quarantined documents (2) or failed (1).
 */
export const EXIT = {
  /** Done (for `pipelines run`: every job succeeded and the snapshot was published). */
  ok: 0,
  /** Failed: a job failed (nothing published), an unknown account, an error while running. */
  failure: 1,
  /** `pipelines run` only: partial success, some documents quarantined, the snapshot still published. */
  partial: 2,
  /** Usage error: unknown command or option, bad value (an impossible date, a missing mirror folder, an unknown source). */
  usage: 64,
  /** Busy, try again later: another run holds the build database, or a server holds the embedded user store. */
  busy: 75,
} as const;

/** An invalid invocation: the CLI prints its message (one line, no stack) and exits 64. */
export class UsageError extends Error {}

/** A resource another process holds: the CLI prints its message (one line) and exits 75. */
export class BusyError extends Error {}
