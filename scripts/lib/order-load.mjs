// Order creation under load for `npm run bench` (issue 11): CONCURRENT customers, each registered
// for the run, fill a draft through the CMS's calls as the new-order flow does and place it; only the
// placing (POST /orders: the draft spent, the slot's place and the order written in one transaction,
// then the payment attempt) is timed. Drafts are filled outside the clock because the flow fills them
// step by step while the customer reads, not all at once; the throughput counts whole checkouts
// (draft, order, and the sandbox's approval that lets the customer order again).

const POSTCODE = "08001";

/** Latency percentile in ms of sorted samples. */
export function percentile(sorted, share) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/** `timed(ms)`, when given, is told how long the call took, answer read. */
async function call(api, method, pathname, { body, headers = {}, timed } = {}) {
  const started = performance.now();
  const response = await fetch(api + pathname, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  timed?.(performance.now() - started);
  return { status: response.status, body: text === "" ? null : JSON.parse(text) };
}

/** A new customer, registered through the CMS's content API at `api`: `{ email, password, jwt }`. */
export async function registerCustomer(api, label) {
  const id = `${Date.now().toString(36)}-${label}`;
  const customer = { email: `bench-order-${id}@example.test`, password: `Bench-${id}-pass` };
  const answer = await call(api, "POST", "/auth/local/register", { body: customer });
  if (answer.status !== 200) throw new Error(`registering a bench customer: ${answer.status}`);
  return { ...customer, jwt: answer.body.jwt };
}

/** Every (date, slot) the demo zone offers, so that the customers spread over its places. */
async function deliveryChoices(api) {
  const answer = await call(api, "GET", `/delivery/calendar?postcode=${POSTCODE}`);
  if (answer.status !== 200) throw new Error(`the delivery calendar of ${POSTCODE}: ${answer.status}`);
  return answer.body.dates.flatMap(({ date, slots }) => slots.map(({ code }) => ({ date, slot: code })));
}

async function firstBoxId(api) {
  const answer = await call(api, "GET", "/products?isActive=all");
  const list = Array.isArray(answer.body) ? answer.body : (answer.body?.data ?? []);
  const box = list.find(
    (product) =>
      product.type === "box" &&
      product.isActive &&
      (product.market_types ?? []).some((market) => market?.name === "B2C"),
  );
  if (!box) throw new Error("the seeded catalogue has no active consumer box");
  return box.id;
}

/**
 * `timed(kind)`, when given, answers the function told each call's time ("new draft", "draft step");
 * `pause()`, when given, is awaited before each step, as a person reads the page before the next one.
 */
async function filledDraft(api, jwt, { boxId, date, slot, purchase = { purchase: "once" } }, timed, pause) {
  const auth = { Authorization: `Bearer ${jwt}` };
  const created = await call(api, "POST", "/order-drafts", { body: {}, headers: auth, timed: timed?.("new draft") });
  if (created.status !== 201) throw new Error(`a new draft: ${created.status}`);
  const headers = { ...auth, "x-order-draft": created.body.token };
  const steps = [
    { postcode: POSTCODE },
    purchase,
    { boxes: [{ productId: boxId, quantity: 1, exclusions: [] }] },
    { extras: [] },
    {
      delivery: {
        address: {
          fullName: "Cliente de prueba",
          company: null,
          line1: "Carrer de Mallorca 1",
          line2: null,
          postalCode: POSTCODE,
          city: "Barcelona",
          region: null,
          country: "ES",
          phone: null,
        },
        date,
        slot,
        notes: "",
      },
    },
  ];
  for (const step of steps) {
    await pause?.();
    const answer = await call(api, "PATCH", "/order-drafts/current", {
      body: step,
      headers,
      timed: timed?.("draft step"),
    });
    if (answer.status !== 200) throw refusal(`draft step ${Object.keys(step)[0]}`, answer);
  }
  return headers;
}

/** An error for a refused call; `code` is the CMS's refusal code (`slot_full`: the place was taken meanwhile). */
function refusal(what, answer) {
  return Object.assign(new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`), {
    code: answer.body?.error?.details?.code ?? null,
  });
}

/**
 * Pays the order on the sandbox's page, as the customer would before their next one (not timed): a
 * customer may keep only a few orders waiting for payment.
 */
async function approve(payment, timed) {
  const started = performance.now();
  const response = await fetch(payment.url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ decision: "approve" }),
    redirect: "manual",
  });
  if (response.status !== 303) throw new Error(`approving a payment on the sandbox page: ${response.status}`);
  timed?.(performance.now() - started);
}

/**
 * Runs `concurrent` customers for `durationS` seconds against the CMS's content API at `api`
 * (".../api"); answers throughput (orders/s), p50/p99 in ms, and how many places were already full.
 * With `calls`, an object, each kind of call's times in ms are put in it (`calls["place order"]`,
 * "new draft", "draft step", "approve payment"): where a checkout's time goes. `onClockStart` is
 * called once the customers are registered, as the measured part begins. With `pauseMs`, each
 * customer waits between one call and the next, as people do while they read a step: `pauseMs` on
 * average, spread evenly over half to one and a half times it so that twenty customers do not call
 * in step; without it, the next call goes at once.
 */
export async function orderCreationLoad(api, { concurrent, durationS, calls, onClockStart, pauseMs = 0 }) {
  const timed = calls && ((kind) => (ms) => (calls[kind] ??= []).push(ms));
  const [boxId, choices] = await Promise.all([firstBoxId(api), deliveryChoices(api)]);
  if (choices.length === 0) throw new Error(`no delivery date offered to ${POSTCODE}`);
  const customers = [];
  for (let index = 0; index < concurrent; index += 1) customers.push((await registerCustomer(api, index)).jwt);

  const latencies = [];
  let full = 0;
  let next = 0;
  onClockStart?.();
  const deadline = Date.now() + durationS * 1000;
  const started = performance.now();
  const pause =
    pauseMs > 0 ? () => new Promise((resolve) => setTimeout(resolve, pauseMs * (0.5 + Math.random()))) : undefined;
  await Promise.all(
    customers.map(async (jwt) => {
      while (Date.now() < deadline) {
        await pause?.();
        const choice = choices[next++ % choices.length];
        let headers;
        try {
          headers = await filledDraft(api, jwt, { boxId, ...choice }, timed, pause);
        } catch (error) {
          // The delivery step refuses a slot already full as the placement does (400 there, 409 here).
          if (error.code !== "slot_full") throw error;
          full += 1;
          continue;
        }
        await pause?.();
        const placing = performance.now();
        const answer = await call(api, "POST", "/orders", {
          body: { termsAccepted: true, marketingConsent: false, locale: "es" },
          headers,
        });
        const elapsed = performance.now() - placing;
        if (answer.status === 409 && answer.body?.error?.details?.code === "slot_full") {
          full += 1;
          continue;
        }
        if (answer.status !== 201) throw new Error(`placing an order: ${answer.status} ${JSON.stringify(answer.body)}`);
        latencies.push(elapsed);
        timed?.("place order")(elapsed);
        await approve(answer.body.payment, timed?.("approve payment"));
      }
    }),
  );
  const wallS = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    orders: sorted.length,
    // Whole checkouts (a draft filled in five calls, then placed) per second of wall clock: what
    // the CMS sustains with `concurrent` customers, each starting the next as soon as one is done.
    perSecond: sorted.length / wallS,
    p50: Math.round(percentile(sorted, 0.5)),
    p99: Math.round(percentile(sorted, 0.99)),
    full,
  };
}

/**
 * One box ordered once by the signed-in customer (`jwt`) through the order flow, left unpaid: answers
 * `{ order, payment }` as POST /orders answered them. `choice` picks the delivery day and slot among
 * those offered (in turn, past the last). A place taken meanwhile throws an error whose `code` is
 * `slot_full`, as the page would say it.
 */
export async function placeOrder(api, jwt, { choice = 0 } = {}) {
  const [boxId, choices] = await Promise.all([firstBoxId(api), deliveryChoices(api)]);
  if (choices.length === 0) throw new Error(`no delivery date offered to ${POSTCODE}`);
  const headers = await filledDraft(api, jwt, { boxId, ...choices[choice % choices.length] });
  const answer = await call(api, "POST", "/orders", {
    body: { termsAccepted: true, marketingConsent: false, locale: "es" },
    headers,
  });
  if (answer.status !== 201) throw refusal("an order", answer);
  return answer.body;
}

/**
 * `placeOrder`, then approved on the sandbox page (the backup check's paid order, the soak's
 * buyers); answers the order as POST /orders answered it.
 */
export async function placePaidOrder(api, jwt, options) {
  const { order, payment } = await placeOrder(api, jwt, options);
  await approve(payment);
  return order;
}

/**
 * Makes the signed-in customer (`jwt`) a weekly subscriber through the order flow, its first order
 * approved on the sandbox page, for the bench's subscription pages; answers the subscription's id.
 */
export async function subscribe(api, jwt) {
  const [boxId, choices] = await Promise.all([firstBoxId(api), deliveryChoices(api)]);
  if (choices.length === 0) throw new Error(`no delivery date offered to ${POSTCODE}`);
  const headers = await filledDraft(api, jwt, {
    boxId,
    ...choices[0],
    purchase: { purchase: "subscription", frequency: "weekly" },
  });
  const answer = await call(api, "POST", "/orders", {
    body: { termsAccepted: true, marketingConsent: false, locale: "es" },
    headers,
  });
  if (answer.status !== 201) throw new Error(`a subscription order: ${answer.status} ${JSON.stringify(answer.body)}`);
  await approve(answer.body.payment);
  return answer.body.order.subscriptionId;
}
