import { createHash, randomBytes } from "node:crypto";
import type { Core } from "@strapi/strapi";
import type { CardFailureReason, CustomerCard, PaymentStart } from "@shop/contracts";
import { paymentReference, toLocale, type Locale } from "@shop/domain";
import { CONTENT_TYPES } from "../content-types";
import { tableOf, type Sql } from "../database/sql";
import { storefrontLink } from "../storefront-links";
import { cardLabel, recordChange } from "../subscriptions/store";
import { cardGatewayOf, gatewayReferencesOf } from "./card-setup-gateways";
import { gateways } from "./gateways";
import type { CardDetails, PaymentNotification, PaymentProviderId, SavedCard } from "./provider";

/**
 * A customer's saved cards (docs/decisions/029). A card is added without paying: a `payment-method`
 * row is made pending under its own reference, the customer's browser goes to the gateway (the
 * sandbox's page, Redsys's tokenisation with 3-D Secure, Stripe's Checkout in setup mode), and the
 * gateway's signed notification decides it, once, by a conditional update from `pending`: a replay
 * or a second event about it changes nothing and makes no second card. The first card that becomes
 * active is the default. Only the brand, the last four digits, the expiry and the gateway's
 * references for later charges are kept, never the card's number.
 */

/** The gateways' references a later merchant-initiated charge quotes. */
export interface GatewayReferences {
  sandboxToken?: string;
  redsysIdentifier?: string;
  redsysCofTxnid?: string | null;
  stripeCustomerId?: string | null;
  stripePaymentMethodId?: string;
}

/** A gateway's verified word on one card setup. */
export type CardSetupOutcome =
  | {
      outcome: "active";
      reference: string;
      card: CardDetails;
      references: GatewayReferences;
      providerRef: string | null;
      summary: Record<string, string | number | boolean | null>;
    }
  | {
      outcome: "failed";
      reference: string;
      reason: CardFailureReason;
      providerRef: string | null;
      summary: Record<string, string | number | boolean | null>;
    };

/** A row of payment-method as these services read it. */
interface MethodRow {
  id: number;
  reference: string;
  provider: PaymentProviderId;
  methodStatus: CustomerCard["status"];
  brand: string | null;
  last4: string | null;
  expiryMonth: number | null;
  expiryYear: number | null;
  isDefault: boolean;
  failureReason: string | null;
  createdAt: string | Date;
  verifiedAt: string | Date | null;
  stripeCustomerId?: string | null;
  user?: { id: number } | null;
}

const PUBLIC_FIELDS = [
  "id",
  "reference",
  "provider",
  "methodStatus",
  "brand",
  "last4",
  "expiryMonth",
  "expiryYear",
  "isDefault",
  "failureReason",
  "createdAt",
  "verifiedAt",
];

const rows = (strapi: Core.Strapi) => strapi.db.query(CONTENT_TYPES.paymentMethod);

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

const FAILURE_REASONS = new Set<string>(["declined", "authentication_failed", "cancelled", "error"]);

/** A card as its owner sees it. */
function publicOf(row: MethodRow): CustomerCard {
  return {
    id: row.reference,
    provider: row.provider,
    status: row.methodStatus,
    brand: row.brand,
    last4: row.last4,
    expiryMonth: row.expiryMonth,
    expiryYear: row.expiryYear,
    isDefault: row.isDefault,
    failureReason:
      row.failureReason !== null && FAILURE_REASONS.has(row.failureReason)
        ? (row.failureReason as CardFailureReason)
        : null,
    createdAt: iso(row.createdAt) ?? "",
    verifiedAt: iso(row.verifiedAt),
  };
}

/** The customer's active cards, the default first, then the newest. */
export async function listPaymentMethods(strapi: Core.Strapi, userId: number): Promise<CustomerCard[]> {
  const found = (await rows(strapi).findMany({
    where: { user: { id: userId }, methodStatus: "active" },
    select: PUBLIC_FIELDS,
    orderBy: [{ isDefault: "desc" }, { id: "desc" }],
  })) as MethodRow[];
  return found.map(publicOf);
}

