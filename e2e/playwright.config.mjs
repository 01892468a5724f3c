// Playwright in Debian's Chromium (never a downloaded browser), against the
// built site served by e2e/serve.mjs, plus a second origin (another port)
// serving the installed npm package's dist/ with CORS, as a CDN would: the
// cross-origin embed tests put a post on the first and winrate on the second.
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8765);
const SITE = process.env.SITE_DIR ?? 'build/site';
const CDN_PORT = Number(process.env.E2E_CDN_PORT ?? PORT + 1);
const CDN_DIR = process.env.CDN_DIR ?? 'build/pkg/app/node_modules/winrate/dist';

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.mjs/,
  // The Jekyll and Pandoc posts are built by make test-blogs only (BLOGS_MORE=1), and the
  // WordPress site by make test-wordpress (e2e/wordpress/run.sh sets WORDPRESS_POSTS).
  testIgnore: [...(process.env.BLOGS_MORE ? [] : [/blogs-more\.spec\.mjs/]),
    ...(process.env.WORDPRESS_POSTS ? [] : [/wordpress\.spec\.mjs/])],
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
    // The app's service worker (make site) would answer requests that page.route must see, depending on
    // when it took over; offline.spec.mjs, which tests it, allows it for itself.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update',
        '--disable-sync', '--no-first-run', '--disable-gpu'],
    },
  },
  webServer: [{
    command: `node e2e/serve.mjs ${SITE} ${PORT} --csp-param`,
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 20_000,
  }, {
    command: `node e2e/serve.mjs ${CDN_DIR} ${CDN_PORT} --cors`,
    cwd: '..',
    url: `http://127.0.0.1:${CDN_PORT}/embed.js`,
    reuseExistingServer: false,
    timeout: 20_000,
  }],
});
