import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { LOCALES, pathTo, RESOURCE_PATHS, SCREEN_IDS, SCREENS, type Locale, type ScreenId } from "@shop/routing";
import { PUBLIC_COLLECTIONS, type PublicProduct } from "@shop/contracts";
import { registerCustomer, SESSION_COOKIE } from "./support/accounts";
import { useOwnStorefront } from "./support/own-storefront";

/**
 * Malformed requests (odd methods, broken bodies, hostile query strings, mangled paths) against every
 * route of the storefront and every public route of the CMS. Whatever a client sends, the answer is
 * a 2xx, 3xx or 4xx: a 5xx, a request left unanswered or a server that stops listening fails.
 *
 * Deterministic and bounded: the mutations are dealt to the routes from a list shuffled with a fixed
 * seed, about 2,400 requests in all, four at a time, each with its own timeout. Requests go through
 * node:http so that methods and paths reach the servers exactly as written (fetch normalizes paths
 * and refuses TRACE), and only ever to the two loopback addresses of the global setup.
 */

const storefrontUrl = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");
/**
 * The global setup writes the shop's log next to the mail outbox: shop.log, npm start's output with
 * each line named by its app ("[storefront] ..."), or cms.log and storefront.log.
 */
const logDir = path.dirname(inject("outboxDir"));

const SEED = 20_240_601;
const CONCURRENCY = 4;
const REQUEST_TIMEOUT_MS = 15_000;
/** Each half takes 2-10 s on two cores; the headroom is for a loaded machine, not for hangs. */
const TEST_TIMEOUT_MS = 90_000;
/** A server that died would fail every request after it: the first ones tell the story. */
const MAX_LISTED_FAILURES = 200;

/** How many mutations each route meets besides its plain request, per family of routes. */
const MUTATIONS_PER_SCREEN = 5;
const MUTATIONS_PER_SIGNED_IN_SCREEN = 2;
const MUTATIONS_PER_RESOURCE = 3;
const MUTATIONS_PER_CMS_ROUTE = 6;

// ---------------------------------------------------------------------------------------------
// Bodies, methods, query strings and paths
// ---------------------------------------------------------------------------------------------

interface Body {
  readonly contentType?: string;
  readonly chunks: readonly string[];
  /** Sent with Transfer-Encoding: chunked instead of a Content-Length. */
  readonly chunked?: boolean;
}

const FORM = "application/x-www-form-urlencoded";

/** Every field the shop's forms and the CMS's auth routes read, each with a type or value they refuse. */
const HOSTILE_OBJECT = {
  data: { name: ["x"], email: { $ne: null }, message: 1, locale: {}, employees: "__proto__" },
  identifier: { $ne: "" },
  password: ["x"],
  passwordConfirmation: { length: 1 },
  currentPassword: null,
  email: { $gt: "" },
  username: 1,
  code: { $ne: null },
  provider: "../../admin",
  constructor: { prototype: { polluted: true } },
};

const BODIES = {
  none: { chunks: [] },
  "json-object": { contentType: "application/json", chunks: [JSON.stringify(HOSTILE_OBJECT)] },
  "json-deep-array": { contentType: "application/json", chunks: ["[".repeat(3000) + "]".repeat(3000)] },
  "json-invalid": { contentType: "application/json", chunks: ['{"email": "nobody@example.test", "password": '] },
  xml: {
    contentType: "application/xml",
    chunks: ['<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x><email>&e;</email></x>'],
  },
  "multipart-broken": {
    contentType: "multipart/form-data; boundary=zzz",
    chunks: [
      '--zzz\r\nContent-Disposition: form-data; name="email"\r\n\r\nnobody@example.test\r\n' +
        '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nunfini',
    ],
  },
  "urlencoded-garbage": { contentType: FORM, chunks: ["%%%=&&="] },
  "form-odd-fields": {
    contentType: FORM,
    chunks: [
      "name=%00%0D%0Ax&email=not-an-email&message=&phone[]=1&employees=__proto__&locale=xx&website=" +
        "&identifier=%E0%A4%A&password[$ne]=&redirect=%2F%2Fevil.example",
    ],
  },
  "form-1mb": { contentType: FORM, chunks: [`message=${"x".repeat(1024 * 1024)}`] },
  chunked: { contentType: FORM, chunks: ["name=chunked&", "email=not-an-email&", "message=x"], chunked: true },
} as const satisfies Record<string, Body>;

type BodyKind = keyof typeof BODIES;
const BODY_KINDS = Object.keys(BODIES) as BodyKind[];

const METHODS_WITHOUT_BODY = ["HEAD", "DELETE", "OPTIONS", "TRACE", "FOO"] as const;
const BODY_METHODS = ["POST", "PUT", "PATCH"] as const;

