import crypto from "node:crypto";
import net from "node:net";
import type { Core } from "@strapi/strapi";
import { CLIENT_IP_HEADER, PROXY_SECRET_HEADER } from "@shop/contracts";
import { getEnv } from "../env";

interface ClientIpContext {
  request: { ip: string; header: Record<string, string | string[] | undefined> };
}

/**
 * The key rate limits count by. An IPv6 host usually holds a whole /64 and can pick any address
 * in it, so all of them count as one client; an IPv4 address (mapped ones included) as itself.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(address)) {
    const [head = "", tail = ""] = address.split("::");
    const left = head === "" ? [] : head.split(":");
    const right = tail === "" ? [] : tail.split(":");
    const groups = address.includes("::")
      ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
      : left;
    const prefix = groups.slice(0, 4).map((group) => (Number.parseInt(group, 16) || 0).toString(16));
    return `${prefix.join(":")}::/64`;
  }
  return address;
}

/** One warning a minute at most: a wrong secret means every visitor shares the storefront's allowance. */
const WARN_EVERY_MS = 60_000;

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
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) => {
  const { secrets } = getEnv();
  let lastWarning = 0;
  const warn = (message: string) => {
    if (Date.now() - lastWarning < WARN_EVERY_MS) return;
    lastWarning = Date.now();
    strapi.log.warn(message);
  };
  return async (ctx: ClientIpContext, next: () => Promise<void>) => {
    const headers = ctx.request.header;
    const claimed = headers[CLIENT_IP_HEADER];
    const secret = headers[PROXY_SECRET_HEADER];
    // Nothing after this middleware sees either header, so nothing can trust them by mistake.
    delete headers[CLIENT_IP_HEADER];
    delete headers[PROXY_SECRET_HEADER];
    let address = ctx.request.ip;
    if (typeof claimed === "string" && typeof secret === "string") {
      if (!sameSecret(secret, secrets.proxySecret)) {
        warn("A client address came with the wrong PROXY_SECRET: is the storefront's the same as the CMS's?");
      } else if (net.isIP(claimed.trim()) === 0) {
        warn(`The storefront named a client address that is not an IP address: ${JSON.stringify(claimed)}`);
      } else {
        address = claimed.trim();
      }
    }
    ctx.request.ip = clientKey(address);
    await next();
  };
};
