import {
  ACCOUNT_FIELD_MAX,
  ADDRESS_COUNTRIES,
  addressListSchema,
  subscriptionQuoteSchema,
  SUBSCRIPTION_FIELD_MAX,
  deliveryChangeAnswerSchema,
  foodBankListSchema,
  giftDeliveryBody,
  pauseSubscriptionBody,
  subscriptionChangeAnswerSchema,
  subscriptionDeliveriesSchema,
  subscriptionListSchema,
  subscriptionRestartAnswerSchema,
  updateSubscriptionBody,
  type UpdateSubscriptionBody,
  type CustomerCard,
  type FoodBankList,
  type SubscriptionSummary,
} from "@shop/contracts";
import type { Locale } from "@shop/routing";
import { FREQUENCIES, MAX_BOXES, MAX_LINE_QUANTITY, isIsoDate } from "@shop/domain";
import { PAUSE_LENGTHS } from "@shop/domain/subscriptions";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { requireCustomer, signInAgain, type Visit } from "~/accounts/account-area.server";
import { readAccountForm } from "~/accounts/account.server";
import { FORM_FIELD, type AccountFieldError } from "~/accounts/account-forms";
import { loadOverview } from "~/accounts/overview.server";
import { cachedResource, CMS_DATA_FRESH_MS, CMS_DATA_MAX_STALE_MS } from "~/cache.server";
import { cmsCall, cmsGet, fieldErrorOf, type CmsRefusal, type Contract } from "~/cms.server";
import { getProducts } from "~/catalogue.server";
import { notFound } from "~/components/error-screen";
import { echoedValues } from "~/forms/echo";
import { boxOffer, extrasOffer } from "~/order-flow/offer.server";
import { orderHref } from "~/orders/order-link";
import { forgetSession } from "~/session.server";
import {
  CANCEL_PARAM,
  CANCEL_STEPS,
  DELIVERY_INTENTS,
  SUBSCRIPTION_INTENTS,
  type BoxesPreview,
  type CancelStep,
  type ExtrasPreview,
  type ChangeDone,
  type ChangeRefusal,
  type DeliveryIntent,
  type PlanForm,
  type SubscriptionIntent,
} from "./answers";
import { dayOf, deliveryView, detailView, summaryView } from "./subscription-view";
import { subscriptionsTextsFor } from "./texts";

/**
 * The customer's subscriptions (docs/decisions/028) for the account's pages: the list, one
 * subscription and its forms, its coming deliveries and theirs, and the account home's next
 * deliveries. Every call carries the customer's token; the CMS answers 404 for a subscription that is
 * not theirs, which becomes the same 404 page as an id that does not exist. What a page announces
 * after a change is the CMS's answer (its status, the first delivery it reaches), never the request.
 */

/** A Strapi documentId, as the URLs carry it; anything else names no subscription. */
function subscriptionIdIn(value: string | null | undefined): string | null {
  return value && /^[A-Za-z0-9]{1,64}$/.test(value) ? value : null;
}

const MINE = "/subscriptions/mine";

/** The customer's token and the path of the subscription the URL names; the 404 page when it names none. */
function ownSubscription(visit: Visit, id: string | null | undefined) {
  const { token } = requireCustomer(visit);
  const checked = subscriptionIdIn(id);
  if (!checked) notFound(visit.request);
  return { token, id: checked, path: `${MINE}/${encodeURIComponent(checked)}` };
}

/** A token the CMS no longer believes goes to sign in again; a subscription it does not show, to the 404 page. */
function settle(visit: Visit, token: string, refusal: CmsRefusal, { notFoundPage }: { notFoundPage: boolean }): void {
  if (refusal.status === "signedOut") {
    forgetSession(token);
    throw signInAgain(visit.request, visit.context.locale);
  }
  if (refusal.status === "notFound" && notFoundPage) notFound(visit.request);
}

/** A GET of the customer's subscriptions; null when the CMS cannot answer (the page says so). */
async function read<T>(
  visit: Visit,
  token: string,
  path: string,
  contract: Contract<T>,
  { notFoundPage }: { notFoundPage: boolean },
): Promise<T | null> {
  const answer = await cmsCall(path, { contract, token });
  if (answer.ok) return answer.value;
  settle(visit, token, answer, { notFoundPage });
  return null;
}

