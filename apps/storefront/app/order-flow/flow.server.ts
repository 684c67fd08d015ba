import {
  accountSchema,
  addressListSchema,
  EMPTY_ORDER_DRAFT,
  type Address,
  type DeliveryAddress,
  type DeliveryCalendar,
  type DraftStep,
  type OrderDraft,
  type OrderDraftAnswer,
  type OrderQuote,
} from "@shop/contracts";
import type { PriceAudience } from "@shop/domain";
import { pathTo, type Locale } from "@shop/routing";
import { data, redirect } from "react-router";
import { accountCall, tokenOf } from "../account.server";
import { getProducts } from "../catalogue.server";
import { env } from "../env.server";
import { accountTextsFor } from "../i18n/account";
import { authTextsFor } from "../i18n/auth";
import { orderFlowTextsFor } from "../i18n/order-flow";
import { deliveryDay } from "../orders.server";
import { getSession } from "../session.server";
import { calendarOf, draftTokenOf, forgetDraftCookie, loadDraft, quoteDraft, type Caller } from "./draft.server";
import type { FlowNotice } from "./fields";
import { noticeCookie, takeNotice } from "./notice.server";
import { boxOffer, extrasOffer, type BoxOffer, type ExtraGroup } from "./offer.server";
import { reachableStep, STEP_PARAM, stepHref, type FlowStep } from "./steps";

/**
 * The new-order page's data: the draft (from the CMS, under the cookie's token), the step the
 * visitor may see, and what that step needs. A GET never creates a draft: crawlers follow links.
 */

const NOTHING_DONE: Readonly<Record<DraftStep, boolean>> = {
  postcode: false,
  plan: false,
  box: false,
  extras: false,
  delivery: false,
};

/** The calendar with each date as the page says it (worked out here: see orders.server deliveryDay). */
export type LabelledCalendar = Omit<DeliveryCalendar, "dates"> & {
  readonly dates: readonly (DeliveryCalendar["dates"][number] & { readonly label: string })[];
};

const labelled = (calendar: DeliveryCalendar, locale: Locale): LabelledCalendar => ({
  ...calendar,
  dates: calendar.dates.map((day) => ({ ...day, label: deliveryDay(day.date, locale) })),
});

/** When and where the chosen delivery is, as the summary shows it. */
export interface ChosenDelivery {
  readonly date: string;
  readonly label: string;
  readonly start: string;
  readonly end: string;
  readonly address: DeliveryAddress | null;
}

export type StepView =
  | { readonly step: "postcode" }
  | { readonly step: "plan" }
  | { readonly step: "box"; readonly offer: BoxOffer }
  | { readonly step: "extras"; readonly groups: readonly ExtraGroup[] }
  | { readonly step: "account" }
  | {
      readonly step: "delivery";
      readonly addresses: readonly Address[];
      readonly calendar: LabelledCalendar | null;
      /** A browser key for the Places autocomplete, when the shop has one. */
      readonly mapsKey: string | null;
    }
  | { readonly step: "summary"; readonly quote: OrderQuote | null; readonly chosen: ChosenDelivery | null };

export interface FlowRequest {
  readonly request: Request;
  readonly locale: Locale;
}

/** The signed-in customer's token, when the CMS still believes it. */
export async function signedInToken(request: Request): Promise<string | null> {
  const token = tokenOf(request);
  if (!token) return null;
  return (await getSession(request)).user ? token : null;
}

/** Who prices are shown to: a company account's net prices, everybody else's with VAT. */
async function audienceOf(user: string | null): Promise<PriceAudience> {
  if (!user) return "consumer";
  const account = await accountCall("/users/me", accountSchema, { token: user });
  return account.ok && account.value.customerKind === "company" ? "business" : "consumer";
}

export async function addressesOf(user: string): Promise<readonly Address[]> {
  const answer = await accountCall("/users/me/addresses", addressListSchema, { token: user });
  return answer.ok ? answer.value.data : [];
}

/** The draft under the cookie: null when there is none (or the CMS forgot it: `expired`). Throws 503 when the CMS fails. */
export async function currentDraft(
  request: Request,
  user: string | null,
): Promise<{ answer: OrderDraftAnswer | null; caller: Caller | null; expired: boolean }> {
  const token = draftTokenOf(request);
  if (!token) return { answer: null, caller: null, expired: false };
  const caller = { draft: token, user };
  const loaded = await loadDraft(caller);
  if (loaded.ok) return { answer: loaded.value, caller, expired: false };
  if (loaded.status === "notFound") return { answer: null, caller: null, expired: true };
  // The customer's token expired since the session was looked up: the draft is still theirs to see.
  if (loaded.status === "signedOut" && user) return currentDraft(request, null);
  throw data("The order could not be loaded", { status: 503 });
}

