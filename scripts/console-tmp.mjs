import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
page.on("console", (m) => console.log("console", m.type(), m.text().slice(0, 300)));
page.on("pageerror", (e) => console.log("pageerror", e.message.slice(0, 300)));
for (const p of process.argv.slice(2)) { console.log("==", p); await page.goto("http://localhost:3000" + p, { waitUntil: "load" }); await page.waitForTimeout(800); }
await browser.close();
