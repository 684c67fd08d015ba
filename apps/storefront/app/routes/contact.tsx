import { useEffect } from "react";
import { useLocation } from "react-router";
import { DELIVERY_FAQ_KEY, faqAnchor } from "@shop/domain";
import type { Route } from "./+types/contact";
import { getFaqs } from "~/content.server";
import { getDeliveryAreas } from "~/delivery-areas.server";
import { DeliveryAreas } from "~/components/delivery-areas";
import { FormField, PersonFields } from "~/components/form-field";
import { PublicForm } from "~/components/public-form";
import { ScreenIntro } from "~/components/screen-intro";
import { ContactDetails, useShopDetails } from "~/components/shop-details";
import { contactSchema, FIELD_MAX } from "@shop/contracts";
import { submitForm } from "~/forms/submit.server";
import { pageTextsFor } from "~/content-pages/texts";
import { usePageLanguage } from "~/root-data";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

/** The common questions go first: many visitors find their answer without writing. */
export async function loader({ context: { locale } }: Route.LoaderArgs) {
  // The form must work even when the questions cannot be loaded.
  const [faqs, deliveryAreas] = await Promise.all([getFaqs(locale).catch(() => []), getDeliveryAreas(locale)]);
  return { text: pageTextsFor(locale, "contact"), faqs, deliveryAreas };
}

export function action({ request, context }: Route.ActionArgs) {
  return submitForm(request, contactSchema, "/contact-messages", {
    locale: context.locale,
    visitor: context.clientIp,
  });
}

/**
 * A link to one answer (`#faq-delivery`, from the footer) opens it: the browser scrolls to the
 * entry, but a closed <details> would hide the answer the visitor came for.
 */
function useOpenLinkedAnswer() {
  const { hash } = useLocation();
  useEffect(() => {
    const target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!(target instanceof HTMLDetailsElement)) return;
    target.open = true;
    target.scrollIntoView({ block: "start" });
  }, [hash]);
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { messages } = usePageLanguage();
  const text = messages.forms;
  const page = loaderData.text;
  const shop = useShopDetails();
  const reachable = shop !== null && (shop.email || shop.phone || shop.openingHours || shop.address.length > 0);
  useOpenLinkedAnswer();
  return (
    <>
      <ScreenIntro />
      {reachable ? (
        <section className="mx-auto max-w-2xl px-4 pb-6" aria-labelledby="contact-details">
          <h2 id="contact-details" className="font-display text-2xl font-semibold text-leaf-800">
            {messages.shopInfo.otherWays}
          </h2>
          <div className="mt-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-sand-200">
            <ContactDetails shop={shop} />
          </div>
        </section>
      ) : null}
      {loaderData.faqs.length > 0 ? (
        <section className="mx-auto max-w-2xl px-4 pb-6" aria-labelledby="faq">
          <h2 id="faq" className="scroll-mt-28 font-display text-2xl font-semibold text-leaf-800">
            {page.faqHeading}
          </h2>
          <div className="mt-4 divide-y divide-sand-200 rounded-2xl bg-white shadow-sm ring-1 ring-sand-200">
            {loaderData.faqs.map((faq) => (
              <details
                key={faq.question}
                id={faq.key ? faqAnchor(faq.key) : undefined}
                className="group scroll-mt-28 px-5 py-4"
              >
                <summary className="cursor-pointer list-none font-bold text-sand-900 marker:hidden">
                  <span
                    className="mr-2 inline-block text-carrot-600 transition group-open:rotate-90"
                    aria-hidden="true"
                  >
                    ›
                  </span>
                  {faq.question}
                </summary>
                <p className="mt-2 text-sand-700">{faq.answer}</p>
                {/* What delivery costs and where is the zones' own word, never the answer's text. */}
                {faq.key === DELIVERY_FAQ_KEY ? <DeliveryAreas view={loaderData.deliveryAreas} /> : null}
              </details>
            ))}
          </div>
        </section>
      ) : null}
      <section className="mx-auto max-w-2xl px-4 pb-8" aria-labelledby="contact-form">
        <h2 id="contact-form" className="mb-4 font-display text-2xl font-semibold text-leaf-800">
          {page.formHeading}
        </h2>
        <PublicForm result={actionData} form="contact" sentText={text.contactSent}>
          {(errors, values) => (
            <>
              <PersonFields errors={errors} values={values} />
              <FormField
                name="message"
                label={text.message}
                multiline
                error={errors.message}
                defaultValue={values.message}
                required
                maxLength={FIELD_MAX.message}
              />
            </>
          )}
        </PublicForm>
      </section>
    </>
  );
}
