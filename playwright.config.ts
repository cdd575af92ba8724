import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { freePort } from './server/test/free-port';

// Chosen once in the main process; workers inherit the environment and reuse it (as below).
process.env.E2E_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
// One fresh data directory per run, so the suite always meets a first start (migrations + seed).
// Set once in the main process; workers inherit the environment and reuse it.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'pbo-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace of every test cost a quarter of the suite's time (phone-width checks: 133 ->
    // 96 s); CI retries a failed test once, and that retry records one. Locally: --trace on.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      // Debian's Chromium, never a downloaded browser.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // Exactly the README's start command, on a private port and data directory.
    command: 'npm start',
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: '',
      // Warnings and errors only: a JSON line for each of the run's thousands of requests would
      // bury the test report.
      LOG_LEVEL: 'warn',
    },
  },
});
