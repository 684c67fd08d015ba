/**
 * The create screen's field names and what a refusal beside a field looks like: what the page's
 * form needs in the browser, without the contracts (zod) that ./form.ts reads the body with.
 */

/** The amount radio's value for "another amount", typed in `customAmount`. */
export const CUSTOM_AMOUNT = "custom";

export const FIELDS = {
  amount: "amount",
  customAmount: "customAmount",
  design: "design",
  recipientName: "recipientName",
  recipientEmail: "recipientEmail",
  recipientLocale: "recipientLocale",
  message: "message",
  senderName: "senderName",
  when: "when",
  sendOn: "sendOn",
  buyerEmail: "buyerEmail",
} as const;

export type FormValues = Partial<Record<(typeof FIELDS)[keyof typeof FIELDS], string>>;

/** A refusal beside its field: a contract's or the CMS's code, with a limit where it has one. */
export interface FieldProblem {
  readonly code: string;
  readonly max?: number;
}
export type FieldProblems = Readonly<Record<string, FieldProblem>>;
