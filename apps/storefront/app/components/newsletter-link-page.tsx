import type { ReactNode } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { DoneNotice, ProblemNotice } from "~/accounts/account-area";
import { AuthCard } from "~/accounts/auth-card";
import { PRIMARY_BUTTON } from "./button-styles";
import { NewsletterSignup } from "./newsletter-signup";
import { format } from "~/i18n/format";
import { usePageLanguage } from "~/root-data";

/** What a newsletter link's page says once its button (or a mail provider's one-click) was pressed. */
export type LinkOutcome =
  | { readonly outcome: "subscribed"; readonly email: string }
  | { readonly outcome: "unsubscribed" }
  | { readonly outcome: "invalid" | "failed" }
  | { readonly outcome: "limited"; readonly retryAfterMinutes: number };

interface LinkPageTexts {
  readonly intro: string;
  readonly submit: string;
  readonly invalid: string;
  readonly noToken: string;
}

/**
 * The page an e-mailed newsletter link opens (confirm, unsubscribe). Opening it changes nothing:
 * mail scanners follow links, so only its button (a POST) spends the token. Afterwards it says
 * what the CMS answered; a spent or broken link offers to subscribe again.
 */
export function NewsletterLinkPage({
  texts,
  outcome,
  done,
  again,
  offerSignup,
  after,
}: {
  texts: LinkPageTexts;
  outcome: LinkOutcome | undefined;
  /** What to say once the CMS accepted the token. */
  done: (outcome: LinkOutcome) => string;
  /** The heading of the signup offered afterwards. */
  again: string;
  /** When to offer to subscribe again: after a spent or broken link (confirm), after leaving (unsubscribe). */
  offerSignup: "whenInvalid" | "whenDone";
  /** More to say below the outcome (a way to manage the newsletter, to write to the shop). */
  after?: ReactNode;
}) {
  const { messages } = usePageLanguage();
  const [params] = useSearchParams();
  const token = params.get("token");
  const busy = useNavigation().state === "submitting";
  const signup = (
    <div className="rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200">
      <NewsletterSignup tone="light" heading={again} />
    </div>
  );
  let body: ReactNode;
  if (outcome?.outcome === "subscribed" || outcome?.outcome === "unsubscribed") {
    body = (
      <>
        <DoneNotice>{done(outcome)}</DoneNotice>
        {after}
        {offerSignup === "whenDone" ? signup : null}
      </>
    );
  } else if (outcome?.outcome === "invalid") {
    body = (
      <>
        <ProblemNotice>{texts.invalid}</ProblemNotice>
        {after}
        {offerSignup === "whenInvalid" ? signup : null}
      </>
    );
  } else if (token === null) {
    body = (
      <>
        <ProblemNotice>{texts.noToken}</ProblemNotice>
        {offerSignup === "whenInvalid" ? signup : after}
      </>
    );
  } else {
    const problem =
      outcome?.outcome === "limited"
        ? format(messages.newsletterSignup.tooMany, { minutes: outcome.retryAfterMinutes })
        : outcome?.outcome === "failed"
          ? messages.forms.serverError
          : null;
    body = (
      <Form method="post" className="grid gap-4">
        {problem ? <ProblemNotice>{problem}</ProblemNotice> : null}
        <input type="hidden" name="token" value={token} />
        <button type="submit" disabled={busy} className={`${PRIMARY_BUTTON} w-full disabled:opacity-60`}>
          {busy ? messages.forms.sending : texts.submit}
        </button>
      </Form>
    );
  }
  return (
    <AuthCard intro={outcome || token === null ? "" : texts.intro}>
      <div className="grid gap-5">{body}</div>
    </AuthCard>
  );
}
