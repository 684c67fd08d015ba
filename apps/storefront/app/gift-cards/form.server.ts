import { giftCardPurchaseBody, type GiftCardPurchase, type GiftCardPurchaseBody } from "@shop/contracts";
import { eurosToCents } from "@shop/domain";
import type { Locale } from "@shop/routing";
import { CUSTOM_AMOUNT, FIELDS, type FieldProblem, type FieldProblems, type FormValues } from "./fields";

/**
 * The create screen's form and the purchase body of @shop/contracts, on the server: what was typed
 * read back (and a kept purchase as the form was filled), and turned into the body (the amount's
 * choice into cents). The CMS checks the body again. Field names: ./fields.ts.
 */

export function formValuesOf(form: FormData): FormValues {
  const values: FormValues = {};
  for (const name of Object.values(FIELDS)) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

/** What the buyer typed, from a purchase the CMS kept (the form again after a failed payment). */
export function formValuesOfPurchase(purchase: GiftCardPurchase, offered: readonly number[]): FormValues {
  const offeredAmount = offered.includes(purchase.amount);
  return {
    amount: offeredAmount ? String(purchase.amount) : CUSTOM_AMOUNT,
    customAmount: offeredAmount ? "" : String(purchase.amount / 100),
    design: purchase.design,
    recipientName: purchase.recipientName,
    recipientEmail: purchase.recipientEmail,
    recipientLocale: purchase.recipientLocale,
    message: purchase.message ?? "",
    senderName: purchase.senderName ?? "",
    when: purchase.sendOn === null ? "now" : "date",
    sendOn: purchase.sendOn ?? "",
    buyerEmail: purchase.buyerEmail,
  };
}

/** The amount chosen, in cents; null with the field's problem when it cannot be read. */
function amountOf(values: FormValues): number | FieldProblem {
  const choice = values.amount ?? "";
  if (choice === "") return { code: "required" };
  if (choice !== CUSTOM_AMOUNT) return /^\d{1,7}$/.test(choice) ? Number(choice) : { code: "invalidChoice" };
  const typed = (values.customAmount ?? "").trim();
  if (typed === "") return { code: "required" };
  if (!/^\d{1,6}(?:[.,]\d{1,2})?$/.test(typed)) return { code: "invalidAmount" };
  return eurosToCents(typed);
}

/**
 * The purchase body of what was typed, or the problems beside their fields (the contract's codes,
 * "tooLong:80" read as code and limit).
 */
export function purchaseBodyOf(
  values: FormValues,
  locale: Locale,
): { ok: true; body: GiftCardPurchaseBody } | { ok: false; errors: FieldProblems } {
  const amount = amountOf(values);
  const parsed = giftCardPurchaseBody.safeParse({
    amount: typeof amount === "number" ? amount : 0,
    design: values.design ?? "",
    recipientName: values.recipientName ?? "",
    recipientEmail: values.recipientEmail ?? "",
    recipientLocale: values.recipientLocale ?? "",
    message: values.message ?? "",
    senderName: values.senderName ?? "",
    buyerEmail: values.buyerEmail ?? "",
    sendOn: values.when === "date" ? (values.sendOn ?? "") : null,
    locale,
  });
  const errors: Record<string, FieldProblem> = {};
  if (typeof amount !== "number") errors.amount = amount;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "form");
      const [code = "invalid", max] = issue.message.split(":");
      errors[field] ??= max === undefined ? { code } : { code, max: Number(max) };
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
