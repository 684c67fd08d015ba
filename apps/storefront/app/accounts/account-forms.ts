/**
 * What account pages and their actions share about a refused form: the browser renders these,
 * the server (account.server.ts) makes them.
 */

/** A refusal of one field, as the CMS words it: a code of the contracts ("tooLong:80") or of the CMS ("emailTaken"). */
export interface AccountFieldError {
  readonly code: string;
  readonly max?: number;
}

export type AccountFieldErrors = Readonly<Record<string, AccountFieldError>>;

/** Field name of a refusal about the whole form (wrong credentials, a spent link). */
export const FORM_FIELD = "form";

/** What an account form's action answers when the form cannot go through. */
export type AccountFormRefusal = {
  readonly status: "invalid" | "limited" | "failed" | "signedOut";
  readonly errors: AccountFieldErrors;
  /** What the customer typed, so nothing is lost (never passwords). */
  readonly values: Record<string, string>;
  /** Which of the page's forms was refused (AccountForm's `intent`). */
  readonly intent: string | null;
  /** When refused for too many attempts: how long until the next may go. */
  readonly retryAfterMinutes: number | null;
};

/** The action's refusal of this form, if that is what the action answered. */
export function refusalOf(answer: unknown, intent: string | null = null): AccountFormRefusal | undefined {
  if (typeof answer !== "object" || answer === null || !("errors" in answer)) return undefined;
  const refusal = answer as AccountFormRefusal;
  return refusal.intent === intent ? refusal : undefined;
}
