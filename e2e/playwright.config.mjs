// Playwright in Debian's Chromium (never a downloaded browser), against the
// built site served by e2e/serve.mjs on a free port.
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8765);
const SITE = process.env.SITE_DIR ?? 'build/site';

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.mjs/,
  outputDir: '../build/test-results',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update',
        '--disable-sync', '--no-first-run', '--disable-gpu'],
    },
  },
  webServer: {
    command: `node e2e/serve.mjs ${SITE} ${PORT}`,
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 20_000,
  },
});
