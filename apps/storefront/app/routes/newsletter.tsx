import { newsletterAnswerSchema, newsletterBody } from "@shop/contracts";
import { LOCALE_TAGS } from "@shop/routing";
import type { Route } from "./+types/newsletter";
import { loadForPage, requireCustomer, signInAgain } from "~/accounts/account-area.server";
import { accountCall, accountErrorsOf, readAccountForm, refuseForm, refuseInvalid } from "~/accounts/account.server";
import { refusalOf } from "~/accounts/account-forms";
import { AccountHeading, Checkbox, DoneNotice, Panel, ProblemNotice } from "~/accounts/account-area";
import { AccountForm } from "~/accounts/account-form";
import { ScreenLink } from "~/components/screen-link";
import { dateTime } from "~/dates";
import { messagesFor } from "~/i18n";
import { accountTextsFor } from "~/accounts/texts";
import { authTextsFor } from "~/accounts/auth-texts";
import { format } from "~/i18n/format";
import { usePageLanguage, useRootData } from "~/root-data";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context;
  // The customer comes with the session (docs/decisions/024): the one CMS call is the consent history.
  const { customer } = requireCustomer({ request, context });
  const newsletter = await loadForPage({ request, context }, "/users/me/newsletter", newsletterAnswerSchema);
  return {
    status: newsletter?.status ?? null,
    // The CMS mails newsletters only to an address the account has proven (double opt-in's first half).
    confirmed: customer.confirmed,
    // Newest first, each moment told in the page's language here, so the browser's clock and ICU never differ.
    history: (newsletter?.history ?? []).map((entry) => ({
      ...entry,
      when: dateTime(entry.at, locale) ?? entry.at,
      lang: LOCALE_TAGS[entry.locale],
    })),
    texts: { area: accountTextsFor(locale).area, newsletter: accountTextsFor(locale).newsletter },
    auth: authTextsFor(locale),
  };
}

/**
 * Subscribing asks the CMS to mail a confirmation link (double opt-in); until it is opened the
 * subscription is pending, which the page shows as the CMS says it. The words kept as what was
 * agreed to are the ones the page showed beside the box, in its language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { locale, clientIp } = context;
  const { token } = requireCustomer({ request, context });
  const { fields } = await readAccountForm(request, []);
  const intent = fields.intent === "unsubscribe" ? "unsubscribe" : "subscribe";
  // "Send another link" repeats the request the customer made by ticking the box, still pending.
  const consented = fields.intent === "resend" || fields.consent === "true";
  if (intent === "subscribe" && !consented) return refuseInvalid({ consent: { code: "required" } }, {}, intent);
  const parsed = newsletterBody.safeParse({
    subscribed: intent === "subscribe",
    wording: intent === "subscribe" ? messagesFor(locale).newsletterSignup.consent : null,
    locale,
    source: "account",
  });
  if (!parsed.success) return refuseInvalid(accountErrorsOf(parsed.error), {}, intent);
  // The CMS limits confirmation mails per address: each customer's count is their own, not the storefront's.
  const saved = await accountCall("/users/me/newsletter", newsletterAnswerSchema, {
    method: "PUT",
    token,
    body: parsed.data,
    clientIp,
  });
  if (!saved.ok) {
    if (saved.status === "signedOut") throw signInAgain(request, locale);
    return refuseForm(saved, { values: {}, intent: fields.intent === "resend" ? "resend" : intent });
  }
  return { done: intent, status: saved.value.status };
}

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { status, confirmed, history, texts, auth } = loaderData;
  const { messages } = usePageLanguage();
  const email = useRootData()?.user?.email ?? "";
  const text = texts.newsletter;
  const done = actionData && "done" in actionData ? actionData.done : null;
  const subscribeRefusal = refusalOf(actionData, "subscribe");
  return (
    <div className="grid gap-6">
      <AccountHeading intro={text.intro} />
      <Panel id="subscription" heading={text.statusHeading}>
        {status === null ? (
          <ProblemNotice>{texts.area.loadFailed}</ProblemNotice>
        ) : (
          <div className="grid max-w-xl gap-4">
            {status === "subscribed" ? (
              <p className="font-semibold text-leaf-800" data-newsletter-status={status}>
                {format(text.subscribed, { email })}
              </p>
            ) : status === "pending" ? (
              <p
                role="status"
                className="rounded-2xl bg-leaf-50 px-4 py-3 font-semibold text-leaf-800 ring-1 ring-leaf-200"
                data-newsletter-status={status}
              >
                {format(text.pending, { email })}
              </p>
            ) : done === "unsubscribe" ? (
              <div data-newsletter-status={status}>
                <DoneNotice>{text.unsubscribedDone}</DoneNotice>
              </div>
            ) : (
              <p data-newsletter-status={status}>{text.unsubscribed}</p>
            )}
            {status === "unsubscribed" && !confirmed ? (
              <p>
                {format(text.confirmFirst, { email })}{" "}
                <ScreenLink screen="account" className="font-semibold text-leaf-700 underline">
                  {text.confirmFirstLink}
                </ScreenLink>
              </p>
            ) : null}
            {status === "unsubscribed" && confirmed ? (
              <AccountForm texts={auth} refusal={subscribeRefusal} submitLabel={text.subscribe} intent="subscribe">
                <Checkbox
                  name="consent"
                  label={messages.newsletterSignup.consent}
                  required
                  error={subscribeRefusal?.errors.consent ? messages.newsletterSignup.consentRequired : undefined}
                />
              </AccountForm>
            ) : null}
            {status === "pending" ? (
              <>
                <blockquote className="border-l-4 border-sand-300 pl-3 text-sand-700">
                  {messages.newsletterSignup.consent}
                </blockquote>
                <AccountForm
                  texts={auth}
                  refusal={refusalOf(actionData, "resend")}
                  submitLabel={text.resend}
                  intent="resend"
                  secondary
                >
                  {null}
                </AccountForm>
              </>
            ) : null}
            {status !== "unsubscribed" ? (
              <AccountForm
                texts={auth}
                refusal={refusalOf(actionData, "unsubscribe")}
                submitLabel={status === "pending" ? text.cancelPending : text.unsubscribe}
                intent="unsubscribe"
                secondary
              >
                {null}
              </AccountForm>
            ) : null}
          </div>
        )}
      </Panel>
      <Panel id="history" heading={text.historyHeading} intro={text.historyIntro}>
        {history.length === 0 ? (
          <p className="text-sand-700">{status === null ? texts.area.loadFailed : text.historyEmpty}</p>
        ) : (
          <ol className="grid gap-3">
            {history.map((entry, index) => (
              <li key={`${entry.at}-${index}`} className="rounded-2xl p-4 ring-1 ring-sand-200">
                <p className="font-bold">
                  {text.events[entry.event]} {text.sources[entry.source]}
                </p>
                <p className="text-sm text-sand-700">
                  <time dateTime={entry.at}>{entry.when}</time>
                </p>
                {entry.wording ? (
                  <div className="mt-2 text-sm">
                    <p className="font-semibold">{text.wording}</p>
                    {/* The words as they were shown, in the language they were shown in. */}
                    <blockquote lang={entry.lang} className="mt-1 border-l-4 border-sand-300 pl-3 text-sand-700">
                      {entry.wording}
                    </blockquote>
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </Panel>
    </div>
  );
}
