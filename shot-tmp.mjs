import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
const [name, path, ...ys] = process.argv.slice(2);
await page.goto("http://localhost:3100" + path, { waitUntil: "load" });
await page.waitForTimeout(500);
for (const y of ys) await page.screenshot({ path: `/tmp/seg-${name}-${y}.png`, fullPage: true, clip: { x: 0, y: Number(y), width: 390, height: 1600 } });
await browser.close();
