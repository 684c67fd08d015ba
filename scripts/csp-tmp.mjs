import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
await page.addInitScript(() => { window.__v = []; document.addEventListener("securitypolicyviolation", (e) => window.__v.push([e.violatedDirective, e.blockedURI, e.sourceFile, e.lineNumber, e.sample])); });
for (const p of process.argv.slice(2)) { await page.goto("http://localhost:3000" + p, { waitUntil: "load" }); await page.waitForTimeout(1500); console.log(p, JSON.stringify(await page.evaluate(() => window.__v))); }
await browser.close();
