// Mixed traffic for the soak (issue 24, docs/decisions/052): customers of every kind at once through
// the load balancer, each starting its next request as soon as its last is answered. Used by
// `npm run soak` (10 minutes) and by the cluster test (one minute, e2e/cluster).
import fs from "node:fs";
import { placePaidOrder, registerCustomer, subscribe } from "../lib/order-load.mjs";

/**
 * The storefront's Spanish paths (packages/routing's table; plain Node cannot load that TypeScript
 * package, so they are written here as bench.mjs writes them) and its session cookie.
 */
const PATHS = {
  login: "/iniciar-sesion",
  product: (slug) => `/productos/${slug}`,
  public: ["/", "/nuestras-cajas", "/cajas-estacionales", "/productos-complementarios", "/equipo", "/ca", "/pt/boxes"],
  signedIn: ["/mi-cuenta", "/mi-cuenta/pedidos", "/mi-cuenta/perfil", "/mi-cuenta/suscripciones"],
  subscription: (id) => `/mi-cuenta/suscripciones/${id}`,
};
const SESSION_COOKIE = "shop_session";

/** How the connections are shared between kinds of customer (out of 20; scaled for another count). */
const SHARE = { browse: 10, signedIn: 4, buyer: 4, subscriber: 2 };

/** A customer may place 10 orders an hour (the CMS's limit): a buyer takes a new account before. */
const ORDERS_PER_ACCOUNT = 9;

/** Latency percentile in ms of sorted samples. */
function percentile(sorted, share) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/** What each request answered (or why it failed), by kind, and every error. */
function recorder() {
  /** @type {Map<string, { latencies: number[], statuses: Map<number, number> }>} */
  const kinds = new Map();
  /** @type {string[]} */
  const errors = [];
  const entryOf = (kind) => {
    let entry = kinds.get(kind);
    if (!entry) {
      entry = { latencies: [], statuses: new Map() };
      kinds.set(kind, entry);
    }
    return entry;
  };
  const count = (entry, status) => entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  const failed = (kind, entry, error) => {
    count(entry, 0);
    // fetch's own message ("fetch failed") says nothing: its cause says what happened to the connection.
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
    errors.push(`${kind}: ${error instanceof Error ? error.message : String(error)}${cause}`);
    return null;
  };
  return {
    errors,
    kinds,
    /**
     * One request; a status not in `expected`, or no answer, is an error. Answers the response, or
     * null after an error: its body has been read into the error, so the caller cannot read it again
     * (a caller that did threw "Body is unusable" in CI and hid the status that went wrong).
     * `accepted(status, body)` names a refusal the shop is right to give: not an error, answered null.
     */
    async time(kind, expected, request, { accepted = () => false } = {}) {
      const entry = entryOf(kind);
      const started = performance.now();
      try {
        const response = await request();
        entry.latencies.push(performance.now() - started);
        count(entry, response.status);
        if (!expected.includes(response.status)) {
          const body = (await response.text().catch(() => "")).replace(/\s+/g, " ").slice(0, 200);
          if (!accepted(response.status, body)) errors.push(`${kind}: ${response.status} ${body}`);
          return null;
        }
        return response;
      } catch (error) {
        return failed(kind, entry, error);
      }
    },
    /**
     * Work that is several requests (an order placed and paid): an exception is an error, unless
     * `accepted` says it is an answer the shop is right to give (counted as status 409).
     */
    async step(kind, work, { accepted = () => false } = {}) {
      const entry = entryOf(kind);
      const started = performance.now();
      try {
        const result = await work();
        entry.latencies.push(performance.now() - started);
        count(entry, 200);
        return result;
      } catch (error) {
        if (!accepted(error)) return failed(kind, entry, error);
        count(entry, 409);
        return null;
      }
    },
  };
}

