import { createHmac } from "node:crypto";
import { getEnv } from "../env";

/**
 * Gift card codes' own key (GIFT_CARD_CODE_KEY, docs/decisions/037): the lookup hash of every code
 * and the key that seals an unsent code both derive from it, never from JWT_SECRET, so rotating the
 * sign-in key after a leak leaves every issued card findable. Rotating this one voids every code.
 */
function derived(use: string): Buffer {
  return createHmac("sha256", getEnv().secrets.giftCardCodeKey).update(use).digest();
}

/** HMAC-SHA256 of `data` under the code key derived for `use` (hex). */
export function giftCardKeyedHash(use: string, data: string): string {
  return createHmac("sha256", derived(use)).update(data).digest("hex");
}

/** The 256-bit key for `use`, and its id: a short fingerprint a sealed value carries, so a rotated key is told apart. */
export function giftCardKey(use: string): { key: Buffer; id: string } {
  const key = derived(use);
  return { key, id: createHmac("sha256", key).update("key id").digest("hex").slice(0, 8) };
}
