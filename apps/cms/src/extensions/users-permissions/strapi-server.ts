import { createSecretKey, type KeyObject } from "node:crypto";
import type { Core } from "@strapi/strapi";
import jwt from "jsonwebtoken";
import { isSessionOpen, type SessionClaims } from "../../accounts/sessions";
import { CONTENT_TYPES } from "../../content-types";

/**
 * How the shop extends the users-permissions plugin (docs/decisions/011):
 * - the user gains what a shop needs (names, phone, language, customer kind, company, tax id,
 *   newsletter, referral code, addresses, consent history);
 * - the plugin's auth and /users routes give way to the shop's (src/api/account), which answer with
 *   the contracts of @shop/contracts, keep their own rate limits and open sessions;
 * - a token is believed only while the session it names is open: checked wherever the plugin checks
 *   a token, so a retired token is refused by every route, not only the account ones.
 */

interface PluginRoute {
  method: string;
  path: string;
}

interface JwtService {
  verify(token: string): Promise<Partial<SessionClaims>>;
  getToken(ctx: unknown): Promise<Partial<SessionClaims> | null>;
}

/** Where the shop's jwt service keeps the plugin's own, which it wraps. */
const PLUGIN_JWT = Symbol.for("shop.users-permissions.plugin-jwt");

interface UsersPermissionsPlugin {
  contentTypes: { user: { schema: { attributes: Record<string, unknown> } } };
  routes: { "content-api": { routes: PluginRoute[] } };
  services: { jwt: JwtServiceFactory };
}

type JwtServiceFactory = ((context: { strapi: Core.Strapi }) => JwtService) & {
  [PLUGIN_JWT]?: JwtServiceFactory;
};

const text = (maxLength: number) => ({ type: "string", maxLength });

export const PROFILE_ATTRIBUTES = {
  firstName: text(80),
  lastName: text(120),
  phone: text(32),
  preferredLocale: { type: "enumeration", enum: ["es", "ca", "pt"], default: "es" },
  customerKind: { type: "enumeration", enum: ["consumer", "company"], default: "consumer" },
  companyName: text(160),
  taxId: text(20),
  newsletter: { type: "boolean", default: false },
  /** The customer's code to invite friends with (src/referrals/referrals.ts); unique (src/bootstrap/accounts.ts). */
  referralCode: { type: "string", private: true, configurable: false },
  /** Apple's stable id of the customer ("sub"), once they have signed in with Apple. */
  appleSubject: { type: "string", private: true, configurable: false },
  /** Google's "sub", Microsoft's "tid:oid" and Facebook's app-scoped id (src/accounts/social/, decision 025). */
  googleSubject: { type: "string", private: true, configurable: false },
  microsoftSubject: { type: "string", private: true, configurable: false },
  facebookSubject: { type: "string", private: true, configurable: false },
  addresses: {
    type: "relation",
    relation: "oneToMany",
    target: CONTENT_TYPES.address,
    mappedBy: "user",
  },
  newsletterConsents: {
    type: "relation",
    relation: "oneToMany",
    target: CONTENT_TYPES.newsletterConsent,
    mappedBy: "user",
  },
};

/**
 * The signature and expiry check of the plugin's legacy tokens (the shop's mode), with the secret
 * made a key once. The plugin hands jsonwebtoken the secret as text, which jsonwebtoken first tries
 * to read as a public key: a thrown and caught error on every signed-in call, 4-6 % of the CMS's CPU
 * while customers place orders (`npm run bench -- orders`, decision 053). Same algorithms, same
 * refusal ("Invalid token.") as the plugin's `verify`.
 */
function signatureChecker(strapi: Core.Strapi): (token: string) => Promise<Partial<SessionClaims>> {
  let secret: KeyObject | null = null;
  return (token) => {
    secret ??= createSecretKey(Buffer.from(strapi.config.get<string>("plugin::users-permissions.jwtSecret"), "utf-8"));
    const algorithm = strapi.config.get<{ algorithm?: jwt.Algorithm }>("plugin::users-permissions.jwt", {})?.algorithm;
    const key = secret;
    return new Promise((resolve, reject) => {
      jwt.verify(token, key, { algorithms: [algorithm ?? "HS256"] }, (error, claims) => {
        if (error || typeof claims !== "object" || claims === null) reject(new Error("Invalid token."));
        else resolve(claims as Partial<SessionClaims>);
      });
    });
  };
}

/** The plugin's own auth and /users routes, which src/api/account/routes/account.ts replaces. */
function replacedByTheShop(route: PluginRoute): boolean {
  if (route.path.startsWith("/connect/")) return false;
  return route.path.startsWith("/auth/") || route.path === "/users" || route.path.startsWith("/users/");
}

export default (plugin: UsersPermissionsPlugin) => {
  Object.assign(plugin.contentTypes.user.schema.attributes, PROFILE_ATTRIBUTES);

  const contentApi = plugin.routes["content-api"];
  contentApi.routes = contentApi.routes.filter((route) => !replacedByTheShop(route));

  // The plugin's module object outlives a Strapi instance (tests boot several in one process): wrap
  // the plugin's own service, never an earlier wrapper, or every boot would add one more session check.
  const createJwt = plugin.services.jwt[PLUGIN_JWT] ?? plugin.services.jwt;
  const shopJwt: JwtServiceFactory = ({ strapi }) => {
    const base = createJwt({ strapi });
    // The plugin's own check in its "refresh" mode (tokens of its session manager), which the shop does not use.
    const refreshMode =
      strapi.config.get<string>("plugin::users-permissions.jwtManagement", "legacy-support") === "refresh";
    const checkSignature = refreshMode ? (token: string) => base.verify(token) : signatureChecker(strapi);
    return {
      ...base,
      /** The claims of a token whose signature and expiry hold, without the session check (src/accounts/session-of-request.ts reads the session with the customer). */
      verifySignature: checkSignature,
      async verify(token: string) {
        const claims = await checkSignature(token);
        if (!(await isSessionOpen(strapi, claims))) throw new Error("Invalid token.");
        return claims;
      },
    };
  };
  shopJwt[PLUGIN_JWT] = createJwt;
  plugin.services.jwt = shopJwt;
  return plugin;
};
