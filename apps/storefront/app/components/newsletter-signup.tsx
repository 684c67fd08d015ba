import { useEffect, useId, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { RESOURCE_PATHS } from "@shop/routing";
import { PRIMARY_BUTTON } from "./button-styles";
import { usePageLanguage } from "~/root-data";

/** What the signup's action (routes/newsletter-signup.ts) answers. */
export type NewsletterSignupAnswer =
  | { readonly status: "sent" }
  | {
      readonly status: "invalid";
      readonly errors: Readonly<Record<string, { readonly code: string }>>;
      readonly email: string;
    }
  | { readonly status: "limited" | "failed"; readonly email: string };

const TONES = {
  dark: {
    input: "border-leaf-700 bg-white text-sand-900",
    text: "text-leaf-50",
    muted: "text-leaf-100",
    error: "text-carrot-400",
    sent: "bg-leaf-800 text-leaf-50",
  },
  light: {
    input: "border-sand-300 bg-white text-sand-900",
    text: "text-sand-900",
    muted: "text-sand-700",
    error: "text-carrot-700",
    sent: "bg-leaf-50 text-leaf-800 ring-1 ring-leaf-200",
  },
} as const;

/**
 * A visitor's newsletter signup: e-mail, the consent's words beside their box, and a button. The
 * CMS mails a link that confirms it (double opt-in). It is sent by a fetcher, so the page stays as
 * it is; before JavaScript it is a plain form that comes back to this page. Part of every page's
 * first load (the footer): no validation library, the browser's own checks and the action's.
 */
export function NewsletterSignup({
  tone = "dark",
  heading,
}: {
  tone?: keyof typeof TONES;
  /** Its heading where the page has one of its own (the newsletter links' pages). */
  heading?: string;
}) {
  const { locale, messages } = usePageLanguage();
  const text = messages.newsletterSignup;
  const fetcher = useFetcher<NewsletterSignupAnswer>();
  const { pathname, search } = useLocation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const style = TONES[tone];
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = answer?.status === "invalid" ? answer.errors : {};
  const emailError = errors.email
    ? errors.email.code === "required"
      ? messages.forms.required
      : messages.forms.invalidEmail
    : undefined;
  const consentError = errors.consent ? text.consentRequired : undefined;
  const problem =
    answer?.status === "limited" ? text.tooMany : answer?.status === "failed" ? messages.forms.serverError : undefined;

  useEffect(() => {
    if (answer?.status === "invalid") formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [answer]);

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`grid gap-3 ${style.text} ${tone === "dark" ? "lg:grid-cols-2 lg:gap-x-12" : ""}`}
    >
      <div>
        <h2
          id={`${id}-heading`}
          className={
            tone === "dark" ? "text-sm font-bold uppercase tracking-wide text-carrot-400" : "text-xl font-bold"
          }
        >
          {heading ?? text.heading}
        </h2>
        <p className={`mt-2 text-sm ${style.muted}`}>{text.intro}</p>
      </div>
      {answer?.status === "sent" ? (
        <p role="status" className={`rounded-2xl p-4 font-semibold ${style.sent}`}>
          {messages.flash.newsletterRequested}
        </p>
      ) : (
        <fetcher.Form ref={formRef} method="post" action={RESOURCE_PATHS.newsletterSignup} className="mt-3 grid gap-3">
          <input type="hidden" name="locale" value={locale} />
          <input type="hidden" name="returnTo" value={pathname + search} />
          <div aria-hidden="true" className="absolute -left-[9999px]">
            <label htmlFor={`${id}-website`}>Website</label>
            <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <div>
            <label htmlFor={`${id}-email`} className="text-sm font-semibold">
              {text.email}
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              defaultValue={answer && "email" in answer ? answer.email : undefined}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${id}-email-error` : undefined}
              className={`mt-1 block min-h-12 w-full rounded-xl border px-3 py-2 text-base ${style.input}`}
            />
            {emailError ? (
              <p id={`${id}-email-error`} className={`mt-1 text-sm font-semibold ${style.error}`}>
                {emailError}
              </p>
            ) : null}
          </div>
          <div>
            <div className="flex items-start gap-3">
              <input
                id={`${id}-consent`}
                name="consent"
                type="checkbox"
                value="true"
                required
                aria-invalid={consentError ? true : undefined}
                aria-describedby={consentError ? `${id}-consent-error` : undefined}
                className="mt-1 h-5 w-5 shrink-0 accent-carrot-500"
              />
              <label htmlFor={`${id}-consent`} className="text-sm">
                {text.consent}
              </label>
            </div>
            {consentError ? (
              <p id={`${id}-consent-error`} className={`mt-1 text-sm font-semibold ${style.error}`}>
                {consentError}
              </p>
            ) : null}
          </div>
          {problem ? (
            <p role="alert" className={`text-sm font-semibold ${style.error}`}>
              {problem}
            </p>
          ) : null}
          <button type="submit" disabled={fetcher.state !== "idle"} className={`${PRIMARY_BUTTON} disabled:opacity-60`}>
            {fetcher.state !== "idle" ? messages.forms.sending : text.submit}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