/** What names one subscription: its 404 is the page's. */
const ONE = { notFoundPage: true };

// ---- Pages ---------------------------------------------------------------------------------------

/** The list page: every subscription of the customer; null when the CMS cannot say. */
export async function loadSubscriptions(visit: Visit, now: Date = new Date()) {
  const { token } = requireCustomer(visit);
  // The list names nothing: a 404 here is the CMS's failure (no such call), never the page's.
  const list = await read(visit, token, MINE, subscriptionListSchema, { notFoundPage: false });
  return list?.subscriptions.map((subscription) => summaryView(subscription, visit.context.locale, now)) ?? null;
}

/**
 * The account home's part: each subscription still running with its next delivery and cut-off (the
 * list comes with the home's one call, accounts/overview.server). Null when the CMS cannot say.
 */
export function nextDeliveriesOf(
  subscriptions: readonly SubscriptionSummary[] | null | undefined,
  locale: Locale,
  now: Date = new Date(),
) {
  return (
    subscriptions
      ?.map((subscription) => summaryView(subscription, locale, now))
      .filter((subscription) => subscription.status !== "cancelled")
      .map(({ id, headline, statusText, next }) => ({ id, headline, statusText, next })) ?? null
  );
}

/** Which step of the cancellation the URL asks for (?cancel=offer or confirm), if any. */
export function cancelStepOf(request: Request): CancelStep | null {
  const step = new URL(request.url).searchParams.get(CANCEL_PARAM);
  return CANCEL_STEPS.find((known) => known === step) ?? null;
}

/**
 * One subscription, its coming deliveries, and what its open change form offers (`openForm`, from the
 * page's address): the boxes or extras on sale (the cached catalogue), the address book or the saved
 * cards, in one CMS call (accounts/overview.server) that asks for the book or the cards only when
 * their form is open. The deliveries tell which one a change reaches first and which box comes last
 * on cancelling. The 404 page for an id that is not the customer's; null for the subscription and its
 * deliveries when the CMS cannot say (the page says so).
 */
export async function loadSubscription(
  visit: Visit,
  id: string | undefined,
  { openForm = null, now = new Date() }: { openForm?: PlanForm | null; now?: Date } = {},
) {
  const checked = ownSubscription(visit, id).id;
  const { locale } = visit.context;
  const include = openForm === "address" ? ["addresses" as const] : openForm === "card" ? ["cards" as const] : [];
  const overview = await loadOverview(visit, { subscription: checked, include });
  const detail = overview?.subscription?.detail;
  const products = detail ? await getProducts(locale) : [];
  const boxes = detail ? boxOffer(products, detail.audience).kinds.flatMap((kind) => kind.choices) : [];
  const extras =
    detail && openForm === "extras" ? extrasOffer(products, detail.audience).flatMap((group) => group.choices) : [];
  return {
    subscription: detail ? detailView(detail, locale, now) : null,
    deliveries: overview?.subscription?.deliveries.map((delivery) => deliveryView(delivery, locale, now)) ?? null,
    offer: {
      boxesOnSale: boxes.length > 0,
      boxes: openForm === "box" ? boxes.map(({ productId, name }) => ({ productId, name })) : [],
      extras: extras.map(({ productId, name }) => ({ productId, name })),
      addresses: overview?.addresses?.map(addressChoice) ?? [],
      cards: overview?.cards?.filter((card) => card.status === "active").map(cardChoice) ?? [],
    },
  };
}

type SavedAddress = z.output<typeof addressListSchema>["data"][number];

/** An address of the book as the address form offers it: its id, and the line that tells it. */
const addressChoice = (address: SavedAddress) => ({
  id: address.documentId,
  text: [address.label, address.fullName, address.line1, address.line2, `${address.postalCode} ${address.city}`]
    .filter(Boolean)
    .join(", "),
  line1: address.line1,
  postalCode: address.postalCode,
});

/** A saved card as the card form offers it. */
const cardChoice = (card: CustomerCard) => ({
  id: card.id,
  // As the profile shows a card: "VISA", not the gateway's "visa".
  brand: (card.brand ?? "").toUpperCase(),
  last4: card.last4 ?? "",
  expiry:
    card.expiryMonth && card.expiryYear
      ? `${String(card.expiryMonth).padStart(2, "0")}/${String(card.expiryYear).slice(-2)}`
      : "",
});

