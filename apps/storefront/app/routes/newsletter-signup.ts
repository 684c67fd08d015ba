import { newsletterSubscribeBody, okAnswerSchema } from "@shop/contracts";
import { isLocale, LOCALE_TAGS, pathTo, safeRedirectTarget, type Locale } from "@shop/routing";
import { data, redirect } from "react-router";
import type { Route } from "./+types/newsletter-signup";
import { accountCall, accountErrorsOf } from "~/accounts/account.server";
import type { AccountFieldErrors } from "~/accounts/account-forms";
import { flashCookie } from "~/accounts/flash.server";
import { readForm } from "~/forms/read-form.server";
import { messagesFor } from "~/i18n";
import type { NewsletterSignupAnswer } from "~/components/newsletter-signup";

/**
 * The footer's newsletter signup (components/newsletter-signup.tsx). The CMS mails a confirmation
 * link (double opt-in) and answers the same whether or not the address is known, so the page says
 * only what is true for every address: if it was not subscribed, a link is on its way.
 *
 * Sent by the footer's fetcher (a data request), it answers data and the page stays as it is.
 * Sent before JavaScript has loaded, it goes back to the page the visitor was on, with a one-time
 * notice (accounts/flash.ts) saying the same.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const posted = field("locale");
  const locale: Locale = isLocale(posted) ? posted : context.locale;
  const back = safeRedirectTarget(field("returnTo")) ?? pathTo("home", locale);
  const email = field("email").slice(0, 254);

  const answer = await subscribe({
    email,
    consent: field("consent") === "true",
    // Bots fill every field; people never see this one (the public forms' honeypot).
    bot: field("website") !== "",
    locale,
    clientIp: context.clientIp,
  });

  if (context.dataRequest) {
    const status = { sent: 200, invalid: 400, limited: 429, failed: 503 }[answer.status];
    return data<NewsletterSignupAnswer>(answer, { status });
  }
  if (answer.status === "sent") {
    return redirect(back, { headers: { "Set-Cookie": flashCookie("newsletterRequested") } });
  }
  return refusalPage(answer, locale, back);
}

async function subscribe({
  email,
  consent,
  bot,
  locale,
  clientIp,
}: {
  email: string;
  consent: boolean;
  bot: boolean;
  locale: Locale;
  clientIp: string;
}): Promise<NewsletterSignupAnswer> {
  const errors: Record<string, AccountFieldErrors[string]> = {};
  // The words kept as what was agreed to are the ones the footer showed, in the page's language.
  const parsed = newsletterSubscribeBody.safeParse({
    email,
    locale,
    wording: messagesFor(locale).newsletterSignup.consent,
    source: "footer",
  });
  if (!parsed.success) Object.assign(errors, accountErrorsOf(parsed.error));
  if (!consent) errors.consent = { code: "required" };
  if (!parsed.success || !consent) return { status: "invalid", errors, email };
  if (bot) return { status: "sent" };

  const sent = await accountCall("/newsletter/subscribe", okAnswerSchema, {
    method: "POST",
    body: parsed.data,
    clientIp,
  });
  if (sent.ok) return { status: "sent" };
  if (sent.status === "invalid") return { status: "invalid", errors: sent.errors, email };
  if (sent.status === "limited") return { status: "limited", email };
  return { status: "failed", email };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A refusal when the form was sent without JavaScript (the browser's own checks of the e-mail and
 * the box passed, the CMS refused or could not be reached): a short page in the visitor's language
 * with the way back. Bad input is a 400, never a 5xx.
 */
function refusalPage(answer: Exclude<NewsletterSignupAnswer, { status: "sent" }>, locale: Locale, back: string) {
  const messages = messagesFor(locale);
  const text = messages.newsletterSignup;
  const problem = {
    invalid: answer.status === "invalid" && answer.errors.consent ? text.consentRequired : messages.forms.invalidEmail,
    limited: text.tooMany,
    failed: messages.forms.serverError,
  }[answer.status];
  const status = { invalid: 400, limited: 429, failed: 503 }[answer.status];
  const html = `<!doctype html><html lang="${LOCALE_TAGS[locale]}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(text.heading)} · ${escapeHtml(messages.site.name)}</title><main style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>${escapeHtml(text.heading)}</h1><p>${escapeHtml(problem)}</p><p><a href="${escapeHtml(back)}">${escapeHtml(messages.nav.backToShop)}</a></p></main></html>`;
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export function loader() {
  return redirect("/");
}
