import type { Core } from "@strapi/strapi";
import { signedInUser, type AccountUser, type SessionClaims } from "./sessions";

/** The signed-in customer of a request: their id, the session their token names, and their row. */
export interface SignedIn {
  userId: number;
  sid: string;
  /** The customer as the one lookup read it (signedInUser): handlers answer from it without asking again. */
  user: AccountUser;
}

interface RequestWithHeaders {
  request: { header: Record<string, string | string[] | undefined> };
}

/** The plugin's JWT service as src/extensions/users-permissions extends it. */
interface JwtService {
  /** The token's claims when its signature and expiry hold; no database lookup. */
  verifySignature(token: string): Promise<Partial<SessionClaims>>;
}

/** The bearer token of the Authorization header, as the plugin reads it. */
function bearerOf(ctx: RequestWithHeaders): string | null {
  const header = ctx.request.header.authorization;
  if (typeof header !== "string") return null;
  const [scheme, token, ...rest] = header.split(/\s+/);
  return scheme?.toLowerCase() === "bearer" && token && rest.length === 0 ? token : null;
}

/**
 * The session of a request's bearer token, or null: no token, a bad or expired one, a retired
 * session, or a blocked customer. One database lookup (docs/decisions/024): the signature is
 * checked in memory, then the session row and its customer are read together.
 */
export async function openSessionOf(strapi: Core.Strapi, ctx: RequestWithHeaders): Promise<SignedIn | null> {
  const token = bearerOf(ctx);
  if (!token) return null;
  const jwt = strapi.plugin("users-permissions").service("jwt") as unknown as JwtService;
  let claims: Partial<SessionClaims>;
  try {
    claims = await jwt.verifySignature(token);
  } catch {
    return null;
  }
  const user = await signedInUser(strapi, claims);
  if (!user || user.blocked === true || typeof claims.sid !== "string") return null;
  return { userId: user.id, sid: claims.sid, user };
}
