import { defineConfig, devices } from "@playwright/test";

// E2E_PORT lets two runs side by side use their own server, mail server and data.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const SMTP_PORT = PORT + 1000;
const DATA_DIR = `tests/.tmp/e2e-${PORT}`;
process.env.E2E_SMTP_PORT = String(SMTP_PORT);
process.env.E2E_DATA_DIR = DATA_DIR;

/**
 * The built app in Debian's Chromium at 390 x 844, once with JavaScript and
 * once without. Mail goes over real SMTP to the server started in
 * tests/e2e/global-setup.ts.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Room for a busy machine (CI shares its cores): a page that takes a few seconds to answer under
  // load is slow, not wrong. A test that needs more says so with test.slow().
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: true,
    userAgent: devices["Pixel 7"].userAgent,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
    },
    trace: "off",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false }, testIgnore: /(screens|offline[\w-]*|time-zones)\.spec/ },
  ],
  webServer: {
    // The build is made again first when it is older than its source (tests/helpers/fresh-build.ts):
    // here, because Playwright starts this server before it runs the global setup.
    // The demo data gives the signed-in screens something real to show.
    command: `node --import tsx tests/helpers/fresh-build.ts && rm -rf ${DATA_DIR} && node build/server/seed-demo.js > /dev/null && node scripts/start.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    // Room for a build on a busy machine.
    timeout: 300_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      APP_ORIGIN: `http://127.0.0.1:${PORT}`,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      RATE_LIMIT_FACTOR: "100",
      NODE_ENV: "production",
      // Web Push goes to the test's own push service (tests/helpers/push-service.ts), over HTTPS.
      NODE_EXTRA_CA_CERTS: "tests/helpers/push-service/cert.pem",
      PUSH_ALLOWED_HOSTS: "localhost",
    },
  },
});