const QUERIES: Readonly<Record<string, string>> = {
  "lone percent": "%",
  "broken escape": "a=%E0%A4%A",
  "deep brackets": "a[b][c][d][e][f][g][h]=1",
  "1500 parameters": Array.from({ length: 1500 }, (_, index) => `p${index}=${index}`).join("&"),
  "negative page": "page=-1",
  "page not a number": "page=abc",
  "page as array and huge": "page[]=1&page=99999999999999999999&pageSize=0",
  "foreign redirect": "redirect=//evil.example&returnTo=https://evil.example",
  "6 KB value": `q=${"x".repeat(6 * 1024)}`,
  "strapi operators": "sort=nope:desc&filters[nope][$eq]=1&filters[$where]=1&populate=*&fields[0]=password",
};

/** Applied to the route's path (before `.data` is added to a data request's). */
const PATH_MUTATIONS: Readonly<Record<string, (path: string) => string>> = {
  "doubled slashes": (p) => p.replace(/\//g, "//"),
  "trailing slash": (p) => `${p}/`,
  "NUL byte": (p) => `${p}%00`,
  "encoded dot-dot": (p) => `${p}/%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
  "dot-dot-semicolon": (p) => `${p}/..;/admin`,
  backslashes: (p) => p.replace(/\//g, "\\"),
  "3000-character segment": (p) => `${p}/${"a".repeat(3000)}`,
  "encoded unicode": (p) => `${p}/%C3%B1and%C3%BA-%F0%9F%8D%85`,
  // Sent as the single byte 0xF1: not UTF-8 at all.
  "raw latin-1 byte": (p) => `${p}/\u00f1`,
  "invalid escapes": (p) => `${p}/%E0%A4%A/%zz`,
};

interface Mutation {
  readonly name: string;
  readonly method: string;
  readonly body: BodyKind;
  readonly query?: string;
  readonly mutatePath?: (path: string) => string;
}

const MUTATIONS: readonly Mutation[] = [
  ...METHODS_WITHOUT_BODY.map((method): Mutation => ({ name: method, method, body: "none" })),
  ...BODY_METHODS.flatMap((method) =>
    BODY_KINDS.map((body): Mutation => ({ name: `${method} ${body}`, method, body })),
  ),
  ...Object.entries(QUERIES).map(([name, query]): Mutation => ({ name, method: "GET", body: "none", query })),
  ...Object.entries(PATH_MUTATIONS).map(([name, mutatePath]): Mutation => ({
    name,
    method: "GET",
    body: "none",
    mutatePath,
  })),
];

/** mulberry32: a small PRNG, so that the order of the mutations is the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/**
 * Deals the mutations out in a fixed shuffled order, round and round: each route of a family gets
 * distinct ones, and across the family every mutation is dealt about equally often.
 */
function dealer(seed: number) {
  const deck = shuffled(MUTATIONS, seededRandom(seed));
  let next = 0;
  return (count: number): Mutation[] =>
    Array.from({ length: Math.min(count, deck.length) }, () => deck[next++ % deck.length] as Mutation);
}

// ---------------------------------------------------------------------------------------------
// Routes and requests
// ---------------------------------------------------------------------------------------------

type Server = "storefront" | "cms";

interface Route {
  readonly server: Server;
  readonly path: string;
  /** A query string the route is always asked with (the image proxy's parameters). */
  readonly query?: string;
  /** A page of React Router: it also answers data requests at path + ".data". */
  readonly page?: boolean;
  readonly headers?: Readonly<Record<string, string>>;
  readonly note?: string;
}

interface Probe {
  readonly server: Server;
  readonly method: string;
  /** Written on the request line exactly as it is: no normalization, no encoding. */
  readonly path: string;
  readonly body: BodyKind;
  /** The mutation's name, for the report. */
  readonly mutation: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly note?: string;
}

/** React Router's data request for a page path. */
function dataPath(pagePath: string): string {
  return pagePath === "/" ? "/_root.data" : `${pagePath}.data`;
}

function probe(route: Route, mutation: Mutation, asData = false): Probe {
  let requestPath = mutation.mutatePath ? mutation.mutatePath(route.path) : route.path;
  if (asData) requestPath = dataPath(requestPath);
  const query = [route.query, mutation.query].filter(Boolean).join("&");
  return {
    server: route.server,
    method: mutation.method,
    path: query ? `${requestPath}?${query}` : requestPath,
    body: mutation.body,
    mutation: mutation.name,
    headers: route.headers,
    note: route.note,
  };
}

const PLAIN_GET: Mutation = { name: "GET", method: "GET", body: "none" };

/** The plain request (and data request) of each route, then `count` dealt mutations. */
function probesFor(routes: readonly Route[], count: number, deal: (count: number) => Mutation[]) {
  return routes.flatMap((route) => [
    probe(route, PLAIN_GET),
    ...(route.page ? [probe(route, PLAIN_GET, true)] : []),
    ...deal(count).map((mutation, index) => probe(route, mutation, route.page === true && index % 2 === 1)),
  ]);
}

/** Every body on POST: pages alternate between the document and the data request. */
function everyBodyFor(routes: readonly Route[]): Probe[] {
  return routes.flatMap((route, routeIndex) =>
    BODY_KINDS.map((body, index) =>
      probe(
        route,
        { name: `POST ${body}`, method: "POST", body },
        route.page === true && (routeIndex + index) % 2 === 1,
      ),
    ),
  );
}

/** Every mutation, on the document and on the data request in turn. */
function everyMutationFor(routes: readonly Route[]): Probe[] {
  return routes.flatMap((route) => [
    probe(route, PLAIN_GET),
    ...MUTATIONS.map((mutation, index) => probe(route, mutation, route.page === true && index % 2 === 1)),
  ]);
}

interface Outcome {
  readonly status?: number;
  readonly error?: string;
}

function send(request: Probe): Promise<Outcome> {
  const base = new URL(request.server === "storefront" ? storefrontUrl : cmsUrl);
  const body: Body = BODIES[request.body];
  const chunks = body.chunks.map((chunk) => Buffer.from(chunk));
  const headers: Record<string, string> = { ...request.headers };
  if (body.contentType) headers["Content-Type"] = body.contentType;
  if (chunks.length > 0 && !body.chunked) {
    headers["Content-Length"] = String(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  }
  return new Promise((resolve) => {
    let status: number | undefined;
    let settled = false;
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    let req: http.ClientRequest | undefined;
    const timer = setTimeout(() => {
      finish(status === undefined ? { error: `no answer within ${REQUEST_TIMEOUT_MS} ms` } : { status });
      req?.destroy();
    }, REQUEST_TIMEOUT_MS);
    try {
      req = http.request({
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        headers,
        agent: false,
        // Node's own limit is 16 KB; a redirect that echoes a long query string may need more.
        maxHeaderSize: 256 * 1024,
      });
    } catch (error) {
      finish({ error: `not sent: ${error instanceof Error ? error.message : String(error)}` });
      return;
    }
    req.on("response", (res) => {
      status = res.statusCode;
      res.on("error", () => finish({ status }));
      res.on("close", () => finish({ status }));
      res.resume();
    });
    // A server may answer (413, 411) and close before it has read the whole body: the answer counts.
    req.on("error", (error: NodeJS.ErrnoException) =>
      finish(status === undefined ? { error: error.code ?? error.message } : { status }),
    );
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

/** Sends the probes, CONCURRENCY at a time, in order. */
async function sendAll(probes: readonly Probe[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array<Outcome>(probes.length);
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const index = next++;
      outcomes[index] = await send(probes[index] as Probe);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return outcomes;
}

function shorten(text: string, max = 140): string {
  const visible = text.replace(/[^\x20-\x7e]/g, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, "0")}`);
  return visible.length <= max ? visible : `${visible.slice(0, max - 25)}…(${visible.length} chars)`;
}