async function findOwn(strapi: Core.Strapi, userId: number, reference: string): Promise<MethodRow | null> {
  return (await rows(strapi).findOne({
    where: { reference, user: { id: userId } },
    select: PUBLIC_FIELDS,
  })) as MethodRow | null;
}

/** One of the customer's cards in any state but removed (the outcome pages read it); null when it is not theirs. */
export async function findPaymentMethod(
  strapi: Core.Strapi,
  userId: number,
  reference: string,
): Promise<CustomerCard | null> {
  const row = await findOwn(strapi, userId, reference);
  return row === null || row.methodStatus === "removed" ? null : publicOf(row);
}

/** The gateway that takes a new card: the one asked for while it is on, else the shop's own. */
function chosenGateway(requested: PaymentProviderId | undefined): PaymentProviderId | null {
  const { active, byId } = gateways();
  if (requested === undefined) return active.id;
  return byId[requested] === undefined ? null : requested;
}

/** The Stripe Customer the customer already has (from an earlier card), so that all their cards share it. */
async function stripeCustomerOf(strapi: Core.Strapi, userId: number): Promise<string | null> {
  const row = (await rows(strapi).findOne({
    where: { user: { id: userId }, provider: "stripe", stripeCustomerId: { $notNull: true } },
    select: ["stripeCustomerId"],
    orderBy: { id: "desc" },
  })) as { stripeCustomerId: string | null } | null;
  return row?.stripeCustomerId ?? null;
}

/** Where a setup's customer comes back to the shop, in the language they started it in. */
export function setupReturnUrls(reference: string, locale: Locale) {
  return {
    completed: storefrontLink("addPaymentCompleted", locale, { card: reference }),
    failed: storefrontLink("addPaymentFailed", locale, { card: reference }),
  };
}

/** A setup as the sandbox's card page shows it; null when the reference names no sandbox setup. */
export async function findSandboxSetup(
  strapi: Core.Strapi,
  reference: string,
): Promise<{ reference: string; open: boolean; locale: Locale } | null> {
  const row = (await rows(strapi).findOne({
    where: { reference, provider: "sandbox" },
    select: ["reference", "methodStatus", "locale"],
  })) as { reference: string; methodStatus: string; locale: string } | null;
  if (row === null) return null;
  return { reference: row.reference, open: row.methodStatus === "pending", locale: toLocale(row.locale) };
}

export interface SetupCustomer {
  id: number;
  email: string;
  preferredLocale: string | null;
}

/**
 * Starts adding a card: a pending row, and where the customer's browser goes. Null when the gateway
 * asked for is not on; "gateway_unavailable" when it did not answer.
 */
export async function startCardSetup(
  strapi: Core.Strapi,
  customer: SetupCustomer,
  { provider, locale: asked }: { provider?: PaymentProviderId; locale?: Locale },
): Promise<{ method: CustomerCard; start: PaymentStart } | "gateway_unavailable" | null> {
  const providerId = chosenGateway(provider);
  if (providerId === null) return null;
  const locale = asked ?? toLocale(customer.preferredLocale ?? undefined);
  const reference = paymentReference(randomBytes(12));
  const returnUrls = setupReturnUrls(reference, locale);
  const stripeCustomerId = providerId === "stripe" ? await stripeCustomerOf(strapi, customer.id) : null;
  const created = (await rows(strapi).create({
    data: { reference, user: customer.id, provider: providerId, methodStatus: "pending", isDefault: false, locale },
    select: PUBLIC_FIELDS,
  })) as MethodRow;
  let started;
  try {
    started = await cardGatewayOf(providerId).start({
      reference,
      customerEmail: customer.email,
      locale,
      returnUrls,
      stripeCustomerId,
    });
  } catch (error) {
    // The gateway did not answer (Stripe down): the card is not pending anywhere.
    await rows(strapi).update({ where: { id: created.id }, data: { methodStatus: "failed", failureReason: "error" } });
    strapi.log.error(`Card setup ${reference} (${providerId}) could not start: ${String(error)}`);
    return "gateway_unavailable";
  }
  if (started.stripeCustomerId !== undefined) {
    await rows(strapi).update({ where: { id: created.id }, data: { stripeCustomerId: started.stripeCustomerId } });
  }
  return { method: publicOf(created), start: started.start };
}

