import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { giftCardKey } from "./code-key";

/**
 * A card's code, sealed for the one mail that carries it (docs/decisions/037). Only the keyed hash
 * and the last four characters are kept for good; a card bought today and sent in a month needs its
 * code until the recipient's e-mail goes, so it is kept sealed (AES-256-GCM under a key derived from
 * GIFT_CARD_CODE_KEY for this use only, ./code-key.ts) and erased when the mail has gone
 * (./sending.ts). A database copy alone reads no code. The sealed value names its key's id, so a
 * later rotation can tell old values apart (today a value under another key is not opened and the
 * card's mail goes with a new code, the same as staff's resend).
 */

const VERSION = "v2";

const key = () => giftCardKey("shop gift card code sealing");

/** `v2.<key id>.<iv>.<tag>.<ciphertext>`, base64url: what the card's `codeSealed` holds. */
export function sealGiftCardCode(code: string): string {
  const iv = randomBytes(12);
  const { key: aesKey, id } = key();
  const cipher = createCipheriv("aes-256-gcm", aesKey, iv);
  const sealed = Buffer.concat([cipher.update(code, "utf8"), cipher.final()]);
  return [VERSION, id, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The code, or null when it cannot be opened (another key, a damaged value): the caller reissues. */
export function openGiftCardCode(sealed: string | null): string | null {
  if (sealed === null) return null;
  const [version, keyId, iv, tag, data] = sealed.split(".");
  const { key: aesKey, id } = key();
  if (version !== VERSION || keyId !== id || iv === undefined || tag === undefined || data === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", aesKey, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