/**
 * The food banks a box may go to: the same for every customer and kept by staff, so cached like the
 * catalogue (a deliveries page view then makes one CMS call). Without them, donating is not offered.
 */
export const foodBanks = cachedResource<FoodBankList["foodBanks"]>({
  name: "food banks",
  freshMs: CMS_DATA_FRESH_MS,
  maxStaleMs: CMS_DATA_MAX_STALE_MS,
  load: async () => (await cmsGet("/food-banks", foodBankListSchema)).foodBanks,
  onError: (previous) => previous ?? [],
});

/** The coming deliveries of one subscription (one call) and the food banks a box may go to. */
export async function loadUpcoming(visit: Visit, id: string | undefined, now: Date = new Date()) {
  const { token, path } = ownSubscription(visit, id);
  const { locale } = visit.context;
  const [deliveries, banks] = await Promise.all([
    read(visit, token, `${path}/deliveries`, subscriptionDeliveriesSchema, ONE),
    foodBanks.get(),
  ]);
  return {
    deliveries: deliveries?.deliveries.map((delivery) => deliveryView(delivery, locale, now)) ?? null,
    foodBanks: banks,
  };
}

// ---- Changes -------------------------------------------------------------------------------------

/** Limits of what a refused form shows again. */
const ECHO_LIMITS: Readonly<Record<string, number>> = {
  ...ACCOUNT_FIELD_MAX,
  reason: SUBSCRIPTION_FIELD_MAX.reason,
  note: SUBSCRIPTION_FIELD_MAX.giftNote,
  until: 10,
  option: 8,
  foodBankId: 64,
  frequency: 16,
  weekday: 1,
  slot: 64,
  addressId: 64,
  paymentMethodId: 40,
  productId: 12,
  quantity: 3,
  addProductId: 12,
  addQuantity: 3,
  country: 2,
};

const ECHOED: Record<string, readonly string[]> = {
  pause: ["option", "until", "reason"],
  cancel: ["reason"],
  gift: ["fullName", "line1", "line2", "postalCode", "city", "country", "phone", "email", "note"],
  donate: ["foodBankId"],
};

const HTTP_STATUS: Record<ChangeRefusal["refused"], number> = { invalid: 400, locked: 409, limited: 429, failed: 503 };

interface Posted {
  readonly visit: Visit;
  readonly token: string;
  /** The subscription's path at the CMS. */
  readonly path: string;
  readonly intent: string;
  readonly fields: Readonly<Record<string, string>>;
  /** The delivery the form is about (skip, restore, gift, donate). */
  readonly date: string | null;
}

/** What the CMS names but no form shows as a field: the delivery's date, the subscription's status. */
const ABOUT_THE_WHOLE_FORM = new Set(["date", "status", "appliesFrom", "restartFrom"]);

/**
 * Forms of one choice: whatever inside it the CMS refuses (the box's product, a postal code of the
 * chosen address, the card) is said beside that choice.
 */
const ONE_CHOICE_FIELD: Readonly<Record<string, string>> = {
  quoteBoxes: "productId",
  boxes: "productId",
  quoteExtras: "addProductId",
  extras: "addProductId",
  address: "addressId",
  card: "paymentMethodId",
};

/**
 * A field of the forms for a path of the CMS or the contract: the gift's address fields are the
 * form's own; a refusal of the date or the status is about the whole form (said at its top).
 */
function formFieldOf(path: string, intent: string): string {
  if (ABOUT_THE_WHOLE_FORM.has(path) || path === "") return FORM_FIELD;
  const choice = ONE_CHOICE_FIELD[intent];
  if (choice) return choice;
  return path.startsWith("address.") ? path.slice("address.".length) : path;
}

