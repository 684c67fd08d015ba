import type { Account } from "@shop/contracts";
import type { Locale } from "@shop/routing";
import type { Visit } from "../app/accounts/account-area.server";
import { SIGNED_OUT, type Session } from "../app/session.server";

/** A customer as GET /users/me answers: what a signed-in test visit's session holds. */
export function customerOf(overrides: Partial<Account> = {}): Account {
  return {
    id: 7,
    email: "marta@example.test",
    username: null,
    provider: "local",
    confirmed: true,
    firstName: "Marta",
    lastName: "Puig",
    phone: null,
    preferredLocale: "es",
    customerKind: "consumer",
    companyName: null,
    taxId: null,
    newsletter: false,
    createdAt: "2026-01-05T10:00:00.000Z",
    ...overrides,
  };
}

/**
 * What a loader or action of a test is handed: the request and the session the server resolved
 * for it (server/request-context.ts), signed in with `token` unless it is null.
 */
export function visitOf(
  request: Request,
  {
    locale = "es",
    token = "jwt-of-marta",
    customer = customerOf(),
    clientIp = "203.0.113.9",
  }: { locale?: Locale; token?: string | null; customer?: Account; clientIp?: string } = {},
): Visit & { context: { clientIp: string } } {
  const session: Session = token ? { token, user: customer, clearCookie: false } : SIGNED_OUT;
  return { request, context: { locale, session, clientIp } };
}

/** What a loader or an action threw: a redirect Response, or React Router's data() with its status. */
export async function thrown(promise: Promise<unknown>): Promise<{ status: number; location: string | null }> {
  const error: unknown = await promise.then(
    () => {
      throw new Error("expected a throw");
    },
    (caught: unknown) => caught,
  );
  if (error instanceof Response) return { status: error.status, location: error.headers.get("Location") };
  if (error && typeof error === "object" && "init" in error) {
    const init = (error as { init: ResponseInit | null }).init;
    return { status: init?.status ?? 200, location: null };
  }
  throw error;
}
