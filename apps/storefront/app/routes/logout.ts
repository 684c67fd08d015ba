import { okAnswerSchema } from "@shop/contracts";
import { isLocale, pathTo } from "@shop/routing";
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { accountCall } from "~/accounts/account.server";
import { flashCookie } from "~/accounts/flash.server";
import { readForm } from "~/forms/read-form.server";
import { clearSessionCookie, forgetSession } from "~/session.server";

/**
 * Signing out retires the token at the CMS (a copy of it is refused from then on), forgets it here
 * and clears the cookie, then returns to the home page of the same language. The cookie goes even
 * when the CMS cannot be reached: the customer asked to be signed out of this browser.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const locale = form.get("locale");
  // The cookie's token, believed or not: a token the CMS already refused is still forgotten here.
  const token = context.sessionToken;
  if (token) {
    const retired = await accountCall("/auth/logout", okAnswerSchema, { method: "POST", token });
    if (!retired.ok && retired.status !== "signedOut") console.error("The CMS did not retire a signed-out token");
  }
  forgetSession(token);
  const headers = new Headers({ "Set-Cookie": clearSessionCookie() });
  if (token) headers.append("Set-Cookie", flashCookie("signedOut"));
  return redirect(pathTo("home", isLocale(locale) ? locale : "es"), { headers });
}

export function loader() {
  return redirect("/");
}
