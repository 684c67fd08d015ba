/**
 * One-time notices that follow a redirect: what an action did, said on the next page. They travel
 * in a short-lived httpOnly cookie set by the action itself, so a page says "your password was
 * changed" only to the visitor whose request changed it, never to whoever opens a crafted link.
 */
export const FLASH_CODES = [
  "signedIn",
  "signedOut",
  "registered",
  "passwordReset",
  "passwordChanged",
  "emailConfirmed",
  "otherEmailConfirmed",
  "confirmationFailed",
  "accountDeleted",
  "newsletterRequested",
  /** A second "Pay" of the new-order flow found its draft already spent by an order. */
  "draftSpent",
] as const;

export type FlashCode = (typeof FLASH_CODES)[number];

export function isFlashCode(value: unknown): value is FlashCode {
  return typeof value === "string" && (FLASH_CODES as readonly string[]).includes(value);
}
