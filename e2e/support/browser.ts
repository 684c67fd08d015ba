import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect, onTestFailed } from "vitest";

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

export interface BrowserSessionOptions {
  /**
   * One context for the whole file, a fresh page in it per test, its cookies and permissions cleared
   * after each test: what a new context would give, except the HTTP cache, so a file's pages load
   * the shop's scripts and styles once instead of once per test. For files whose tests need no
   * other isolation (no init scripts or routes on the context; sessionStorage is per page anyway).
   */
  readonly shareContext?: boolean;
}

/**
 * One browser per test file and a fresh phone-sized context per test (or one per file, shareContext). A test fails on any console
 * error or uncaught exception (hydration mismatches, CSP violations, script failures), except the
 * browser's own "failed to load resource" lines for the 4xx pages a test visits on purpose and
 * the errors a test declares with expectConsoleError.
 */
export function useBrowserSession(
  baseURL: string,
  { shareContext = false }: BrowserSessionOptions = {},
): BrowserSession {
  const consoleErrors: string[] = [];
  const expectedErrors: RegExp[] = [];
  const session = {
    expectConsoleError: (pattern: RegExp) => {
      expectedErrors.push(pattern);
    },
  } as BrowserSession & { browser: Browser; context: BrowserContext; page: Page };
  async function newContext(): Promise<BrowserContext> {
    const context = await session.browser.newContext({ viewport: { width: 390, height: 844 }, baseURL });
    // Content-security-policy violations count as errors, even those a script catches and ignores.
    await context.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (event) =>
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`),
      ),
    );
    return context;
  }
  beforeAll(async () => {
    session.browser = await launchBrowser();
    if (shareContext) session.context = await newContext();
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  beforeEach(async () => {
    // Printed on every failed attempt: the report of a test that passed on its retry shows only
    // "(retry x1)", and the flake's cause would be lost.
    onTestFailed(({ task }) => {
      const errors = (task.result?.errors ?? []).map((error) => error.message).join(" | ");
      console.log(`FAILED (attempt ${(task.result?.retryCount ?? 0) + 1}) ${task.name}: ${errors}`);
    });
    if (!shareContext) session.context = await newContext();
    session.page = await session.context.newPage();
    consoleErrors.length = 0;
    expectedErrors.length = 0;
    session.page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    session.page.on("pageerror", (error) => consoleErrors.push(error.message));
  });
  afterEach(async () => {
    if (shareContext) {
      // Every page the test opened (a popup too), so the next test starts as in a new context.
      await Promise.all(session.context.pages().map((page) => page.close()));
      await session.context.clearCookies();
      await session.context.clearPermissions();
    } else {
      await session.context?.close();
    }
    const allowed = [/status of 4\d\d/, ...expectedErrors];
    const unexpected = consoleErrors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
    // The messages go in the assertion's own line: a CI summary keeps that line and may cut the diff.
    expect(unexpected, `console errors: ${unexpected.join(" | ")}`).toEqual([]);
  });
  return session;
}

/**
 * Resolves once the page's React Router has started, and with it hydration: a button's handler is
 * React's, so a click or an Enter sent before then does nothing (a loaded machine delivered the
 * lightbox's Enter before it, and the test waited 30 s for a dialog that never opened).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
}
