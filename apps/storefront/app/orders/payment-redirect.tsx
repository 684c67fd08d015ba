import type { PaymentStart } from "@shop/contracts";
import { useEffect, useRef } from "react";
import type { OrdersTexts } from "./texts";
import { PRIMARY_BUTTON } from "~/components/button-styles";

/** A payment that starts with a form the browser posts, and the words around its button. */
export interface PaymentForm {
  readonly payment: PaymentStart;
  readonly texts: OrdersTexts["redirect"];
}

/**
 * Sends the browser to a payment that starts with a form it posts (a bank's signed form): the page
 * posts it as soon as its script runs, and shows the button for a browser without scripts. An
 * action answers `paymentResponse(...)` (orders.server) and its page renders this with the
 * answer's `paymentForm`; a payment that starts with a GET is a plain redirect and never gets here.
 * `headingLevel` 1 where it is all the page shows (the new-order page, whose steps are gone).
 */
export function PaymentRedirect({ form, headingLevel = 2 }: { form: PaymentForm; headingLevel?: 1 | 2 }) {
  const element = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { payment, texts } = form;
  const Heading = headingLevel === 1 ? "h1" : "h2";
  useEffect(() => {
    // Focus leaves the pressed button (gone with its page) for what happens now, then the bank's page opens.
    heading.current?.focus();
    element.current?.submit();
  }, [payment]);
  return (
    <form
      ref={element}
      method="post"
      action={payment.url}
      aria-labelledby="payment-redirect-heading"
      className="mx-auto max-w-xl rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-sand-200"
    >
      <Heading
        ref={heading}
        id="payment-redirect-heading"
        tabIndex={-1}
        className="font-display text-2xl font-semibold text-leaf-800 outline-none"
      >
        {texts.heading}
      </Heading>
      <p role="status" className="mt-2 text-sand-700">
        {texts.body}
      </p>
      {Object.entries(payment.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={`${PRIMARY_BUTTON} mt-4`}>
        {texts.button}
      </button>
    </form>
  );
}
