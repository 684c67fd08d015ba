import {
  orderChangeAnswerSchema,
  orderChangeBody,
  orderChangeOptionsSchema,
  orderChangeQuoteSchema,
  type OrderChangeBody,
  type OrderChangeQuote,
  type Order,
} from "@shop/contracts";
import { data } from "react-router";
import { requireCustomer, signInAgain, type Visit } from "~/accounts/account-area.server";
import { cmsCall, type CmsRefusal } from "~/cms.server";
import { notFound } from "~/components/error-screen";
import { forgetSession } from "~/session.server";
import type { ChangeRefusal } from "./change-texts";
import { CHANGE_QUERY } from "./order-change";
import { orderNumberIn } from "./orders.server";

/**
 * Changing a one-off order from its page (docs/decisions/049), with plain form posts: the page's
 * address opens the form (`?change=order`), "see how it looks" asks the CMS for a quote and shows it
 * with a confirming form that carries the change and the quote's figures back, and the confirmation
 * answers what the CMS really did. The CMS judges everything; this only reads forms and words answers.
 */

function ownOrder(visit: Visit, number: string | null | undefined) {
  const { token } = requireCustomer(visit);
  const checked = orderNumberIn(number);
  if (!checked) notFound(visit.request);
  return { token, path: `/orders/mine/${encodeURIComponent(checked)}/change`, number: checked };
}

/** The change form's options when the page's address asks for it; null otherwise or when the CMS cannot say. */
export async function loadChangeOptions(visit: Visit, number: string | null | undefined) {
  if (new URL(visit.request.url).searchParams.get(CHANGE_QUERY.name) !== CHANGE_QUERY.value) return null;
  const own = ownOrder(visit, number);
  const answer = await cmsCall(own.path, { contract: orderChangeOptionsSchema, token: own.token });
  if (answer.ok) return answer.value;
  settle(visit, own.token, answer);
  return null;
}

function settle(visit: Visit, token: string, answer: CmsRefusal): void {
  if (answer.status === "signedOut") {
    forgetSession(token);
    throw signInAgain(visit.request, visit.context.locale);
  }
  if (answer.status === "notFound") notFound(visit.request);
}

const ADDRESS_FIELDS = ["fullName", "line1", "line2", "postalCode", "city", "phone"] as const;

/**
 * The change a posted form asks for, against the order as it is: only what differs is sent, so an
 * untouched field never counts as a change. Null when the form does not read as one.
 */
export function changeBodyOf(fields: Record<string, string>, order: Order): OrderChangeBody | null {
  const body: Record<string, unknown> = {};
  const [date, slot] = (fields.delivery ?? "").split("|");
  if (date && slot && (date !== order.delivery.date || slot !== order.delivery.slot.code)) {
    body.delivery = { date, slot };
  }
  const current = order.delivery.address;
  const asked = Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, (fields[name] ?? "").trim()]));
  const differs = ADDRESS_FIELDS.some((name) => asked[name] !== (current[name] ?? ""));
  if (differs) {
    body.address = {
      ...current,
      ...Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, asked[name] === "" ? null : asked[name]])),
    };
  }
  if (fields.notes !== undefined && fields.notes.trim() !== order.delivery.notes) body.notes = fields.notes.trim();
  const lines = order.lines.flatMap((line, index) => {
    const raw = fields[`qty-${index}`];
    if (raw === undefined || !/^\d+$/.test(raw)) return [];
    const quantity = Number(raw);
    return quantity === line.quantity ? [] : [{ index, quantity }];
  });
  if (lines.length > 0) body.lines = lines;
  const parsed = orderChangeBody.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** The CMS's refusal codes of a change, as the page words them. */
const REFUSALS = {
  past_cutoff: "pastCutoff",
  not_changeable: "notChangeable",
  slot_full: "slotFull",
  slot_unknown: "dateNotOffered",
  date_not_offered: "dateNotOffered",
  order_changed: "orderChanged",
  quantity_raised: "quantityRaised",
  use_cancel: "useCancel",
  postcode_other_zone: "postcodeOtherZone",
  costs_more: "costsMore",
  paid_with_gift_card: "giftCard",
  nothing_changed: "nothingChanged",
  payment_pending: "paymentPending",
  out_of_season: "outOfSeason",
  refund_refused: "refundRefused",
  refund_unavailable: "refundUnavailable",
  exceeds_refundable: "orderChanged",
  refund_key_reused: "orderChanged",
} as const satisfies Record<string, ChangeRefusal>;

const codeOf = (details: unknown): string | undefined =>
  details !== null && typeof details === "object" && typeof (details as { code?: unknown }).code === "string"
    ? (details as { code: string }).code
    : undefined;

function refusalOf(answer: CmsRefusal) {
  const code = codeOf(answer.error.details);
  const known: ChangeRefusal | null =
    code !== undefined && Object.hasOwn(REFUSALS, code) ? REFUSALS[code as keyof typeof REFUSALS] : null;
  const reason = known ?? (answer.status === "invalid" ? "invalid" : "failed");
  const status = answer.httpStatus !== null && answer.httpStatus < 500 ? answer.httpStatus : 503;
  return data({ changeRefused: reason }, { status });
}

/** "See how it looks": the quote, with the change it is of (the confirming form carries both back). */
export async function quoteChange(visit: Visit, number: string | null | undefined, body: OrderChangeBody | null) {
  if (body === null) return data({ changeRefused: "invalid" as ChangeRefusal }, { status: 400 });
  const own = ownOrder(visit, number);
  const answer = await cmsCall(`${own.path}/quote`, {
    contract: orderChangeQuoteSchema,
    method: "POST",
    token: own.token,
    body,
  });
  if (answer.ok) return { changeQuote: { quote: answer.value, body: JSON.stringify(body) } };
  settle(visit, own.token, answer);
  return refusalOf(answer);
}

/** The confirmation: the change as quoted, and the CMS's word of what it did. */
export async function confirmChange(visit: Visit, number: string | null | undefined, fields: Record<string, string>) {
  let body: unknown;
  try {
    body = JSON.parse(fields.change ?? "");
  } catch {
    return data({ changeRefused: "invalid" as ChangeRefusal }, { status: 400 });
  }
  const own = ownOrder(visit, number);
  const answer = await cmsCall(own.path, {
    contract: orderChangeAnswerSchema,
    method: "POST",
    token: own.token,
    body: {
      ...(body as object),
      basis: fields.basis ?? "",
      expectedTotal: Number(fields.expectedTotal),
      expectedRefund: Number(fields.expectedRefund),
    },
  });
  if (answer.ok) return { changed: { refunded: answer.value.refunded, refundOwed: answer.value.refundOwed } };
  settle(visit, own.token, answer);
  return refusalOf(answer);
}

export type ChangeQuoteAnswer = { changeQuote: { quote: OrderChangeQuote; body: string } };