function describeProbe(request: Probe, outcome: Outcome): string {
  const note = request.note ? ` (${request.note})` : "";
  const answer = outcome.status ?? outcome.error ?? "?";
  const what = `mutation: ${request.mutation}, body: ${request.body}`;
  return `${request.server} ${request.method} ${shorten(request.path)} [${what}]${note} -> ${answer}`;
}

/** A 5xx, no answer in time, or a connection the server refused or dropped without a word. */
function failed(outcome: Outcome): boolean {
  return outcome.status === undefined || outcome.status >= 500;
}

const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/**
 * What the servers logged while `action` ran, for the failure message: every line but access-log
 * lines and stack frames, with quoted text masked so that one problem counts once, most frequent first.
 */
async function withLogSummary<T>(
  action: () => Promise<T>,
): Promise<{ result: T; logged: string[]; stackFrames: number }> {
  const logs = ["shop.log", "storefront.log", "cms.log"].map((name) => path.join(logDir, name));
  const sizes = logs.map((file) => (fs.existsSync(file) ? fs.statSync(file).size : 0));
  const result = await action();
  // Log streams are written asynchronously: give the last lines a moment to land.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const counts = new Map<string, number>();
  let stackFrames = 0;
  logs.forEach((file, index) => {
    if (!fs.existsSync(file)) return;
    const added = fs.readFileSync(file).subarray(sizes[index]).toString("utf8");
    for (const raw of added.split("\n")) {
      const line = raw
        .replace(ANSI_COLOUR, "")
        .replace(/^\[[^\]]*\]\s*/, "")
        .trim();
      if (/^at /.test(line)) stackFrames += 1;
      if (line === "" || /^at /.test(line) || /^(http|info|debug):/.test(line)) continue;
      const key = `${path.basename(file)}: ${shorten(line.replace(/"[^"]*"/g, '"..."'), 240)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  });
  const logged = [...counts.entries()].sort(([, a], [, b]) => b - a).map(([line, count]) => `${count}× ${line}`);
  return { result, logged, stackFrames };
}

async function fuzz(probes: readonly Probe[]) {
  const started = performance.now();
  const { result: outcomes, logged } = await withLogSummary(() => sendAll(probes));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const statuses = new Map<string, number>();
  for (const outcome of outcomes) {
    const key = String(outcome.status ?? outcome.error);
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
  const summary = [...statuses.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, count]) => `${key}×${count}`)
    .join(" ");
  console.info(`${probes.length} requests in ${seconds} s: ${summary}`);

  const failures = probes.flatMap((request, index) => {
    const outcome = outcomes[index] as Outcome;
    return failed(outcome) ? [describeProbe(request, outcome)] : [];
  });
  const listed = failures.slice(0, MAX_LISTED_FAILURES).join("\n");
  const more = failures.length > MAX_LISTED_FAILURES ? `\n... and ${failures.length - MAX_LISTED_FAILURES} more` : "";
  const logNote =
    logged.length > 0 ? `\n\nLogged meanwhile (${logged.length} kinds):\n${logged.slice(0, 25).join("\n")}` : "";
  expect(
    failures.length,
    `${failures.length} of ${probes.length} requests answered 5xx or not at all:\n${listed}${more}${logNote}\n`,
  ).toBe(0);
}

// ---------------------------------------------------------------------------------------------
// What the catalogue holds: real parameters for the routes
// ---------------------------------------------------------------------------------------------

type Slugs = Record<`slug_${Locale}`, string>;

let product: PublicProduct | undefined;
let category: Slugs | undefined;
let upload = "/uploads/no-such-picture.png";
const firstIds = new Map<string, string>();
let sessionCookie = "";
let jwt = "";

async function listOf<T>(url: string): Promise<T[]> {
  const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const body = (await response.json()) as { data?: T[] } | T[];
  return Array.isArray(body) ? body : (body.data ?? []);
}

beforeAll(async () => {
  const products = await listOf<PublicProduct>(`${cmsUrl}/api/products?isActive=all`);
  product = products.find((candidate) => candidate.isActive);
  if (!product) throw new Error("The demo catalogue has no active product");
  const [image] = product.image;
  if (image?.startsWith("/uploads/")) upload = image;
  category = (await listOf<Slugs>(`${cmsUrl}/api/categories`))[0];
  for (const collection of PUBLIC_COLLECTIONS) {
    const [first] = await listOf<{ documentId?: string }>(`${cmsUrl}/api/${collection}?pagination[pageSize]=1`);
    if (first?.documentId) firstIds.set(collection, first.documentId);
  }
  // One customer, registered once, to reach the account pages past their sign-in guard.
  const customer = await registerCustomer(cmsUrl);
  jwt = customer.jwt;
  sessionCookie = `${SESSION_COOKIE}=${customer.jwt}`;
});

/** Values for each parameter of a screen: real ones from the catalogue and made-up ones. */
function parameterValues(id: ScreenId, name: string, locale: Locale): string[] {
  if (id === "product") return [product?.[`slug_${locale}`] ?? "caja", "no-such-product"];
  if (id === "complementaryProducts") return ["", category?.[`slug_${locale}`] ?? "fruta", "no-such-category"];
  if (id === "connectRedirect") return ["google", "no-such-provider"];
  if (name === "slug") return ["", "A-1001"];
  if (name === "id") return [id === "orderDetail" ? "42" : "7"];
  return ["x"];
}

interface ScreenPath {
  readonly id: ScreenId;
  readonly path: string;
}

/** Every path of every screen in every language, aliases included, with every parameter value. */
function screenPaths(): ScreenPath[] {
  return SCREEN_IDS.flatMap((id) =>
    LOCALES.flatMap((locale) =>
      SCREENS[id].paths[locale].flatMap((pattern) => {
        let paths = [pattern];
        for (const [, name] of pattern.matchAll(/:(\w+)\??/g)) {
          const values = parameterValues(id, name as string, locale);
          paths = paths.flatMap((partial) =>
            values.map((value) => partial.replace(new RegExp(`:${name}\\??`), encodeURIComponent(value))),
          );
        }
        return paths.map((filled) => ({ id, path: filled.replace(/\/$/, "") || "/" }));
      }),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// The storefront
// ---------------------------------------------------------------------------------------------

/** Paths under /api that the storefront passes on to the CMS (server/api-proxy.ts, ALLOWED). */
function allowedApiRoutes(): { get: Route[]; post: Route[] } {
  const route = (apiPath: string): Route => ({ server: "storefront", path: `/api${apiPath}` });
  const get = [
    ...PUBLIC_COLLECTIONS.map((collection) => route(`/${collection}`)),
    route("/products/count"),
    route(`/products/${firstIds.get("products") ?? "1"}`),
    route("/faqs/no-such-id"),
    route("/impact-metric"),
    route("/utils/reviews"),
    route("/utils/posts-blog"),
    route("/utils/metrics"),
    route("/users/me"),
    route("/auth/google/callback"),
    route("/connect/google"),
    route("/users-permissions/get-apple-url"),
  ];
  const post = [
    "/auth/local",
    "/auth/local/register",
    "/auth/forgot-password",
    "/auth/reset-password",
    "/auth/change-password",
    "/auth/send-email-confirmation",
    "/contact-messages",
    "/company-leads",
    "/users-permissions/apple/login",
  ].map(route);
  return { get, post };
}

/** Spellings of the admin API that the proxy must refuse, never pass on. */
const DISALLOWED_API_PATHS = [
  "/api",
  "/api/admin/init",
  "//api/admin",
  "/API/admin",
  "/%61pi/admin/init",
  "/api%2Fadmin%2Finit",
  "/api/../admin/init",
  "/api/upload",
  "/api/users",
  "/api/content-type-builder/content-types",
];

function storefrontProbes(): Probe[] {
  const deal = dealer(SEED);
  const screens = screenPaths();
  const pages = screens.map(({ path: pagePath }): Route => ({ server: "storefront", path: pagePath, page: true }));
  const signedIn = screens
    .filter(({ id }) => SCREENS[id].guard === "auth")
    .map(({ path: pagePath }): Route => ({
      server: "storefront",
      path: pagePath,
      page: true,
      headers: { Cookie: sessionCookie },
      note: "signed in",
    }));
  const forms = screens
    .filter(({ id }) => id === "contact" || id === "companies")
    .map(({ path: pagePath }): Route => ({ server: "storefront", path: pagePath, page: true }));
  const api = allowedApiRoutes();
  const logout: Route = { server: "storefront", path: RESOURCE_PATHS.logout };
  // The footer's newsletter signup, the customer's data download, the account area's forms and the
  // newsletter links' pages (one-click unsubscribe posts come from no page at all).
  const newsletterSignup: Route = { server: "storefront", path: RESOURCE_PATHS.newsletterSignup };
  const signedInRoute = (routePath: string, page: boolean): Route => ({
    server: "storefront",
    path: routePath,
    page,
    headers: { Cookie: sessionCookie },
    note: "signed in",
  });
  const accountForms = (["account", "profile", "newsletter"] as const).map((id) =>
    signedInRoute(pathTo(id, "es"), true),
  );
  const linkPages = (["newsletterConfirm", "newsletterUnsubscribe"] as const).map((id): Route => ({
    server: "storefront",
    path: pathTo(id, "es"),
    page: true,
    query: "token=not-a-token",
  }));
  const image = (query: string): Route => ({ server: "storefront", path: RESOURCE_PATHS.image, query });
  const resources: Route[] = [
    { server: "storefront", path: "/healthz" },
    { server: "storefront", path: "/readyz" },
    { server: "storefront", path: RESOURCE_PATHS.sitemap },
    { server: "storefront", path: RESOURCE_PATHS.robots },
    logout,
    newsletterSignup,
    signedInRoute(RESOURCE_PATHS.accountData, false),
    image(`src=${encodeURIComponent(upload)}&w=320`),
    image(`src=${encodeURIComponent(upload)}&w=1280&dpr=2`),
    image("src=%2Fuploads%2Fno-such-picture.png&w=96"),
    image("src=%2F%2Fevil.example%2Fx.png&w=96"),
    image("src=/uploads/../../../etc/passwd&w=96"),
    image(`src=${encodeURIComponent(upload)}&w=abc&dpr=3`),
    image(`src=${encodeURIComponent(upload)}&w=96&w=160`),
    image("src[]=a&src[]=b&w[]=96"),
    image("w=96"),
    ...api.get,
    ...DISALLOWED_API_PATHS.map((apiPath): Route => ({ server: "storefront", path: apiPath })),
  ];
  const home: Route = { server: "storefront", path: pathTo("home", "es"), page: true };
  const contact: Route = { server: "storefront", path: pathTo("contact", "es"), page: true };
  const productPage: Route = {
    server: "storefront",
    path: pathTo("product", "es", { slug: product?.slug_es ?? "caja" }),
    page: true,
  };
  return [
    ...probesFor(pages, MUTATIONS_PER_SCREEN, deal),
    ...probesFor(signedIn, MUTATIONS_PER_SIGNED_IN_SCREEN, deal),
    ...probesFor(resources, MUTATIONS_PER_RESOURCE, deal),
    ...probesFor(api.post, MUTATIONS_PER_RESOURCE, deal),
    ...everyBodyFor([...forms, logout, newsletterSignup, ...accountForms, ...linkPages, ...api.post]),
    ...everyMutationFor([home, contact, productPage]),
  ];
}

// ---------------------------------------------------------------------------------------------
// The CMS
// ---------------------------------------------------------------------------------------------

function cmsProbes(): Probe[] {
  const deal = dealer(SEED + 1);
  const route = (cmsPath: string, extra: Partial<Route> = {}): Route => ({ server: "cms", path: cmsPath, ...extra });
  const reads: Route[] = [
    route("/health"),
    route("/api/products", { query: "isActive=all" }),
    ...PUBLIC_COLLECTIONS.flatMap((collection) => [
      route(`/api/${collection}`),
      route(`/api/${collection}/count`),
      route(`/api/${collection}/${firstIds.get(collection) ?? "1"}`),
      route(`/api/${collection}/no-such-id`),
    ]),
    route("/api/impact-metric"),
    route("/api/utils/reviews"),
    route("/api/utils/posts-blog"),
    route("/api/utils/metrics"),
    route("/api/users/me"),
    route("/api/users/me", { headers: { Authorization: `Bearer ${jwt}` }, note: "signed in" }),
    route("/api/users/me", { headers: { Authorization: "Bearer not.a.jwt" }, note: "bad token" }),
    route("/admin/init"),
  ];
  const writes: Route[] = [
    "/api/contact-messages",
    "/api/company-leads",
    "/api/auth/local",
    "/api/auth/local/register",
    "/api/auth/forgot-password",
    "/api/auth/reset-password",
    "/api/auth/change-password",
    "/api/auth/send-email-confirmation",
    "/admin/login",
  ].map((cmsPath) => route(cmsPath));
  return [
    ...probesFor(reads, MUTATIONS_PER_CMS_ROUTE, deal),
    ...everyBodyFor(writes),
    ...probesFor(writes, MUTATIONS_PER_CMS_ROUTE, deal),
  ];
}

// ---------------------------------------------------------------------------------------------

describe("malformed requests never get a 5xx", () => {
  it(
    "from the storefront: every screen in every language, its data requests and its resources",
    async () => {
      await fuzz(storefrontProbes());
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "from the CMS: the health check, every public content route, the forms and the sign-in routes",
    async () => {
      await fuzz(cmsProbes());
    },
    TEST_TIMEOUT_MS,
  );

  it("leaves both servers up and ready", async () => {
    for (const url of [`${storefrontUrl}/healthz`, `${storefrontUrl}/readyz`, `${cmsUrl}/health`]) {
      const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      expect(response.status, url).toBe(200);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Requests that do not parse, sign-in targets, stale cookies, repeated headers, slow clients
// ---------------------------------------------------------------------------------------------

interface RawAnswer {
  readonly status?: number;
  /** The status line and header lines, as sent. */
  readonly head: string;
  readonly error?: string;
}

/**
 * Writes `bytes` exactly as they are on a fresh connection to `base` (node:net: no client library
 * fixes a request line or a Host header up) and reads the answer's status line and headers.
 */
function rawExchange(base: string, bytes: string | Buffer): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    const finish = (answer: RawAnswer) => {
      socket.destroy();
      resolve(answer);
    };
    const headOf = () => received.toString("latin1").split("\r\n\r\n")[0] ?? "";
    const statusOf = () => Number(/^HTTP\/1\.[01] (\d{3}) /.exec(headOf())?.[1]) || undefined;
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => finish({ head: headOf(), error: "timeout" }));
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.includes("\r\n\r\n")) finish({ status: statusOf(), head: headOf() });
    });
    // A server may answer and close before it has read the whole body: the answer counts.
    socket.on("error", (error: NodeJS.ErrnoException) =>
      finish({ status: statusOf(), head: headOf(), error: error.code ?? error.message }),
    );
    socket.on("close", () => finish({ status: statusOf(), head: headOf(), error: "closed" }));
    socket.write(bytes);
  });
}

/** Header lines of a raw answer, by lower-cased name. */
function headerLines(head: string, name: string): string[] {
  return head
    .split("\r\n")
    .slice(1)
    .filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    .map((line) => line.slice(name.length + 1).trim());
}

/** A POST as raw bytes, its Content-Length counted from the body. */
function rawPost(host: string, target: string, type: string, body: string | Buffer): Buffer {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, "latin1");
  const head = `POST ${target} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: ${type}\r\nContent-Length: ${bytes.length}\r\nConnection: close\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, "latin1"), bytes]);
}

