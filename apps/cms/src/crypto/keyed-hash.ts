import { createHmac } from "node:crypto";
import { getEnv } from "../env";

/**
 * HMAC-SHA256 of `data` under a key derived from JWT_SECRET for one use only (`use` names it), so
 * that a value made for one purpose never passes for another's. What the CMS stores of e-mailed
 * secrets, what it signs unsubscribe links with, and how it pseudonymises addresses
 * (docs/decisions/011 and 013). Rotating JWT_SECRET changes every one of them.
 */
export function keyedHash(use: string, data: string, encoding: "hex" | "base64url" = "hex"): string {
  const key = createHmac("sha256", getEnv().secrets.jwtSecret).update(use).digest();
  return createHmac("sha256", key).update(data).digest(encoding);
}
