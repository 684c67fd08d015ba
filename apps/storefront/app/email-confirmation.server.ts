import { emailConfirmationBody } from "@shop/contracts";
import { pathTo, type Locale } from "@shop/routing";
import { redirect } from "react-router";
import { z } from "zod";
import { accountCall } from "./account.server";
import { flashCookie } from "./flash.server";

/** The confirmation link's parameter on the sign-in page (docs/decisions/011). */
export const CONFIRMATION_PARAM = "confirmation";

/**
 * The e-mailed confirmation link opens the sign-in page with `?confirmation=`. It is handled before
 * the guards: a customer who registered is usually still signed in when the mail arrives, and the
 * guest-only sign-in page would otherwise send them away with the address unconfirmed. The outcome
 * travels as a one-time notice, so the address bar loses the spent token and a reload says nothing.
 */
export async function confirmEmailFromLink(url: URL, { locale, signedIn }: { locale: Locale; signedIn: boolean }) {
  const token = url.searchParams.get(CONFIRMATION_PARAM);
  if (token === null) return null;
  const body = emailConfirmationBody.safeParse({ confirmation: token });
  const confirmed = body.success
    ? await accountCall("/auth/email-confirmation", z.object({ user: z.unknown() }), {
        method: "POST",
        body: body.data,
      })
    : null;
  const outcome = confirmed?.ok ? "emailConfirmed" : "confirmationFailed";
  return redirect(pathTo(signedIn ? "account" : "login", locale), { headers: { "Set-Cookie": flashCookie(outcome) } });
}