function refusal(
  posted: Posted,
  refused: ChangeRefusal["refused"],
  extra: { errors?: Record<string, AccountFieldError>; lockedFrom?: string | null; retryAfterSeconds?: number } = {},
  status = HTTP_STATUS[refused],
) {
  const headers = new Headers();
  if (extra.retryAfterSeconds !== undefined) headers.set("Retry-After", String(extra.retryAfterSeconds));
  return data<ChangeRefusal>(
    {
      refused,
      intent: posted.intent,
      date: posted.date,
      errors: extra.errors ?? {},
      values: echoedValues(posted.fields, ECHOED[posted.intent] ?? [], ECHO_LIMITS),
      lockedFrom: extra.lockedFrom ?? null,
      retryAfterMinutes:
        extra.retryAfterSeconds === undefined ? null : Math.max(1, Math.ceil(extra.retryAfterSeconds / 60)),
    },
    { status, headers },
  );
}

/** A contract's refusal before any call: each field's first problem, keyed as the form names it. */
function refuseParsed(posted: Posted, error: z.ZodError) {
  const errors: Record<string, AccountFieldError> = {};
  for (const issue of error.issues) {
    const field = formFieldOf(issue.path.map(String).join("."), posted.intent);
    errors[field] ??= fieldErrorOf(issue.message);
  }
  return refusal(posted, "invalid", { errors });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * The CMS's refusal as the page says it: 409 delivery_locked with the first delivery still open
 * (details.date), field errors beside their fields, a subscription it does not show as the 404 page
 * (for a delivery, a refusal of the form: its date may have gone from the list since the page was shown).
 */
function refuseAnswer(posted: Posted, answer: CmsRefusal) {
  const { visit, token } = posted;
  settle(visit, token, answer, { notFoundPage: posted.date === null });
  const details = answer.error.details;
  if (isRecord(details) && details.code === "delivery_locked") {
    const first = typeof details.date === "string" && isIsoDate(details.date) ? details.date : null;
    return refusal(posted, "locked", {
      errors: { [FORM_FIELD]: { code: "delivery_locked" } },
      lockedFrom: first ? dayOf(first, visit.context.locale) : null,
    });
  }
  if (answer.status === "notFound") {
    return refusal(posted, "invalid", { errors: { [FORM_FIELD]: { code: "delivery_unchanged" } } }, 404);
  }
  if (answer.status === "invalid") {
    const errors = Object.fromEntries(
      Object.entries(answer.errors).map(([field, error]) => [formFieldOf(field, posted.intent), error] as const),
    );
    return refusal(posted, "invalid", { errors }, answer.httpStatus ?? 400);
  }
  if (answer.status === "limited") return refusal(posted, "limited", { retryAfterSeconds: answer.retryAfterSeconds });
  return refusal(posted, "failed", {}, answer.status === "conflict" ? 409 : 503);
}

/** A change of the subscription (PATCH or one of its POSTs), and what the CMS made of it. */
async function changeSubscription(
  posted: Posted & { intent: Exclude<SubscriptionIntent, "skip" | "quoteBoxes" | "quoteExtras" | "restart"> },
  { method, action, body }: { method: "PATCH" | "POST"; action: string; body: unknown },
) {
  const answer = await cmsCall(`${posted.path}${action}`, {
    contract: subscriptionChangeAnswerSchema,
    method,
    token: posted.token,
    body,
  });
  if (!answer.ok) return refuseAnswer(posted, answer);
  const { locale } = posted.visit.context;
  const { subscription, appliesFrom } = answer.value;
  return {
    done: "subscription",
    intent: posted.intent,
    appliesFrom: appliesFrom ? dayOf(appliesFrom, locale) : null,
    statusText: subscriptionsTextsFor(locale).statuses[subscription.status],
    pricePerDelivery: subscription.pricePerDelivery,
  } satisfies ChangeDone;
}

/** Skip, restore, gift or donate one delivery, and that delivery as the CMS answered it. */
async function changeDelivery(posted: Posted, action: DeliveryIntent, body: unknown) {
  const { date } = posted;
  if (date === null) return refusal(posted, "invalid", { errors: { [FORM_FIELD]: { code: "invalid" } } });
  const answer = await cmsCall(`${posted.path}/deliveries/${date}/${action}`, {
    contract: deliveryChangeAnswerSchema,
    method: "POST",
    token: posted.token,
    body,
  });
  if (!answer.ok) return refuseAnswer(posted, answer);
  const { locale } = posted.visit.context;
  const { delivery } = answer.value;
  return {
    done: "delivery",
    intent: posted.intent as DeliveryIntent,
    date: delivery.date,
    day: dayOf(delivery.date, locale),
    statusText: subscriptionsTextsFor(locale).deliveryStatuses[delivery.status],
  } satisfies ChangeDone;
}

/** A PATCH of one thing (frequency, weekday or slot), checked with the contract first. */
function patchOne(posted: Posted & { intent: "frequency" | "weekday" | "slot" }, value: unknown) {
  const parsed = updateSubscriptionBody.safeParse({ [posted.intent]: value });
  if (!parsed.success) return refuseParsed(posted, parsed.error);
  return changeSubscription(posted, { method: "PATCH", action: "", body: parsed.data });
}

/** The delivery the customer was told a change reaches (the quote's), sent back with the confirmation. */
const toldFrom = (posted: Posted) =>
  posted.fields.appliesFrom && isIsoDate(posted.fields.appliesFrom) ? { appliesFrom: posted.fields.appliesFrom } : {};

/** The box form's choice as a PATCH's body: one box (the customer's exclusions kept), checked with the contract. */
function boxesBody(posted: Posted) {
  const productId = Number(posted.fields.productId);
  const quantity = Number(posted.fields.quantity ?? "1");
  const exclusions = (posted.fields.exclusions ?? "").split(",").filter(Boolean).map(Number);
  return updateSubscriptionBody.safeParse({
    boxes: [{ productId: Number.isInteger(productId) ? productId : 0, quantity, exclusions }],
    ...toldFrom(posted),
  });
}

const EXTRA_FIELD = "extra-";

/**
 * The extras form as a PATCH's body: every extra kept at its quantity (`extra-<id>`, 0 removes it),
 * and the one added (`addProductId`, `addQuantity`); the confirmation sends the list as `extras`
 * ("id:quantity,…"). Checked with the contract.
 */
function extrasBody(posted: Posted) {
  const { fields } = posted;
  const wanted = new Map<number, number>();
  const add = (id: string | undefined, quantity: string | undefined) => {
    const productId = Number(id);
    if (id && Number.isInteger(productId) && productId > 0) wanted.set(productId, Number(quantity ?? "1"));
  };
  if (fields.extras !== undefined) {
    for (const pair of fields.extras.split(",").filter(Boolean)) add(...(pair.split(":") as [string, string]));
  } else {
    for (const [name, quantity] of Object.entries(fields)) {
      if (name.startsWith(EXTRA_FIELD)) add(name.slice(EXTRA_FIELD.length), quantity);
    }
    add(fields.addProductId, fields.addQuantity);
  }
  const extras = [...wanted]
    .filter(([, quantity]) => quantity !== 0)
    .map(([productId, quantity]) => ({ productId, quantity }));
  return updateSubscriptionBody.safeParse({ extras, ...toldFrom(posted) });
}

/** The CMS's quote of a change, nothing changed: the first delivery it reaches and the new price. */
async function quote(posted: Posted, body: UpdateSubscriptionBody) {
  const answer = await cmsCall(`${posted.path}/quote`, {
    contract: subscriptionQuoteSchema,
    method: "POST",
    token: posted.token,
    body,
  });
  if (!answer.ok) return refuseAnswer(posted, answer);
  const { appliesFrom, pricePerDelivery } = answer.value;
  return {
    appliesFrom: appliesFrom ? dayOf(appliesFrom, posted.visit.context.locale) : null,
    appliesFromDate: appliesFrom,
    pricePerDelivery,
  };
}

/** "See the new price": the CMS's quote of the chosen box. */
async function quoteBoxes(posted: Posted & { intent: "quoteBoxes" }) {
  const parsed = boxesBody(posted);
  if (!parsed.success) return refuseParsed(posted, parsed.error);
  const quoted = await quote(posted, parsed.data);
  if (!("pricePerDelivery" in quoted)) return quoted;
  const [box] = parsed.data.boxes!;
  return { preview: "boxes", productId: box!.productId, quantity: box!.quantity, ...quoted } satisfies BoxesPreview;
}

/** "See the new price" of the extras: the CMS's quote of the whole list as it would be. */
async function quoteExtras(posted: Posted & { intent: "quoteExtras" }) {
  const parsed = extrasBody(posted);
  if (!parsed.success) return refuseParsed(posted, parsed.error);
  const quoted = await quote(posted, parsed.data);
  if (!("pricePerDelivery" in quoted)) return quoted;
  return { preview: "extras", extras: parsed.data.extras!, ...quoted } satisfies ExtrasPreview;
}

/** A quoted change confirmed: the PATCH with the delivery the customer was told. */
function confirmQuoted(posted: Posted & { intent: "boxes" | "extras" }) {
  const parsed = posted.intent === "boxes" ? boxesBody(posted) : extrasBody(posted);
  if (!parsed.success) return refuseParsed(posted, parsed.error);
  return changeSubscription(posted, { method: "PATCH", action: "", body: parsed.data });
}

/**
 * Start again (decision 027): the CMS restarts the subscription with the order of the delivery the
 * page said, and the customer goes to that order's pay page; once paid the subscription is active.
 */
async function restart(posted: Posted & { intent: "restart" }) {
  const told = posted.fields.restartFrom;
  const answer = await cmsCall(`${posted.path}/restart`, {
    contract: subscriptionRestartAnswerSchema,
    method: "POST",
    token: posted.token,
    // The delivery the page said: when it is no longer the one, the CMS answers 409 with the new one.
    body: told && isIsoDate(told) ? { restartFrom: told } : {},
  });
  if (!answer.ok) return refuseAnswer(posted, answer);
  return redirect(orderHref("orderPay", posted.visit.context.locale, answer.value.orderNumber), 303);
}

/** The address chosen from the book, as the subscription's delivery address. */
async function changeAddress(posted: Posted & { intent: "address" }) {
  const chosen = posted.fields.addressId ?? "";
  if (!chosen) return refusal(posted, "invalid", { errors: { addressId: { code: "invalidChoice" } } });
  const book = await cmsCall("/users/me/addresses", { contract: addressListSchema, token: posted.token });
  if (!book.ok) return refuseAnswer(posted, book);
  const address = book.value.data.find((each) => each.documentId === chosen);
  if (!address) return refusal(posted, "invalid", { errors: { addressId: { code: "invalidChoice" } } });
  const { fullName, company, line1, line2, postalCode, city, region, country, phone } = address;
  const parsed = updateSubscriptionBody.safeParse({
    address: { fullName, company, line1, line2, postalCode, city, region, country, phone },
  });
  if (!parsed.success) return refuseParsed(posted, parsed.error);
  return changeSubscription(posted, { method: "PATCH", action: "", body: parsed.data });
}

function pause(posted: Posted & { intent: "pause" }) {
  const { option, until, reason } = posted.fields;
  if (option === "until" && !until) return refusal(posted, "invalid", { errors: { until: { code: "required" } } });
  const choice = option === "until" ? { until } : { option: option ? option : undefined };
  const parsed = pauseSubscriptionBody.safeParse({ ...choice, reason: reason ?? "" });
  if (!parsed.success) return refuseParsed(posted, parsed.error);
  return changeSubscription(posted, { method: "POST", action: "/pause", body: parsed.data });
}

function cancel(posted: Posted & { intent: "cancel" }) {
  const reason = (posted.fields.reason ?? "").trim();
  if (reason.length > SUBSCRIPTION_FIELD_MAX.reason) {
    return refusal(posted, "invalid", { errors: { reason: { code: "tooLong", max: SUBSCRIPTION_FIELD_MAX.reason } } });
  }
  return changeSubscription(posted, { method: "POST", action: "/cancel", body: { reason } });
}

function gift(posted: Posted) {
  const text = (name: string) => posted.fields[name] ?? "";
  const optional = (name: string) => (text(name).trim() === "" ? null : text(name));
  const country = (ADDRESS_COUNTRIES as readonly string[]).includes(text("country")) ? text("country") : "ES";
  const parsed = giftDeliveryBody.safeParse({
    address: {
      fullName: text("fullName"),
      company: null,
      line1: text("line1"),
      line2: optional("line2"),
      postalCode: text("postalCode").replace(/\s+/g, ""),
      city: text("city"),
      region: null,
      country,
      phone: optional("phone"),
    },
    email: text("email"),
    note: text("note"),
  });
  if (!parsed.success) return refuseParsed(posted, parsed.error);
  return changeDelivery(posted, "gift", parsed.data);
}

function donate(posted: Posted) {
  const foodBankId = (posted.fields.foodBankId ?? "").trim();
  if (!foodBankId) return refusal(posted, "invalid", { errors: { foodBankId: { code: "invalidChoice" } } });
  return changeDelivery(posted, "donate", { foodBankId });
}

const isSubscriptionIntent = (value: string): value is SubscriptionIntent =>
  (SUBSCRIPTION_INTENTS as readonly string[]).includes(value);
const isDeliveryIntent = (value: string): value is DeliveryIntent =>
  (DELIVERY_INTENTS as readonly string[]).includes(value);

async function postedForm(visit: Visit, id: string | undefined): Promise<Posted> {
  const { token, path } = ownSubscription(visit, id);
  const { fields } = await readAccountForm(visit.request, []);
  const date = fields.date && isIsoDate(fields.date) ? fields.date : null;
  return { visit, token, path, intent: fields.intent ?? "", fields, date };
}

/**
 * The subscription page's forms: the box and the extras (quoted first, then confirmed), frequency,
 * weekday, slot, address, card, pause, resume, cancel, skipping the next delivery, and restarting.
 */
export async function subscriptionAction(visit: Visit, id: string | undefined) {
  const posted = await postedForm(visit, id);
  const { intent } = posted;
  if (!isSubscriptionIntent(intent)) {
    throw data(`Unknown form: send intent=${SUBSCRIPTION_INTENTS.join(", ")}`, { status: 400 });
  }
  switch (intent) {
    case "quoteBoxes":
      return quoteBoxes({ ...posted, intent });
    case "quoteExtras":
      return quoteExtras({ ...posted, intent });
    case "boxes":
    case "extras":
      return confirmQuoted({ ...posted, intent });
    case "restart":
      return restart({ ...posted, intent });
    case "address":
      return changeAddress({ ...posted, intent });
    case "card": {
      const paymentMethodId = (posted.fields.paymentMethodId ?? "").trim();
      if (!paymentMethodId)
        return refusal(posted, "invalid", { errors: { paymentMethodId: { code: "invalidChoice" } } });
      return changeSubscription({ ...posted, intent }, { method: "PATCH", action: "", body: { paymentMethodId } });
    }
    case "frequency":
      return patchOne({ ...posted, intent }, posted.fields.frequency);
    case "weekday": {
      const weekday = Number(posted.fields.weekday);
      return patchOne({ ...posted, intent }, Number.isInteger(weekday) ? weekday : 0);
    }
    case "slot":
      return patchOne({ ...posted, intent }, posted.fields.slot ?? "");
    case "pause":
      return pause({ ...posted, intent });
    case "cancel":
      return cancel({ ...posted, intent });
    case "resume":
      return changeSubscription({ ...posted, intent }, { method: "POST", action: `/${intent}`, body: {} });
    case "skip":
      return changeDelivery(posted, "skip", {});
  }
}

/** The forms of the coming deliveries: skip, restore, send to a friend, donate. */
export async function deliveryAction(visit: Visit, id: string | undefined) {
  const posted = await postedForm(visit, id);
  const { intent } = posted;
  if (!isDeliveryIntent(intent)) {
    throw data(`Unknown form: send intent=${DELIVERY_INTENTS.join(", ")} and a date`, { status: 400 });
  }
  if (intent === "gift") return gift(posted);
  if (intent === "donate") return donate(posted);
  return changeDelivery(posted, intent, {});
}

/** The choices the forms offer, for the pages (from the contracts, on the server). */
export const FORM_CHOICES = {
  frequencies: FREQUENCIES,
  pauseOptions: PAUSE_LENGTHS,
  countries: ADDRESS_COUNTRIES,
  /** How many boxes the box form offers: as many as the order flow takes in one order. */
  boxQuantities: Array.from({ length: MAX_BOXES }, (_, index) => index + 1),
  /** How many of one extra: 0 (removes it) to as many as an order line takes. */
  extraQuantities: Array.from({ length: MAX_LINE_QUANTITY + 1 }, (_, index) => index),
};
