import crypto from "node:crypto";
import net from "node:net";
import { getEnv } from "../env";

/**
 * The storefront's word for who the visitor is. The names are the storefront's too
 * (apps/storefront/app/cms.server.ts): it sends both on every call made for a visitor.
 */
const CLIENT_IP_HEADER = "x-shop-client-ip";
const PROXY_SECRET_HEADER = "x-shop-proxy-secret";

interface ClientIpContext {
  request: { ip: string; header: Record<string, string | string[] | undefined> };
}

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Decides the client address every rate limit and log line uses (customer sign-in, staff sign-in,
 * forgot-password, the public forms). Koa's own answer counts only TRUST_PROXY_HOPS proxies
 * (config/server.ts; none by default), so a client who writes X-Forwarded-For, Forwarded or
 * X-Real-IP changes nothing. The storefront may name the visitor, but only next to the shared
 * secret, which no visitor has: it decided the address with its own trusted hops.
 */
export default () => {
  const { secrets } = getEnv();
  return async (ctx: ClientIpContext, next: () => Promise<void>) => {
    const headers = ctx.request.header;
    const claimed = headers[CLIENT_IP_HEADER];
    const secret = headers[PROXY_SECRET_HEADER];
    // Nothing after this middleware sees either header, so nothing can trust them by mistake.
    delete headers[CLIENT_IP_HEADER];
    delete headers[PROXY_SECRET_HEADER];
    if (typeof claimed === "string" && typeof secret === "string" && sameSecret(secret, secrets.proxySecret)) {
      const address = claimed.trim();
      if (net.isIP(address) !== 0) ctx.request.ip = address;
    }
    await next();
  };
};