/** Signs `customer` in with the storefront's sign-in form: the session cookie (`name=value`). */
async function signIn(siteUrl, { email, password }) {
  const response = await fetch(`${siteUrl}${PATHS.login}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: siteUrl },
    body: new URLSearchParams({ identifier: email, password }).toString(),
    redirect: "manual",
  });
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (!line) throw new Error(`signing in answered ${response.status} without a session`);
  return line.split(";")[0];
}

/** The public pages a visitor browses: home, the boxes, each product's page, a few others. */
async function publicPages(api) {
  const response = await fetch(`${api}/products?pagination[pageSize]=50`);
  if (!response.ok) throw new Error(`the catalogue answered ${response.status}`);
  const { data } = await response.json();
  return [...PATHS.public, ...data.map((product) => PATHS.product(product.slug_es))];
}

/**
 * Runs the mix for `durationMs` with `connections` customers at once: `siteUrl` the shop's address
 * at the balancer, `api` the CMS's content API at the balancer. Orders stop at `maxOrders` (the CMS
 * limits orders per client address, and every soak customer comes from this machine's). Calls
 * `sample()` every `sampleEveryMs`. Answers the requests by kind and every error.
 */
export async function mixedTraffic({
  siteUrl,
  api,
  durationMs,
  connections = 20,
  maxOrders = Number.POSITIVE_INFINITY,
  sample = () => {},
  sampleEveryMs = 5_000,
}) {
  const scale = connections / 20;
  const count = (kind) => Math.max(1, Math.round(SHARE[kind] * scale));
  const pages = await publicPages(api);
  const record = recorder();
  let ordersLeft = maxOrders;
  let nextChoice = 0;

  const newCustomer = async (label) => {
    const customer = await registerCustomer(api, label);
    return { ...customer, cookie: await signIn(siteUrl, customer) };
  };

  // Customers are made before the clock starts: registering is not what the soak measures.
  const readers = await Promise.all(Array.from({ length: count("signedIn") }, (_, i) => newCustomer(`reader-${i}`)));
  const subscribers = [];
  for (let i = 0; i < count("subscriber"); i += 1) {
    const customer = await newCustomer(`subscriber-${i}`);
    subscribers.push({ ...customer, subscriptionId: await subscribe(api, customer.jwt) });
  }

  const deadline = Date.now() + durationMs;
  const running = () => Date.now() < deadline;
  const sampler = setInterval(sample, sampleEveryMs);
  sample();
  const get = (kind, target, cookie) =>
    record.time(kind, [200], () =>
      fetch(`${siteUrl}${target}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" }),
    );

  const browse = async (worker) => {
    for (let n = worker; running(); n += 1) {
      const response = await get("browse", pages[n % pages.length]);
      await response?.arrayBuffer().catch(() => {});
    }
  };
  const read = async (customer) => {
    for (let n = 0; running(); n += 1) {
      const response = await get("signed-in page", PATHS.signedIn[n % PATHS.signedIn.length], customer.cookie);
      await response?.arrayBuffer().catch(() => {});
    }
  };
  const buy = async (worker) => {
    let customer = null;
    let placed = 0;
    while (running() && ordersLeft > 0) {
      if (!customer || placed >= ORDERS_PER_ACCOUNT) {
        customer = await record.step("register", () => registerCustomer(api, `buyer-${worker}-${Date.now()}`));
        placed = 0;
        if (!customer) return;
      }
      ordersLeft -= 1;
      const { jwt } = customer;
      // Customers spread over the days and slots offered, as people do. A place taken by someone else
      // meanwhile is the shop's right answer, not an error: the customer chooses the next one.
      const order = await record.step(
        "order placed and paid",
        () => placePaidOrder(api, jwt, { choice: nextChoice++ }),
        {
          accepted: (error) => error?.code === "slot_full",
        },
      );
      if (order) placed += 1;
    }
    // Orders used up: this connection browses for the rest of the run.
    await browse(worker);
  };
  const manage = async (subscriber) => {
    const auth = { Authorization: `Bearer ${subscriber.jwt}` };
    const base = `${api}/subscriptions/mine/${subscriber.subscriptionId}`;
    // A list that keeps failing is recorded a few times, then this subscriber stops rather than
    // hammering the CMS for the rest of the run.
    for (let failures = 0; running() && failures < 3;) {
      const listed = await record.time("subscription deliveries", [200], () =>
        fetch(`${base}/deliveries`, { headers: auth }),
      );
      if (!listed) {
        failures += 1;
        continue;
      }
      failures = 0;
      const { deliveries } = await listed.json();
      const open = deliveries.find((delivery) => !delivery.locked && delivery.status === "scheduled");
      if (open) {
        const post = (action) =>
          record.time(
            `delivery ${action}`,
            [200],
            () =>
              fetch(`${base}/deliveries/${open.date}/${action}`, {
                method: "POST",
                headers: { ...auth, "Content-Type": "application/json" },
                body: "{}",
              }),
            // The delivery's cut-off passing during the run (a real clock) is a right answer, not an error.
            { accepted: (status, body) => status === 409 && body.includes("delivery_locked") },
          );
        await (await post("skip"))?.arrayBuffer();
        await (await post("restore"))?.arrayBuffer();
      }
      const page = await get("signed-in page", PATHS.subscription(subscriber.subscriptionId), subscriber.cookie);
      await page?.arrayBuffer().catch(() => {});
    }
  };

  try {
    await Promise.all([
      ...Array.from({ length: count("browse") }, (_, worker) => browse(worker)),
      ...readers.map(read),
      ...Array.from({ length: count("buyer") }, (_, worker) => buy(worker)),
      ...subscribers.map(manage),
    ]);
  } finally {
    clearInterval(sampler);
    sample();
  }
  const kinds = [...record.kinds].map(([kind, { latencies, statuses }]) => {
    const sorted = latencies.sort((a, b) => a - b);
    return {
      kind,
      requests: sorted.length,
      statuses: Object.fromEntries(statuses),
      p50: Math.round(percentile(sorted, 0.5)),
      p99: Math.round(percentile(sorted, 0.99)),
    };
  });
  return { kinds, errors: record.errors };
}

/** A process's resident memory in MB (Linux), or null once it is gone. */
export function residentMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * Each process's memory through the run: `warm` is the first sample after the warm-up share of the
 * run, `end` the last, `peak` the largest after the warm-up. Flat: the end within 15 % (and 40 MB)
 * of the warm sample.
 */
export function memoryReport(samples, { warmUpShare = 0.25 } = {}) {
  const names = [...new Set(samples.flatMap((entry) => Object.keys(entry.mb)))];
  const start = samples[0]?.at ?? 0;
  const end = samples.at(-1)?.at ?? 0;
  const warmAt = start + (end - start) * warmUpShare;
  return names.map((name) => {
    const after = samples
      .filter((entry) => entry.at >= warmAt && entry.mb[name] != null)
      .map((entry) => entry.mb[name]);
    const warm = after[0] ?? null;
    const last = after.at(-1) ?? null;
    const peak = after.length > 0 ? Math.max(...after) : null;
    const flat = warm !== null && last !== null && last <= Math.max(warm * 1.15, warm + 40);
    return { name, warm, end: last, peak, flat };
  });
}
