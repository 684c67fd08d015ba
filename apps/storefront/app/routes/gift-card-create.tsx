import { shopDateOf } from "@shop/domain";
import { pathTo } from "@shop/routing";
import { data, redirect } from "react-router";
import type { Route } from "./+types/gift-card-create";
import { ScreenErrorBoundary } from "~/components/error-screen";
import { GiftCardBalanceCheck } from "~/gift-cards/balance-check";
import { GiftCardArt } from "~/gift-cards/designs";
import type { FieldProblems, FormValues } from "~/gift-cards/fields";
import { formValuesOfPurchase } from "~/gift-cards/form.server";
import { completedPath, loadOffer, loadPurchase, PRIVATE_PAGE, submitPurchase } from "~/gift-cards/gift-cards.server";
import { PurchaseForm } from "~/gift-cards/purchase-form";
import { giftCardTextsFor } from "~/gift-cards/texts";
import { PaymentRedirect, type PaymentForm } from "~/orders/payment-redirect";
import { usePageLanguage } from "~/root-data";
import { screenMeta } from "~/seo";

export const meta = screenMeta;
export const ErrorBoundary = ScreenErrorBoundary;
/** The failed payment's page shows the visitor's own purchase: never cached (the loader says so). */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const merged = new Headers(loaderHeaders);
  actionHeaders.forEach((value, name) => merged.set(name, value));
  return merged;
};

/**
 * The gift card's create screen (`/tarjeta-regalo-digital/crear` and its languages), and the same
 * screen after a failed payment (`/tarjeta-regalo-digital/pago`): there the visitor's purchase, read
 * by its cookie, fills the form again with what they typed and says the payment did not go through.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { locale, screen, session } = context;
  const texts = giftCardTextsFor(locale);
  const today = shopDateOf(new Date());
  const offer = await loadOffer();
  const prefill: FormValues = { buyerEmail: session.user?.email ?? "", recipientLocale: locale };
  if (screen?.id !== "giftCardPaymentFailed") {
    return data({ offer, texts, today, values: prefill, failed: false });
  }
  const purchase = await loadPurchase(context);
  if (purchase?.state === "paid" || purchase?.state === "voided")
    throw redirect(completedPath(locale), { headers: PRIVATE_PAGE });
  return data(
    {
      offer,
      texts,
      today,
      values: purchase && offer ? formValuesOfPurchase(purchase, offer.amounts) : prefill,
      failed: purchase !== null,
    },
    { headers: PRIVATE_PAGE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitPurchase(request, context);
}

function Notice({ heading, body }: { heading: string; body?: string }) {
  return (
    <div role="alert" className="rounded-2xl bg-carrot-100 px-4 py-3 text-carrot-700 ring-1 ring-carrot-400">
      <p className="font-semibold">{heading}</p>
      {body ? <p className="mt-1">{body}</p> : null}
    </div>
  );
}

export default function GiftCardCreate({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, texts, today, failed } = loaderData;
  const { locale, messages } = usePageLanguage();
  const redirecting = actionData && "paymentForm" in actionData ? (actionData.paymentForm as PaymentForm) : null;
  const refusal =
    actionData && "errors" in actionData ? (actionData as { errors: FieldProblems; values: FormValues }) : null;
  const errors = refusal?.errors ?? {};
  const values = refusal && Object.keys(refusal.values).length > 0 ? refusal.values : loaderData.values;
  const heading = failed && !refusal ? texts.failedHeading : (messages.screen?.heading ?? "");
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 pt-6 pb-10 sm:pt-10">
      <header className="grid gap-4 sm:grid-cols-[1fr_12rem] sm:items-center">
        <div>
          <h1 className="font-display text-3xl font-semibold text-leaf-800 sm:text-4xl">{heading}</h1>
          <p className="mt-3 text-lg text-sand-700">{texts.lead}</p>
        </div>
        <GiftCardArt design="harvest" className="hidden w-full sm:block" />
      </header>
      {redirecting ? <PaymentRedirect form={redirecting} /> : null}
      {failed && !refusal ? <Notice heading={texts.failedBody} /> : null}
      {errors.form ? <Notice heading={texts.sendFailed} /> : null}
      {refusal && !errors.form ? <Notice heading={texts.errorsHeading} /> : null}
      {offer === null ? <Notice heading={texts.offerFailed} /> : null}
      {offer !== null && !redirecting ? (
        <PurchaseForm
          offer={offer}
          texts={texts}
          values={values}
          errors={errors}
          action={pathTo(failed ? "giftCardPaymentFailed" : "giftCardCreate", locale)}
          today={today}
        />
      ) : null}
      {/* The balance check by code (#saldo, where the recipient's mail links: docs/decisions/037). */}
      {!redirecting ? <GiftCardBalanceCheck /> : null}
    </div>
  );
}
