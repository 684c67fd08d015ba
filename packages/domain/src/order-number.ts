/** Order numbers people read and quote: "IMP-0000042", from the order's database id. */
const ORDER_NUMBER_PREFIX = "IMP-";
const ORDER_NUMBER = /^IMP-(\d{7,})$/;

/** Seven digits at least, more once ids need them ("IMP-12345678"). */
export function orderNumberOf(id: number): string {
  if (!Number.isSafeInteger(id) || id < 1) throw new RangeError(`Not an order id: ${id}`);
  return `${ORDER_NUMBER_PREFIX}${String(id).padStart(7, "0")}`;
}

/**
 * The order id a number stands for, or null for anything orderNumberOf would not have written
 * (other letter case, more padding, spaces): a path with such a number answers 404, like one of an
 * order that does not exist, so there is one address per order.
 */
export function parseOrderNumber(text: string): number | null {
  const digits = ORDER_NUMBER.exec(text)?.[1];
  if (digits === undefined) return null;
  const id = Number(digits);
  return Number.isSafeInteger(id) && id >= 1 && orderNumberOf(id) === text ? id : null;
}

/** Redsys's rule for its order field: four digits, then up to eight letters or digits. We use all twelve. */
export const PAYMENT_REFERENCE_PATTERN = /^\d{4}[0-9A-Za-z]{8}$/;

const DIGITS = "0123456789";
const ALPHANUMERIC = `${DIGITS}ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz`;

/**
 * A new reference for one payment attempt, from at least twelve random bytes (the caller's
 * crypto.randomBytes or getRandomValues, so the rules stay free of Node). A gateway refuses a
 * reference it has seen, so every attempt needs its own; 10^4 x 62^8 (about 2 x 10^18) of them make
 * a repeat practically impossible. A byte taken modulo 10 or 62 favours a few characters very
 * slightly, which does not matter for a reference that only has to be unlikely to repeat, not secret.
 */
export function paymentReference(randomBytes: Uint8Array): string {
  if (randomBytes.length < 12)
    throw new RangeError(`A payment reference needs 12 random bytes, got ${randomBytes.length}`);
  let reference = "";
  for (let index = 0; index < 12; index++) {
    const alphabet = index < 4 ? DIGITS : ALPHANUMERIC;
    reference += alphabet[randomBytes[index]! % alphabet.length];
  }
  return reference;
}
