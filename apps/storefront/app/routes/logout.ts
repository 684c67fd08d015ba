import { redirect } from "react-router";
import { isLocale, pathTo } from "@shop/routing";
import type { Route } from "./+types/logout";
import { readForm } from "~/forms/read-form.server";
import { clearSessionCookie, forgetSession, sessionToken } from "~/session.server";

/** Signing out forgets the session cookie and returns to the home page of the same language. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const locale = form.get("locale");
  forgetSession(sessionToken(request.headers.get("Cookie")));
  return redirect(pathTo("home", isLocale(locale) ? locale : "es"), {
    headers: { "Set-Cookie": clearSessionCookie() },
  });
}

export function loader() {
  return redirect("/");
}
