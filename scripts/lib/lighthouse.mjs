// Lighthouse (mobile, simulated throttling: its defaults) with the system Chromium, for `npm run bench`
// and `npm run bench -- lighthouse`. Nothing is downloaded: CHROME_PATH or /usr/bin/chromium.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** The audits behind the performance score that say where a page's time goes, in ms (CLS unitless). */
const METRICS = {
  fcpMs: "first-contentful-paint",
  lcpMs: "largest-contentful-paint",
  tbtMs: "total-blocking-time",
  cls: "cumulative-layout-shift",
  speedIndexMs: "speed-index",
};

/** One Lighthouse run of `url` in a Chromium of its own: the four category scores and the metrics above. */
export async function lighthouseScores(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    const { categories, audits, runtimeError } = result.lhr;
    // A run Lighthouse could not finish (no paint seen, the page not loaded in time) scores 0 and
    // has no metrics: said as such, so that it is run again rather than taken for the page's score.
    if (runtimeError) return { failed: runtimeError.code ?? "unknown" };
    const score = (key) => Math.round((categories[key]?.score ?? 0) * 100);
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([name, audit]) => [name, audits[audit]?.numericValue ?? Number.NaN]),
    );
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      ...metrics,
    };
  } finally {
    await chrome.kill();
  }
}

/** How many runs a page may need to get `runs` that finished (each failed one is tried again). */
const EXTRA_TRIES = 2;

/**
 * `runs` finished runs of `url` (failed ones run again, up to EXTRA_TRIES more): each field's median,
 * and how many runs failed on the way. Lighthouse varies from run to run on a small machine.
 */
export async function lighthouseMedian(url, runs) {
  const finished = [];
  let failed = 0;
  for (let attempt = 0; finished.length < runs && attempt < runs + EXTRA_TRIES; attempt += 1) {
    const run = await lighthouseScores(url);
    if (run.failed) failed += 1;
    else finished.push(run);
  }
  if (finished.length === 0) throw new Error(`Lighthouse could not finish a run of ${url}`);
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const fields = Object.keys(finished[0]);
  return {
    ...Object.fromEntries(fields.map((key) => [key, median(finished.map((run) => run[key]))])),
    performanceRuns: finished.map((run) => run.performance),
    failed,
  };
}
