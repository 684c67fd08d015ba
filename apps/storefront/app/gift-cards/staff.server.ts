import { randomBytes } from "node:crypto";
import {
  GIFT_CARD_SEARCH_MAX,
  staffGiftCardDetailSchema,
  staffGiftCardListSchema,
  type StaffGiftCard,
  type StaffGiftCardDetail,
} from "@shop/contracts";
import { eurosToCents } from "@shop/domain";
import { accountCall } from "~/accounts/account.server";
import type { Visit } from "~/accounts/account-area.server";
import { notFound } from "~/components/error-screen";
import { readForm } from "~/forms/read-form.server";
import { forgetSession } from "~/session.server";

/**
 * Staff's gift card page (/admin/gift-cards, docs/decisions/037): the CMS decides who is staff (the
 * Staff role the admin panel grants) and answers 404 to anyone else, which this page passes on as
 * its own 404, so a customer learns nothing about the page. Everything shown and done is the CMS's
 * staff calls with the user's own token.
 */

export interface StaffPage {
  q: string;
  cards: StaffGiftCard[];
  detail: StaffGiftCardDetail | null;
  /** The key of this render's forms: a double submit records one movement. */
  formKey: string;
}

function cardIdOf(value: string | null): number | null {
  const id = Number(value);
  // The CMS's row ids are 32-bit: a larger one is no card.
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * The signed-in user's token, or the 404 page: a visitor is not sent to sign in (that would tell them
 * the page exists), the routing table lets everyone through and this is the page's only gate.
 */
function staffToken(visit: Visit): string {
  const { token, user } = visit.context.session;
  if (!token || !user) notFound(visit.request);
  return token;
}

export async function loadStaffPage(visit: Visit): Promise<StaffPage> {
  const token = staffToken(visit);
  const url = new URL(visit.request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, GIFT_CARD_SEARCH_MAX);
  const list = await accountCall(`/gift-cards/staff?${new URLSearchParams({ q })}`, staffGiftCardListSchema, {
    token,
  });
  if (!list.ok && list.status === "signedOut") forgetSession(token);
  // Only the CMS's positive answer shows staff the page: a failed call could be a customer's as well
  // as staff's, so it is the 404 page too (staff reload; a customer learns nothing).
  if (!list.ok) notFound(visit.request);
  const cardId = cardIdOf(url.searchParams.get("card"));
  const detail =
    cardId !== null ? await accountCall(`/gift-cards/staff/${cardId}`, staffGiftCardDetailSchema, { token }) : null;
  return {
    q,
    cards: list.value.cards,
    detail: detail?.ok ? detail.value : null,
    formKey: randomBytes(12).toString("base64url"),
  };
}

export type StaffActionAnswer =
  { ok: true; intent: "adjust" | "void" | "resend"; balance: number; email: string } | { ok: false; code: string };

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/** Adjust, void or resend, as the posted form's intent says. */
export async function staffAction(visit: Visit): Promise<StaffActionAnswer> {
  const token = staffToken(visit);
  const form = await readForm(visit.request);
  const intent = field(form, "intent");
  const cardId = cardIdOf(field(form, "card"));
  if (cardId === null || (intent !== "adjust" && intent !== "void" && intent !== "resend")) notFound(visit.request);
  let body: Record<string, unknown> = {};
  if (intent === "adjust") {
    let amount: number;
    try {
      amount = eurosToCents(field(form, "amount"));
    } catch {
      return { ok: false, code: "invalid" };
    }
    body = { amount, reason: field(form, "reason"), key: field(form, "key") };
  }
  // A void has no amount: its refusal asks for what its own form has (a reason, the box ticked).
  const invalid = intent === "void" ? "voidInvalid" : "invalid";
  if (intent === "void") {
    if (field(form, "confirm") !== "yes") return { ok: false, code: invalid };
    body = { reason: field(form, "reason"), key: field(form, "key") };
  }
  const answer = await accountCall(`/gift-cards/staff/${cardId}/${intent}`, staffGiftCardDetailSchema, {
    method: "POST",
    token,
    body,
  });
  if (answer.ok) {
    return { ok: true, intent, balance: answer.value.card.balance, email: answer.value.card.recipientEmail };
  }
  if (answer.status === "notFound") notFound(visit.request);
  if (answer.status === "invalid") return { ok: false, code: invalid };
  if (answer.status === "conflict") return { ok: false, code: conflictCode(answer) };
  return { ok: false, code: "failed" };
}

/** The ledger's refusal code the CMS sent with its 409 (exceeds_balance, voided, ...). */
function conflictCode(answer: { error?: { details?: unknown } }): string {
  const details = answer.error?.details;
  const code = details && typeof details === "object" && "code" in details ? (details as { code: unknown }).code : null;
  return typeof code === "string" ? code : "failed";
}