/** What a notification did, as the payment-notification log records it. */
type SetupEffect = "applied" | "repeated" | "ignored" | "unknown_payment" | "refused";

async function logNotification(
  strapi: Core.Strapi,
  provider: PaymentProviderId,
  input: PaymentNotification,
  entry: { reference: string | null; valid: boolean; effect: SetupEffect; reason?: string; summary?: object },
): Promise<void> {
  await strapi.db.query(CONTENT_TYPES.paymentNotification).create({
    data: {
      provider,
      reference: entry.reference?.slice(0, 40) ?? null,
      valid: entry.valid,
      outcome: entry.effect === "refused" ? null : "ignored",
      effect: entry.effect,
      reason: entry.reason?.slice(0, 100) ?? null,
      bodyHash: createHash("sha256").update(input.rawBody).digest("hex"),
      summary: { cardSetup: true, ...entry.summary },
    },
  });
}

/**
 * Makes the card the customer's default when they have none: their first card, or the first after
 * they removed their default.
 */
async function defaultIfNone(strapi: Core.Strapi, userId: number, id: number): Promise<void> {
  const defaults = await rows(strapi).count({
    where: { user: { id: userId }, methodStatus: "active", isDefault: true },
  });
  if (defaults === 0) await rows(strapi).update({ where: { id }, data: { isDefault: true } });
}

/** What an active card keeps: the card as the gateway described it and its references, never its number. */
function activeCardData(
  { card, references, providerRef }: { card: CardDetails; references: GatewayReferences; providerRef: string | null },
  now: Date,
) {
  return {
    methodStatus: "active",
    brand: card.brand?.slice(0, 30) ?? null,
    last4: card.last4,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    verifiedAt: now,
    providerRef: providerRef?.slice(0, 255) ?? null,
    ...references,
  } as const;
}

/**
 * Decides a pending card as the gateway said, once: the conditional update from `pending` is what
 * makes a replay change nothing.
 */
async function decideCard(
  strapi: Core.Strapi,
  row: MethodRow & { user: { id: number } | null },
  outcome: CardSetupOutcome,
  now: Date,
): Promise<boolean> {
  const data =
    outcome.outcome === "active"
      ? activeCardData(outcome, now)
      : {
          methodStatus: "failed",
          failureReason: outcome.reason,
          providerRef: outcome.providerRef?.slice(0, 255) ?? null,
        };
  const { count } = (await rows(strapi).updateMany({
    where: { id: row.id, methodStatus: "pending" },
    data,
  })) as { count: number };
  if (count === 1 && outcome.outcome === "active" && row.user !== null) {
    await defaultIfNone(strapi, row.user.id, row.id);
  }
  return count === 1;
}

export interface SetupAnswer {
  /** 200 for what the gateway need not send again; 400 refused; 404 gateway off. */
  status: 200 | 400 | 404;
  effect: SetupEffect;
  reason?: string;
}

/**
 * Applies a gateway's notification about a card setup: verify, log, decide the card if still
 * pending. `null` when the notification is not about a card setup (Stripe's one webhook carries
 * both: the payments' service takes those).
 */
