import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";

/** The system Chromium (CHROME_PATH, else /usr/bin/chromium): no test downloads a browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

export interface BrowserSession {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Lets this test's console show an error it provokes on purpose (matched by `pattern`). */
  expectConsoleError(pattern: RegExp): void;
}

/**
 * One browser per test file and a fresh phone-sized context per test. A test fails on any console
 * error or uncaught exception (hydration mismatches, CSP violations, script failures), except the
 * browser's own "failed to load resource" lines for the 4xx pages a test visits on purpose and
 * the errors a test declares with expectConsoleError.
 */
export function useBrowserSession(baseURL: string): BrowserSession {
  const consoleErrors: string[] = [];
  const expectedErrors: RegExp[] = [];
  const session = {
    expectConsoleError: (pattern: RegExp) => {
      expectedErrors.push(pattern);
    },
  } as BrowserSession & { browser: Browser; context: BrowserContext; page: Page };
  beforeAll(async () => {
    session.browser = await launchBrowser();
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  beforeEach(async () => {
    session.context = await session.browser.newContext({ viewport: { width: 390, height: 844 }, baseURL });
    // Content-security-policy violations count as errors, even those a script catches and ignores.
    await session.context.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (event) =>
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`),
      ),
    );
    session.page = await session.context.newPage();
    consoleErrors.length = 0;
    expectedErrors.length = 0;
    session.page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    session.page.on("pageerror", (error) => consoleErrors.push(error.message));
  });
  afterEach(async () => {
    await session.context?.close();
    const allowed = [/status of 4\d\d/, ...expectedErrors];
    expect(consoleErrors.filter((text) => !allowed.some((pattern) => pattern.test(text)))).toEqual([]);
  });
  return session;
}
