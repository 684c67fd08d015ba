import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new","--no-sandbox","--disable-gpu","--no-first-run"] });
try {
  for (const path of process.argv.slice(2)) {
    const r = await lighthouse("http://localhost:3000" + path, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["accessibility","seo","best-practices"] });
    const l = r.lhr;
    const fails = [];
    for (const cat of Object.values(l.categories)) for (const ref of cat.auditRefs) { const a = l.audits[ref.id]; if (a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary") fails.push(a.id + ": " + (a.details?.items?.slice(0,2).map(i => i.node?.snippet ?? i.source ?? JSON.stringify(i).slice(0,100)).join(" | ") ?? "")); }
    console.log(path, Object.entries(l.categories).map(([k,v])=>`${k}=${Math.round(v.score*100)}`).join(" "), fails.length ? "\n   " + fails.join("\n   ") : "");
  }
} finally { await chrome.kill(); }