export async function applyCardSetupNotification(
  strapi: Core.Strapi,
  providerId: PaymentProviderId,
  input: PaymentNotification,
  { now = new Date() }: { now?: Date } = {},
): Promise<SetupAnswer | null> {
  if (gateways().byId[providerId] === undefined) return { status: 404, effect: "refused", reason: "provider_off" };
  const verified = await cardGatewayOf(providerId).verify(input);
  if (verified === null) return null;
  if ("refused" in verified) {
    await logNotification(strapi, providerId, input, {
      reference: verified.reference,
      valid: false,
      effect: "refused",
      reason: verified.refused,
    });
    return { status: 400, effect: "refused", reason: verified.refused };
  }
  const { reference, summary } = verified;
  const row = (await rows(strapi).findOne({
    where: { reference },
    select: PUBLIC_FIELDS,
    populate: { user: { select: ["id"] } },
  })) as (MethodRow & { user: { id: number } | null }) | null;
  if (row === null) {
    await logNotification(strapi, providerId, input, { reference, valid: true, effect: "unknown_payment", summary });
    return { status: 200, effect: "unknown_payment" };
  }
  if (row.provider !== providerId) {
    const reason = "provider_mismatch";
    await logNotification(strapi, providerId, input, { reference, valid: false, effect: "refused", reason, summary });
    return { status: 400, effect: "refused", reason };
  }
  const effect = (await decideCard(strapi, row, verified, now)) ? "applied" : "repeated";
  await logNotification(strapi, providerId, input, { reference, valid: true, effect, summary });
  return { status: 200, effect };
}

/**
 * Takes the customer's row lock for the rest of the caller's transaction: every change of which of
 * their cards is the default (a removal, make default) holds it, so two at once run one after the
 * other and the second sees the first's result. Without it two removals at once each read the other's
 * card as still active, and the customer was left with cards and no default. SQLite writes one
 * transaction at a time and needs none.
 */
async function lockCustomerCards(strapi: Core.Strapi, trx: Sql, userId: number): Promise<void> {
  if (strapi.db.dialect.client !== "postgres") return;
  await trx(tableOf(strapi, CONTENT_TYPES.user).name).where("id", userId).forUpdate().select("id");
}

/** Makes one of the customer's active cards their default; false when it is not theirs or not active. */
export async function makeDefault(strapi: Core.Strapi, userId: number, reference: string): Promise<boolean> {
  return strapi.db.transaction(async ({ trx }: { trx: Sql }) => {
    await lockCustomerCards(strapi, trx, userId);
    const row = await findOwn(strapi, userId, reference);
    if (row === null || row.methodStatus !== "active") return false;
    // Strapi's updateMany cannot filter by a relation (the user): the customer's other defaults by id.
    const others = (await rows(strapi).findMany({
      where: { user: { id: userId }, isDefault: true, id: { $ne: row.id } },
      select: ["id"],
    })) as { id: number }[];
    if (others.length > 0) {
      await rows(strapi).updateMany({ where: { id: { $in: others.map(({ id }) => id) } }, data: { isDefault: false } });
    }
    await rows(strapi).update({ where: { id: row.id }, data: { isDefault: true } });
    return true;
  });
}

/**
 * A subscription's order paid on-session keeps the card it was paid with (docs/decisions/030, issue
 * 22): the first order, so that renewals can charge it off-session without the customer adding a
 * card, and a renewal paid by its pay link. The card becomes a new active card of the subscriber,
 * their default and the one the subscription's renewals charge from now on. Called once per payment,
 * when its notification first decides it paid (a replay decides nothing, so saves nothing). Nothing
 * for a one-off order, or when the gateway kept no card.
 */
