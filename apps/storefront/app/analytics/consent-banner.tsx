import { pathTo, type Locale } from "@shop/routing";
import { PRIMARY_BUTTON } from "~/components/button-styles";
import { format } from "~/i18n/format";
import { consentTextsFor } from "./consent-texts";
import type { BannerAnswer } from "./events";

const TITLE_ID = "consent-banner-title";

/** Accept and reject look the same, so neither is the easier answer (EDPB cookie banner taskforce, 2023). */
const ANSWER = `${PRIMARY_BUTTON} w-full px-4 text-base`;

/**
 * The consent banner's markup (docs/decisions/016, 054). Rendered by the server into every page of a
 * shop with a Tag Manager container, never by the browser: the first load carries none of it, and it
 * is painted with the page instead of arriving with its chunk (on a phone its text was the page's
 * largest element, painted 0.8 s late; in the order flow, where it stands above the steps, it pushed
 * the step down as the customer began to type). Its buttons work once the chunk listens to them.
 */
export function ConsentBanner({ locale, cookieSettings }: { locale: Locale; cookieSettings: string }) {
  const texts = consentTextsFor(locale).banner;
  return (
    <section
      aria-labelledby={TITLE_ID}
      // Fixed over the bottom of the page, except in the order flow (StepFrame's data-order-flow),
      // where it would cover the fields on a phone: there it comes first in the page, above them.
      className="fixed inset-x-0 bottom-0 z-30 max-h-[70dvh] overflow-y-auto border-t-4 border-leaf-700 bg-white shadow-[0_-8px_24px_rgb(0_0_0/0.15)] [body:has([data-order-flow])_&]:static [body:has([data-order-flow])_&]:max-h-none [body:has([data-order-flow])_&]:border-t-0 [body:has([data-order-flow])_&]:border-b-4 [body:has([data-order-flow])_&]:shadow-none"
    >
      <div className="mx-auto grid max-w-6xl gap-3 px-4 py-4 lg:grid-cols-[1fr_auto] lg:items-end lg:gap-8">
        <div>
          <h2 id={TITLE_ID} className="font-display text-lg font-semibold text-leaf-800">
            {texts.title}
          </h2>
          <p className="mt-1 text-sm text-sand-900">
            {format(texts.body, { settings: cookieSettings })}{" "}
            <a href={pathTo("cookiesPolicy", locale)} className="font-semibold text-leaf-800 underline">
              {texts.policy}
            </a>
          </p>
        </div>
        <div className="grid grid-cols-2 gap-2 lg:w-[28rem]">
          <button type="button" className={ANSWER} data-consent-answer={"reject" satisfies BannerAnswer}>
            {texts.rejectAll}
          </button>
          <button type="button" className={ANSWER} data-consent-answer={"accept" satisfies BannerAnswer}>
            {texts.acceptAll}
          </button>
          <button
            type="button"
            aria-haspopup="dialog"
            className="col-span-2 min-h-11 rounded-full font-bold text-leaf-800 underline hover:bg-leaf-50"
            data-consent-answer={"choose" satisfies BannerAnswer}
          >
            {texts.choose}
          </button>
        </div>
      </div>
    </section>
  );
}
