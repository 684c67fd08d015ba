import { giftCardBalanceAnswer } from "@shop/contracts";
import { pathTo, safeRedirectTarget } from "@shop/routing";
import { data, redirect } from "react-router";
import type { Route } from "./+types/gift-card-balance";
import { accountCall } from "~/accounts/account.server";
import type { BalanceCheckAnswer } from "~/gift-cards/balance-check";
import { readForm } from "~/forms/read-form.server";

/**
 * The gift card page's balance check (components in gift-cards/balance-check.tsx): the typed code
 * goes to the CMS with the visitor's address as this server decided it (the CMS's allowance of
 * codes counts by it), and every failure comes back as one "not found".
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const posted = form.get("code");
  const code = typeof posted === "string" ? posted.slice(0, 64) : "";
  const answer = await accountCall("/gift-cards/balance", giftCardBalanceAnswer, {
    method: "POST",
    body: { code },
    clientIp: context.clientIp,
  });
  const outcome: BalanceCheckAnswer = answer.ok
    ? answer.value.found
      ? { status: "found", balance: answer.value.balance, tail: answer.value.codeTail }
      : { status: "notFound" }
    : answer.status === "limited"
      ? { status: "limited" }
      : { status: "failed" };
  if (context.dataRequest) {
    return data(outcome, { status: { found: 200, notFound: 200, limited: 429, failed: 503 }[outcome.status] });
  }
  // Sent before JavaScript loaded: back to the page (its form then asks again with JavaScript).
  const returnTo = form.get("returnTo");
  const back =
    safeRedirectTarget(typeof returnTo === "string" ? returnTo : "") ?? pathTo("giftCardCreate", context.locale);
  return redirect(`${back}#saldo`);
}
