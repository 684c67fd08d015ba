// `npm run bench:staff`: how long the admin panel's screens take on the demo data (decision 041).
// Starts the built CMS on a fresh SQLite database with the demo catalogue and the demo staff
// account, signs in, and times what the panel asks for when a screen opens (the calls of a list
// screen and of an edit screen, sent at once as the panel does), ROUNDS times each, writing the
// median and the slowest to bench/staff-screens.md beside the machine's load. A benchmark, not a test.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuilt, freePort, ROOT, startCms, stopProcess, waitForHttp } from "./lib/processes.mjs";

const ROUNDS = Number(process.env.BENCH_STAFF_ROUNDS ?? 10);
const TARGET_MS = 1000;
const STAFF = { email: "admin@demo.local", password: "DemoAdmin123!" };
const PRODUCT = "api::product.product";
const ORDER = "api::order.order";

await ensureBuilt({ only: ["domain", "contracts", "routing", "cms"] });
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-staff-"));
const port = await freePort();
const cmsUrl = `http://127.0.0.1:${port}`;
const cms = startCms({
  port,
  logFile: path.join(workDir, "cms.log"),
  env: {
    DATABASE_URL: "",
    DATABASE_FILENAME: path.join(workDir, "shop.db"),
    PUBLIC_DIR: path.join(workDir, "public"),
    MAIL_OUTBOX_DIR: path.join(workDir, "outbox"),
    DEMO_MODE: "true",
    SEED_DEMO_DATA: "true",
    DEMO_ADMIN_EMAIL: STAFF.email,
    DEMO_ADMIN_PASSWORD: STAFF.password,
  },
});

try {
  await waitForHttp(`${cmsUrl}/health`, { child: cms, timeoutMs: 180_000 });
  const login = await fetch(`${cmsUrl}/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(STAFF),
  });
  if (!login.ok) throw new Error(`Staff sign-in answered ${login.status}`);
  const { token } = (await login.json()).data;
  const get = async (url) => {
    const response = await fetch(cmsUrl + url, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.json();
  };
  const firstProduct = (await get(`/content-manager/collection-types/${PRODUCT}?page=1&pageSize=1`)).results[0];

  // What the panel asks for when each screen opens (the browser's network panel, Strapi 5.54).
  const common = ["/admin/users/me", "/admin/users/me/permissions", "/admin/information", "/content-manager/init"];
  const screens = [
    [
      "Products list",
      [
        ...common,
        `/content-manager/content-types/${PRODUCT}/configuration`,
        `/content-manager/collection-types/${PRODUCT}?page=1&pageSize=10&sort=name_es:ASC`,
      ],
    ],
    [
      "Orders list",
      [
        ...common,
        `/content-manager/content-types/${ORDER}/configuration`,
        `/content-manager/collection-types/${ORDER}?page=1&pageSize=20&sort=id:DESC`,
      ],
    ],
    [
      "Product edit",
      [
        ...common,
        `/content-manager/content-types/${PRODUCT}/configuration`,
        `/content-manager/collection-types/${PRODUCT}/${firstProduct.documentId}`,
        `/content-manager/relations/${PRODUCT}/${firstProduct.documentId}/market_types?page=1&pageSize=10`,
        `/content-manager/relations/${PRODUCT}/${firstProduct.documentId}/tax_id?page=1&pageSize=10`,
      ],
    ],
  ];
  const rows = [];
  for (const [name, urls] of screens) {
    await Promise.all(urls.map(get));
    const times = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      await Promise.all(urls.map(get));
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push({ name, calls: urls.length, median: times[Math.floor(times.length / 2)], slowest: times.at(-1) });
  }
  const report = [
    "# Staff screens (admin panel) on the demo data",
    "",
    `${new Date().toISOString()}, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}; ${ROUNDS} rounds per screen; target: under ${TARGET_MS} ms.`,
    "",
    "| Screen | Calls | Median (ms) | Slowest (ms) | |",
    "|---|---|---|---|---|",
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.calls} | ${Math.round(row.median)} | ${Math.round(row.slowest)} | ${row.median < TARGET_MS ? "✓" : "✗"} |`,
    ),
    "",
  ].join("\n");
  fs.mkdirSync(path.join(ROOT, "bench"), { recursive: true });
  fs.writeFileSync(path.join(ROOT, "bench/staff-screens.md"), report);
  console.log(report);
} finally {
  await stopProcess(cms);
  fs.rmSync(workDir, { recursive: true, force: true });
}