export async function saveSubscriptionCard(
  strapi: Core.Strapi,
  {
    orderId,
    provider,
    saved,
    providerRef,
    now,
  }: {
    orderId: number;
    provider: PaymentProviderId;
    saved: SavedCard;
    providerRef: string | null;
    /** The notification's clock. */
    now: Date;
  },
): Promise<void> {
  const order = (await strapi.db.query(CONTENT_TYPES.order).findOne({
    where: { id: orderId },
    select: ["purchase", "locale"],
    populate: {
      subscription: {
        select: ["id"],
        populate: { user: { select: ["id"] }, paymentMethod: { select: ["brand", "last4"] } },
      },
    },
  })) as {
    purchase: string | null;
    locale: string;
    subscription: {
      id: number;
      user: { id: number } | null;
      paymentMethod: { brand: string | null; last4: string | null } | null;
    } | null;
  } | null;
  const subscription = order?.purchase === "subscription" ? order.subscription : null;
  if (subscription?.user == null) return;
  const userId = subscription.user.id;
  const reference = paymentReference(randomBytes(12));
  const card = saved.card ?? { brand: null, last4: null, expiryMonth: null, expiryYear: null };
  const created = (await rows(strapi).create({
    data: {
      reference,
      user: userId,
      provider,
      isDefault: false,
      locale: toLocale(order?.locale),
      ...activeCardData({ card, references: gatewayReferencesOf(provider, saved), providerRef }, now),
    },
    select: ["id"],
  })) as { id: number };
  await makeDefault(strapi, userId, reference);
  await strapi.db
    .query(CONTENT_TYPES.subscription)
    .update({ where: { id: subscription.id }, data: { paymentMethod: created.id } });
  // The subscription's history says which card its renewals charge from now on, as a change from its
  // page does; the same card paid with again (a restart's order) changes nothing the customer sees.
  const [from, to] = [cardLabel(subscription.paymentMethod), cardLabel(card)];
  if (from === to) return;
  await recordChange(strapi, subscription.id, {
    actor: { kind: "job", label: `payment:${provider}` },
    field: "card",
    from,
    to,
    at: now,
  });
}

/** Subscriptions that still charge a card: every status but cancelled. */
async function subscriptionsUsing(strapi: Core.Strapi, methodId: number): Promise<number> {
  // The subscriptions' `paymentMethod` relation comes with the renewals (issue 22): until it exists
  // no subscription can use a card.
  const attributes = strapi.contentType(CONTENT_TYPES.subscription)?.attributes as Record<string, unknown> | undefined;
  if (attributes?.paymentMethod === undefined) return 0;
  return strapi.db.query(CONTENT_TYPES.subscription).count({
    where: { paymentMethod: { id: methodId }, subscriptionStatus: { $ne: "cancelled" } },
  });
}

export type RemovalResult = "removed" | "not_found" | "in_use";

/** Rolls a removal back: a subscription was moved onto the card while it was being removed. */
class CardInUseError extends Error {}

/**
 * Removes one of the customer's cards (kept as removed, its gateway references cleared), unless a
 * subscription that is not cancelled charges it: another card must be chosen for it first. The
 * default passes to the newest other active card.
 */
export async function removePaymentMethod(
  strapi: Core.Strapi,
  userId: number,
  reference: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<RemovalResult> {
  const outcome = await strapi.db
    .transaction(async ({ trx }: { trx: Sql }): Promise<RemovalResult> => {
      // Read under the customer's lock: a removal racing this one has finished (or not started).
      await lockCustomerCards(strapi, trx, userId);
      const row = await findOwn(strapi, userId, reference);
      if (row === null || row.methodStatus === "removed") return "not_found";
      if ((await subscriptionsUsing(strapi, row.id)) > 0) return "in_use";
      await rows(strapi).update({
        where: { id: row.id },
        data: {
          methodStatus: "removed",
          isDefault: false,
          removedAt: now,
          sandboxToken: null,
          redsysIdentifier: null,
          redsysCofTxnid: null,
          stripePaymentMethodId: null,
        },
      });
      // A subscription moved onto the card meanwhile (its change holds the card's row until it is
      // saved, src/subscriptions/self-service.ts): the card stays, as for any card in use.
      if ((await subscriptionsUsing(strapi, row.id)) > 0) throw new CardInUseError();
      // Whichever card was the default, the customer keeps one while any card is left: the newest.
      const defaults = await rows(strapi).count({
        where: { user: { id: userId }, methodStatus: "active", isDefault: true },
      });
      if (defaults === 0) {
        const next = (await rows(strapi).findOne({
          where: { user: { id: userId }, methodStatus: "active" },
          select: ["id"],
          orderBy: { id: "desc" },
        })) as { id: number } | null;
        if (next !== null) await rows(strapi).update({ where: { id: next.id }, data: { isDefault: true } });
      }
      return "removed";
    })
    .catch((error: unknown) => {
      if (error instanceof CardInUseError) return "in_use" as const;
      throw error;
    });
  return outcome;
}