/** Request lines and Host headers that make no URL: each answered 500 with a stack trace before. */
function unparsableRequests(host: string): Record<string, string> {
  const get = (target: string, hostLine: string | null) =>
    `GET ${target} HTTP/1.1\r\n${hostLine === null ? "" : `Host: ${hostLine}\r\n`}Connection: close\r\n\r\n`;
  return {
    "a Host with a space": get("/", "a b"),
    "an empty Host": get("/", ""),
    "a port past 65535": get("/", "127.0.0.1:99999"),
    "an unclosed IPv6 Host": get("/", "[::1"),
    "an absolute-form target": get("http://x/", host),
    "an asterisk target": get("*", host),
    "a page path with an absolute-form target": get(`http://${host}${pathTo("contact", "es")}`, host),
    "HTTP/1.0 without a Host": "GET / HTTP/1.0\r\n\r\n",
    "a broken X-Forwarded-Host": `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Forwarded-Host: a b\r\nConnection: close\r\n\r\n`,
  };
}

/** Form posts no browser sends: odd bodies to a page with an action, forms to pages that take none. */
function oddFormPosts(host: string): Record<string, Buffer> {
  const contact = pathTo("contact", "es");
  const part = (name: string, value: string) =>
    `--zzz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return {
    "multipart without a boundary": rawPost(host, contact, "multipart/form-data", part("name", "Ana")),
    "multipart cut off in a part": rawPost(
      host,
      contact,
      "multipart/form-data; boundary=zzz",
      `${part("name", "Ana")}--zzz\r\nContent-Disposition: form-da`,
    ),
    "multipart without its closing boundary": rawPost(
      host,
      `${contact}.data`,
      "multipart/form-data; boundary=zzz",
      part("name", "Ana"),
    ),
    "multipart with a part's headers never ended": rawPost(
      host,
      contact,
      "multipart/form-data; boundary=zzz",
      '--zzz\r\nContent-Disposition: form-data; name="x"\r\n',
    ),
    "urlencoded in UTF-16": rawPost(
      host,
      contact,
      `${FORM}; charset=utf-16`,
      Buffer.from("name=Ana&email=a@b.c", "utf16le"),
    ),
    "urlencoded in an unknown charset": rawPost(host, `${contact}.data`, `${FORM}; charset=x-nothing`, "name=Ana"),
    "urlencoded with broken escapes": rawPost(host, contact, FORM, "name=%E0%A4%A&email=%zz%&message=%%%"),
    "a 60 KB field name": rawPost(host, contact, FORM, `${"n".repeat(60 * 1024)}=1`),
    "a form to a page that takes none": rawPost(host, pathTo("team", "es"), FORM, "name=Ana"),
    "a form to no page at all": rawPost(host, "/no-such-page.data", FORM, "name=Ana"),
    "multipart with a 60 KB field name": rawPost(
      host,
      contact,
      "multipart/form-data; boundary=zzz",
      `${part("n".repeat(60 * 1024), "1")}--zzz--\r\n`,
    ),
  };
}

/** Node's defaults would keep a slow client for 60 s (headers) and 300 s (body). */
const SLOW_CLIENT_LIMITS = {
  HTTP_HEADERS_TIMEOUT_MS: "500",
  HTTP_REQUEST_TIMEOUT_MS: "1000",
  HTTP_KEEP_ALIVE_TIMEOUT_MS: "500",
};
const slowClientStorefront = await useOwnStorefront("slow-clients", SLOW_CLIENT_LIMITS);

/** Writes `start`, then `drip` every 100 ms, until the server closes; what it said, and when. */
function slowClient(base: string, start: string, drip: string): Promise<{ answer: string; afterMs: number }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const began = performance.now();
    const socket = net.connect(Number(port), hostname);
    let answer = "";
    const timer = setInterval(() => socket.writable && socket.write(drip), 100);
    socket.setEncoding("latin1");
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ answer, afterMs: performance.now() - began });
    });
    socket.write(start);
  });
}

describe("requests the storefront cannot take", () => {
  it("answers 400 to a request line or Host that makes no URL, logs no stack trace, and serves after", async () => {
    const host = new URL(storefrontUrl).host;
    const shapes = Object.entries(unparsableRequests(host));
    const {
      result: answers,
      logged,
      stackFrames,
    } = await withLogSummary(() => Promise.all(shapes.map(([, bytes]) => rawExchange(storefrontUrl, bytes))));
    const wrong = shapes.flatMap(([name], index) => {
      const answer = answers[index] as RawAnswer;
      return answer.status === 400 ? [] : [`${name} -> ${answer.status ?? answer.error}`];
    });
    expect(wrong, `answered otherwise than 400:\n${wrong.join("\n")}`).toEqual([]);
    expect(stackFrames, `stack traces logged meanwhile:\n${logged.join("\n")}`).toBe(0);
    expect((await fetch(`${storefrontUrl}/healthz`)).status).toBe(200);
  });

  it("answers odd form bodies with a 4xx, logs no stack trace, and serves after", async () => {
    const host = new URL(storefrontUrl).host;
    const shapes = Object.entries(oddFormPosts(host));
    const {
      result: answers,
      logged,
      stackFrames,
    } = await withLogSummary(async () => {
      const results: RawAnswer[] = [];
      for (const [, bytes] of shapes) results.push(await rawExchange(storefrontUrl, bytes));
      return results;
    });
    const wrong = shapes.flatMap(([name], index) => {
      const { status, error } = answers[index] as RawAnswer;
      return status !== undefined && status >= 400 && status < 500 ? [] : [`${name} -> ${status ?? error}`];
    });
    expect(wrong, `answered otherwise than 4xx:\n${wrong.join("\n")}`).toEqual([]);
    expect(stackFrames, `stack traces logged meanwhile:\n${logged.join("\n")}`).toBe(0);
    expect((await fetch(`${storefrontUrl}/healthz`)).status).toBe(200);
  });

  it("signs a customer in and sends them to a target past U+00FF, percent-encoded", async () => {
    const customer = await registerCustomer(cmsUrl);
    const target = "/tienda/piña-€?q=🍅";
    const login = `${pathTo("login", "es")}?redirect=${encodeURIComponent(target)}`;
    const body = new URLSearchParams({ identifier: customer.email, password: customer.password });
    const answer = await rawExchange(storefrontUrl, rawPost(new URL(storefrontUrl).host, login, FORM, body.toString()));
    expect(answer.status).toBeGreaterThanOrEqual(300);
    expect(answer.status).toBeLessThan(400);
    expect(headerLines(answer.head, "Location")).toEqual(["/tienda/pi%C3%B1a-%E2%82%AC?q=%F0%9F%8D%85"]);
    expect(headerLines(answer.head, "Set-Cookie").some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=ey`))).toBe(
      true,
    );
  });

  it("keeps a garbage or retired session cookie from breaking public pages and catalogue calls", async () => {
    const retired = await registerCustomer(cmsUrl);
    await fetch(`${cmsUrl}/api/auth/logout`, { method: "POST", headers: { Authorization: `Bearer ${retired.jwt}` } });
    for (const cookie of [`${SESSION_COOKIE}=not-a-token`, `${SESSION_COOKIE}=${retired.jwt}`]) {
      const headers = { Cookie: cookie };
      expect((await fetch(`${storefrontUrl}/api/products`, { headers })).status, cookie).toBe(200);
      expect((await fetch(`${storefrontUrl}/api/faqs`, { headers })).status, cookie).toBe(200);
      expect((await fetch(`${storefrontUrl}${pathTo("home", "es")}`, { headers })).status, cookie).toBe(200);
    }
  });

  it("sends each header once on the data download and the new-order page", async () => {
    for (const [target, headers] of [
      [RESOURCE_PATHS.accountData, { Cookie: sessionCookie }],
      [pathTo("newOrder", "es"), {}],
    ] as const) {
      const raw = await new Promise<string[]>((resolve, reject) => {
        http
          .get(`${storefrontUrl}${target}`, { headers }, (res) => {
            res.resume();
            resolve(res.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase()));
          })
          .on("error", reject);
      });
      for (const name of ["cache-control", "x-content-type-options"]) {
        expect(
          raw.filter((line) => line === name),
          `${target}: ${name}`,
        ).toHaveLength(1);
      }
    }
  });

  it("cuts off a client that never finishes its headers, or trickles its body, and serves after", async () => {
    const host = new URL(slowClientStorefront).host;
    const headers = await slowClient(slowClientStorefront, `GET / HTTP/1.1\r\nHost: ${host}\r\n`, "X-Slow: 1\r\n");
    const body = await slowClient(
      slowClientStorefront,
      `POST /api/auth/local HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{`,
      " ",
    );
    for (const cut of [headers, body]) {
      expect(cut.answer).toMatch(/^HTTP\/1\.1 408 /);
      // Well before Node's defaults of 60 and 300 s; the limits are 0.5 and 1 s here.
      expect(cut.afterMs).toBeLessThan(10_000);
    }
    expect((await fetch(`${slowClientStorefront}/healthz`)).status).toBe(200);
  });
});
