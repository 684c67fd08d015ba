import { emailConfirmationBody } from "@shop/contracts";
import { pathTo, type Locale } from "@shop/routing";
import { redirect } from "react-router";
import { z } from "zod";
import { accountCall } from "./account.server";
import type { FlashCode } from "./flash";
import { flashCookie } from "./flash.server";

/** The confirmation link's parameter on the sign-in page (docs/decisions/011). */
export const CONFIRMATION_PARAM = "confirmation";

/**
 * The e-mailed confirmation link opens the sign-in page with `?confirmation=`. It is handled before
 * the guards: a customer who registered is usually still signed in when the mail arrives, and the
 * guest-only sign-in page would otherwise send them away with the address unconfirmed. The outcome
 * travels as a one-time notice, so the address bar loses the spent token and a reload says nothing.
 */
export async function confirmEmailFromLink(
  url: URL,
  { locale, signedInAs }: { locale: Locale; signedInAs: number | null },
) {
  const token = url.searchParams.get(CONFIRMATION_PARAM);
  if (token === null) return null;
  const body = emailConfirmationBody.safeParse({ confirmation: token });
  const confirmed = body.success
    ? await accountCall("/auth/email-confirmation", CONFIRMATION_ANSWER, { method: "POST", body: body.data })
    : null;
  // A link of another account (opened in a browser signed in as somebody else) confirms that
  // account, and the page must not tell the signed-in customer that their own address is confirmed.
  const outcome: FlashCode = !confirmed?.ok
    ? "confirmationFailed"
    : signedInAs !== null && confirmed.value.user.id !== signedInAs
      ? "otherEmailConfirmed"
      : "emailConfirmed";
  return redirect(pathTo(signedInAs !== null ? "account" : "login", locale), {
    headers: { "Set-Cookie": flashCookie(outcome) },
  });
}

const CONFIRMATION_ANSWER = z.object({ user: z.object({ id: z.number() }) });