/**
 * The chosen date and slot with their times, and the address. A date or slot the calendar no longer
 * offers (its cut-off passed, its last place taken) sends the customer back to choose again.
 */
async function chosenDelivery(
  draft: OrderDraft,
  user: string,
  locale: Locale,
): Promise<ChosenDelivery | FlowNotice | null> {
  const { delivery, postcode } = draft;
  if (!delivery || !postcode) return null;
  const [calendar, addresses] = await Promise.all([
    calendarOf(postcode),
    delivery.addressId ? addressesOf(user) : Promise.resolve([]),
  ]);
  if (!calendar.ok) return null;
  const day = calendar.value.dates.find((each) => each.date === delivery.date);
  if (!day) return "dateGone";
  const slot = day.slots.find((each) => each.code === delivery.slot);
  if (!slot) return "slotFull";
  const saved = addresses.find((each) => each.documentId === delivery.addressId);
  return {
    date: day.date,
    label: deliveryDay(day.date, locale),
    start: slot.start,
    end: slot.end,
    address: delivery.address ?? saved ?? null,
  };
}

/** What a step shows; a notice instead when the chosen delivery is no longer offered. */
async function viewOf(
  step: FlowStep,
  draft: OrderDraft,
  caller: Caller | null,
  user: string | null,
  locale: Locale,
): Promise<StepView | FlowNotice> {
  switch (step) {
    case "box":
    case "extras": {
      const [products, audience] = await Promise.all([getProducts(locale), audienceOf(user)]);
      return step === "box"
        ? ({ step, offer: boxOffer(products, audience) } as const)
        : ({ step, groups: extrasOffer(products, audience) } as const);
    }
    case "delivery": {
      const [addresses, calendar] = await Promise.all([
        user ? addressesOf(user) : Promise.resolve([]),
        draft.postcode ? calendarOf(draft.postcode) : Promise.resolve(null),
      ]);
      return {
        step,
        addresses,
        calendar: calendar?.ok ? labelled(calendar.value, locale) : null,
        mapsKey: env.GOOGLE_MAPS_API_KEY ?? null,
      } as const;
    }
    case "summary": {
      if (!caller || !user) return { step, quote: null, chosen: null } as const;
      const [quote, chosen] = await Promise.all([quoteDraft(caller, locale), chosenDelivery(draft, user, locale)]);
      if (typeof chosen === "string") return chosen;
      return { step, quote: quote.ok ? quote.value : null, chosen } as const;
    }
    default:
      return { step } as const;
  }
}

/** Cookies an answer of the flow sets, besides its own. */
function spent(headers: Headers, ...cookies: (string | null)[]): Headers {
  for (const cookie of cookies) if (cookie) headers.append("Set-Cookie", cookie);
  return headers;
}

export async function flowLoader({ request, locale }: FlowRequest) {
  const path = pathTo("newOrder", locale);
  const user = await signedInToken(request);
  const { answer, caller, expired } = await currentDraft(request, user);
  const taken = takeNotice(request);
  const headers = spent(new Headers(), taken.spend, expired ? forgetDraftCookie() : null);
  const draft = answer?.draft ?? EMPTY_ORDER_DRAFT;
  const progress = { steps: answer?.steps ?? NOTHING_DONE, signedIn: user !== null };
  const asked = new URL(request.url).searchParams.get(STEP_PARAM);
  const step = reachableStep(asked, progress);
  // The address names the step shown (the language switcher and the step indicator read it); a
  // visitor without a draft stays on the plain address, which is the one links and crawlers know.
  if (asked !== step && (asked !== null || answer !== null)) {
    if (expired) headers.append("Set-Cookie", noticeCookie("draftExpired"));
    throw redirect(stepHref(path, step), { headers });
  }
  const view = await viewOf(step, draft, caller, user, locale);
  if (typeof view === "string") {
    headers.append("Set-Cookie", noticeCookie(view));
    throw redirect(stepHref(path, "delivery"), { headers });
  }
  return data(
    {
      step,
      draft,
      steps: progress.steps,
      signedIn: progress.signedIn,
      notice: taken.notice ?? (expired ? ("draftExpired" as const) : null),
      view,
      texts: {
        flow: orderFlowTextsFor(locale),
        auth: authTextsFor(locale),
        addresses: accountTextsFor(locale).addresses,
      },
    },
    { headers },
  );
}
