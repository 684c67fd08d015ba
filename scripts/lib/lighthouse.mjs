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
    const { categories, audits } = result.lhr;
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

/** Each field's median over several runs (Lighthouse varies from run to run on a small machine). */
export function medianScores(runs) {
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((run) => run[key]))]));
}
