import type { ChildProcess } from 'node:child_process';

/** True once the process has ended: it exited (exitCode), or a signal ended it (signalCode; exitCode stays null). */
export const hasEnded = (child: ChildProcess): boolean =>
  child.exitCode !== null || child.signalCode !== null;
