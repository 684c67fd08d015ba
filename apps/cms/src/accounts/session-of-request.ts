import type { Core } from "@strapi/strapi";
import { findUser } from "../services/sessions";

/** The signed-in customer of a request: their id and the session their token names. */
export interface SignedIn {
  userId: number;
  sid: string;
}

interface RequestWithHeaders {
  request: { header: Record<string, string | string[] | undefined> };
}

interface JwtService {
  getToken(ctx: unknown): Promise<{ id?: unknown; sid?: unknown } | null>;
}

/**
 * The session of a request's bearer token, or null: no token, a bad or expired one, a retired
 * session (the plugin's token check, extended in src/extensions/users-permissions), or a blocked
 * customer.
 */
export async function openSessionOf(strapi: Core.Strapi, ctx: RequestWithHeaders): Promise<SignedIn | null> {
  const jwt = strapi.plugin("users-permissions").service("jwt") as unknown as JwtService;
  let claims: { id?: unknown; sid?: unknown } | null;
  try {
    claims = await jwt.getToken(ctx);
  } catch {
    return null;
  }
  if (!claims || typeof claims.id !== "number" || typeof claims.sid !== "string") return null;
  const user = await findUser(strapi, { id: claims.id });
  if (!user || user.blocked === true) return null;
  return { userId: claims.id, sid: claims.sid };
}
