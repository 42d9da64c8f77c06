import { test } from '@playwright/test';

/** The server a project's tests run against (playwright.config.ts): one per project, each with its own data. */
export interface E2EServer {
  port: number;
  /** Where that server sends its mail. */
  smtpPort: number;
  /** Its DATA_DIR, which the project's workers may also write to. */
  dataDir: string;
}

/** The running test's server, from its project's metadata. */
export function thisServer(): E2EServer {
  return test.info().project.metadata as E2EServer;
}
