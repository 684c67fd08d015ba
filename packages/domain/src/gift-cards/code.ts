/**
 * Gift card codes (issue 23): what a recipient reads from an e-mail or a printed PDF and types at the
 * summary. Drawn from a secure generator the caller passes in (crypto.randomBytes in the CMS), so the
 * rules stay free of Node.
 */
import { UNAMBIGUOUS_CODE_ALPHABET } from "../codes";

/** Four groups of five: 20 characters of log2(31) = 4.95 bits, about 99 random bits (at least 80 asked). */
export const GIFT_CARD_CODE_GROUPS = 4;
export const GIFT_CARD_CODE_GROUP_LENGTH = 5;
const CODE_LENGTH = GIFT_CARD_CODE_GROUPS * GIFT_CARD_CODE_GROUP_LENGTH;
/** The characters staff search by and screens show ("···· 7KQ4"): too few to guess the rest from. */
export const GIFT_CARD_VISIBLE_TAIL = 4;

/**
 * The largest multiple of the alphabet's length that fits a byte: a byte at or above it is thrown
 * away, because taking it modulo 31 would make the first nine characters a little likelier, and a
 * code is a secret, unlike a payment reference.
 */
const UNBIASED_BYTE_LIMIT = Math.floor(256 / UNAMBIGUOUS_CODE_ALPHABET.length) * UNAMBIGUOUS_CODE_ALPHABET.length;

/**
 * A new code, undashed (as stored and compared). `randomBytes(n)` must come from a cryptographically
 * secure generator; it is asked again while rejected bytes leave the code short.
 */
export function drawGiftCardCode(randomBytes: (count: number) => Uint8Array): string {
  let code = "";
  while (code.length < CODE_LENGTH) {
    for (const byte of randomBytes(CODE_LENGTH)) {
      if (byte >= UNBIASED_BYTE_LIMIT) continue;
      code += UNAMBIGUOUS_CODE_ALPHABET[byte % UNAMBIGUOUS_CODE_ALPHABET.length];
      if (code.length === CODE_LENGTH) break;
    }
  }
  return code;
}

/** "ABCDE-FGHJK-MNPQR-STUVW": grouped for reading aloud and typing. */
export function formatGiftCardCode(code: string): string {
  const groups: string[] = [];
  for (let start = 0; start < code.length; start += GIFT_CARD_CODE_GROUP_LENGTH)
    groups.push(code.slice(start, start + GIFT_CARD_CODE_GROUP_LENGTH));
  return groups.join("-");
}

/**
 * What someone typed, as stored (upper case, without the spaces and dashes people add or leave out),
 * or null when it cannot be a code: the wrong length or a character the alphabet does not have. A
 * confusable character is refused, not mapped: the alphabet has none, so an "O" is a typing mistake
 * that the customer should see, not a guess made for them.
 */
export function normalizeGiftCardCode(input: string): string | null {
  const code = input.replace(/[\s\-\u2010-\u2015]/g, "").toUpperCase();
  if (code.length !== CODE_LENGTH) return null;
  for (const character of code) if (!UNAMBIGUOUS_CODE_ALPHABET.includes(character)) return null;
  return code;
}

export function giftCardTailOf(code: string): string {
  return code.slice(-GIFT_CARD_VISIBLE_TAIL);
}

/**
 * A card's last characters as a customer's button or staff's search sends them ("7kq4" is 7KQ4), or
 * null when they cannot be a tail: the one check for the summary's "Remove" and the CMS's routes.
 */
export function normalizeGiftCardTail(input: string): string | null {
  const tail = input.trim().toUpperCase();
  return new RegExp(`^[0-9A-Z]{${GIFT_CARD_VISIBLE_TAIL}}$`).test(tail) ? tail : null;
}
