import {
  addressListSchema,
  EMPTY_ORDER_DRAFT,
  type Address,
  type DeliveryCalendar,
  type DraftStep,
  type OrderDraft,
  type OrderDraftAnswer,
  type OrderQuote,
} from "@shop/contracts";
import { inSaleSeason, type PriceAudience } from "@shop/domain";
import { pathTo, type Locale } from "@shop/routing";
import { data, redirect } from "react-router";
import { accountCall } from "~/accounts/account.server";
import { getProducts } from "../catalogue.server";
import { env } from "../env.server";
import { accountTextsFor } from "~/accounts/texts";
import { authTextsFor } from "~/accounts/auth-texts";
import { orderFlowTextsFor } from "./texts";
import { deliveryDay } from "~/orders/order-view";
import type { RequestCookies, Session } from "../session.server";
import { calendarOf, draftTokenOf, forgetDraftCookie, loadDraft, quoteDraft, type Caller } from "./draft.server";
import type { FlowNotice } from "./fields";
import { noticeCookie, takeNotice } from "./notice.server";
import { boxOffer, extrasOffer } from "./offer.server";
import type { BoxOffer, ChosenDelivery, ExtraGroup, LabelledCalendar, RunningTotal } from "./views";
import { reachableStep, STEP_PARAM, stepHref, stepOfField, type FlowStep } from "./steps";
import { carryReferralCode } from "~/referrals/referrals.server";
import { referralTextsFor } from "~/referrals/texts";

import { giftCardRedeemTextsFor } from "~/gift-cards/redeem-texts";
import { invoiceDefaultsOf, type InvoiceDefaults } from "./invoice-defaults";
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

const labelled = (calendar: DeliveryCalendar, locale: Locale): LabelledCalendar => ({
  ...calendar,
  dates: calendar.dates.map((day) => ({ ...day, label: deliveryDay(day.date, locale) })),
});

export type StepView =
  | { readonly step: "postcode" }
  | { readonly step: "plan" }
  | { readonly step: "box"; readonly offer: BoxOffer }
  | { readonly step: "extras"; readonly groups: readonly ExtraGroup[] }
  | {
      readonly step: "account";
      /** The draft is a customer's who signed out since: anyone else at this device may leave it. */
      readonly waitsForSignIn?: boolean;
    }
  | {
      readonly step: "delivery";
      readonly addresses: readonly Address[];
      readonly calendar: LabelledCalendar | null;
      /** A browser key for the Places autocomplete, when the shop has one. */
      readonly mapsKey: string | null;
      /** The invoice's fields from the customer's profile (./invoice-defaults.ts). */
      readonly invoiceDefaults?: InvoiceDefaults;
    }
  | { readonly step: "summary"; readonly quote: OrderQuote | null; readonly chosen: ChosenDelivery | null };

export interface FlowRequest {
  readonly request: Request;
  readonly locale: Locale;
  /** The visitor's session, resolved once for the request (server/request-context.ts). */
  readonly session: Session;
  /** The request's cookies, parsed once by the request context (the draft's and the notice's). */
  readonly cookies: RequestCookies;
}

/** The signed-in customer's token, when the CMS still believes it (the request's session says). */
export function signedInToken(session: Session): string | null {
  return session.user ? session.token : null;
}

/** Who prices are shown to: a company account's net prices, everybody else's with VAT (the session's customer). */
function audienceOf(session: Session): PriceAudience {
  return session.user?.customerKind === "company" ? "business" : "consumer";
}

export async function addressesOf(user: string): Promise<readonly Address[]> {
  const answer = await accountCall("/users/me/addresses", addressListSchema, { token: user });
  return answer.ok ? answer.value.data : [];
}

export interface CurrentDraft {
  readonly answer: OrderDraftAnswer | null;
  readonly caller: Caller | null;
  /** The cookie names a draft the CMS no longer has (expired, or spent by an order). */
  readonly expired: boolean;
  /** The draft is a customer's and nobody is signed in: they sign in again to go on with it. */
  readonly needsSignIn: boolean;
}

const NO_DRAFT = { answer: null, caller: null, expired: false, needsSignIn: false } as const;

/** The draft under the cookie, or why there is none to show. Throws 503 when the CMS fails. */
export async function currentDraft(cookies: RequestCookies, user: string | null): Promise<CurrentDraft> {
  const token = draftTokenOf(cookies);
  if (!token) return NO_DRAFT;
  const caller = { draft: token, user };
  const loaded = await loadDraft(caller);
  if (loaded.ok) return { ...NO_DRAFT, answer: loaded.value, caller };
  if (loaded.status === "notFound") return { ...NO_DRAFT, expired: true };
  if (loaded.status === "signedOut") {
    // The customer's token expired since the session was looked up: asked again as signed out.
    if (user) return currentDraft(cookies, null);
    // Signed out since (here or elsewhere): the draft waits for its customer, its cookie kept.
    return { ...NO_DRAFT, needsSignIn: true };
  }
  throw data("The order could not be loaded", { status: 503 });
}

/**
 * The step indicator's progress for a draft waiting for its customer to sign in again: the steps
 * before the account, as if done (the draft is not shown to learn which are); once they are in,
 * the flow sends them back to any that is not.
 */
const WAITING_FOR_SIGN_IN: Readonly<Record<DraftStep, boolean>> = {
  postcode: true,
  plan: true,
  box: true,
  extras: true,
  delivery: false,
};

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

/** Where the flow sends the customer instead of a step, and what it tells them there. */
interface SentBack {
  readonly to: FlowStep;
  readonly notice: FlowNotice | null;
}

/**
 * The summary's quote, or where to put right what the CMS refuses to price: a product the account
 * may not buy, a step the draft lacks. Null quote: the CMS cannot say right now (the page says so).
 */
async function summaryQuote(caller: Caller, locale: Locale): Promise<OrderQuote | null | SentBack> {
  const quote = await quoteDraft(caller, locale);
  if (quote.ok) return quote.value;
  if (quote.status !== "invalid") return null;
  const [field = "", error] = Object.entries(quote.errors)[0] ?? [];
  return { to: stepOfField(field), notice: error?.code === "not_for_you" ? "notForYou" : null };
}

/** What a step shows; where to go instead when the chosen delivery is no longer offered or the draft is refused. */
async function viewOf(
  step: FlowStep,
  draft: OrderDraft,
  caller: Caller | null,
  user: string | null,
  locale: Locale,
  audience: PriceAudience,
): Promise<StepView | SentBack> {
  switch (step) {
    case "box": {
      // The zone and its dates decide which seasonal boxes are offered (docs/decisions/042).
      const [products, calendar] = await Promise.all([
        getProducts(locale),
        draft.postcode ? calendarOf(draft.postcode) : Promise.resolve(null),
      ]);
      const sale = {
        zoneId: calendar?.ok ? calendar.value.zone.id : null,
        dates: calendar?.ok ? calendar.value.dates.map((day) => day.date) : [],
        purchase: draft.purchase,
        locale,
      };
      return { step, offer: boxOffer(products, audience, sale) } as const;
    }
    case "extras":
      return { step, groups: extrasOffer(await getProducts(locale), audience) } as const;
    case "delivery": {
      const [addresses, calendar, products] = await Promise.all([
        user ? addressesOf(user) : Promise.resolve([]),
        draft.postcode ? calendarOf(draft.postcode) : Promise.resolve(null),
        getProducts(locale),
      ]);
      // Only the days every chosen box is sold on: a seasonal box's season ends on a date.
      const boxes = products.filter((product) => draft.boxes.some((box) => box.productId === product.id));
      const sellable = (date: string) => boxes.every((box) => inSaleSeason(box, date));
      return {
        step,
        addresses,
        calendar: calendar?.ok
          ? labelled({ ...calendar.value, dates: calendar.value.dates.filter((day) => sellable(day.date)) }, locale)
          : null,
        mapsKey: env.GOOGLE_MAPS_API_KEY ?? null,
      } as const;
    }
    case "summary": {
      if (!caller || !user) return { step, quote: null, chosen: null } as const;
      const [quote, chosen] = await Promise.all([summaryQuote(caller, locale), chosenDelivery(draft, user, locale)]);
      if (quote && "to" in quote) return quote;
      if (typeof chosen === "string") return { to: "delivery", notice: chosen };
      return { step, quote, chosen } as const;
    }
    default:
      return { step } as const;
  }
}

/** The steps that show a running total: from the boxes on, until the summary shows the whole quote. */
const RUNNING_STEPS: ReadonlySet<FlowStep> = new Set(["box", "extras", "account", "delivery"]);

/** The parts of a quote the running total shows (each line's price before the discount, VAT included). */
export function runningTotalOf(quote: Pick<OrderQuote, "lines" | "discount" | "shipping" | "total">): RunningTotal {
  const sum = (kind: "box" | "extra") =>
    quote.lines.filter((line) => line.kind === kind).reduce((total, line) => total + line.gross, 0);
  return {
    boxes: sum("box"),
    extras: sum("extra"),
    discount: quote.discount,
    shipping: quote.shipping,
    total: quote.total,
  };
}

/**
 * The running total, priced by the CMS as the summary and the order are (the shared rules of
 * @shop/domain, the catalogue's prices of now): none before a box is chosen, and none when the
 * CMS cannot price the draft (the summary will say why).
 */
async function runningTotal(
  step: FlowStep,
  draft: OrderDraft,
  caller: Caller | null,
  locale: Locale,
): Promise<RunningTotal | null> {
  if (!caller || !RUNNING_STEPS.has(step) || draft.boxes.length === 0) return null;
  const quote = await quoteDraft(caller, locale);
  return quote.ok ? runningTotalOf(quote.value) : null;
}

/** Cookies an answer of the flow sets, besides its own. */
function spent(headers: Headers, ...cookies: (string | null)[]): Headers {
  for (const cookie of cookies) if (cookie) headers.append("Set-Cookie", cookie);
  return headers;
}

export async function flowLoader({ request, locale, session, cookies }: FlowRequest) {
  const path = pathTo("newOrder", locale);
  const user = signedInToken(session);
  const { answer, caller, expired, needsSignIn } = await currentDraft(cookies, user);
  const taken = takeNotice(cookies);
  const headers = spent(new Headers(), taken.spend, expired ? forgetDraftCookie() : null);
  // A friend's code from a share link (?ref=) goes into the draft once there is one (src/referrals).
  const carried = await carryReferralCode({ url: request.url, cookies, caller, draft: answer?.draft ?? null });
  spent(headers, ...carried);
  const draft = answer?.draft ?? EMPTY_ORDER_DRAFT;
  const steps = answer?.steps ?? (needsSignIn ? WAITING_FOR_SIGN_IN : NOTHING_DONE);
  const progress = { steps, signedIn: user !== null };
  const asked = new URL(request.url).searchParams.get(STEP_PARAM);
  // A draft that waits for its customer shows nothing of itself before they sign in again.
  const step = needsSignIn ? "account" : reachableStep(asked, progress);
  // The address names the step shown (the language switcher and the step indicator read it); a
  // visitor without a draft stays on the plain address, which is the one links and crawlers know.
  if (asked !== step && (asked !== null || answer !== null || needsSignIn)) {
    if (expired) headers.append("Set-Cookie", noticeCookie("draftExpired"));
    throw redirect(stepHref(path, step), { headers });
  }
  const [shown, running] = await Promise.all([
    viewOf(step, draft, caller, user, locale, audienceOf(session)),
    runningTotal(step, draft, needsSignIn ? null : caller, locale),
  ]);
  if ("to" in shown) {
    if (shown.notice) headers.append("Set-Cookie", noticeCookie(shown.notice));
    throw redirect(stepHref(path, shown.to), { headers });
  }
  const view =
    shown.step === "account"
      ? { ...shown, waitsForSignIn: needsSignIn }
      : shown.step === "delivery"
        ? { ...shown, invoiceDefaults: invoiceDefaultsOf(session.user, shown.addresses) }
        : shown;
  return data(
    {
      step,
      draft,
      steps: progress.steps,
      signedIn: progress.signedIn,
      notice: taken.notice ?? (expired ? ("draftExpired" as const) : needsSignIn ? ("signedOut" as const) : null),
      needsSignIn,
      view,
      running,
      texts: {
        flow: orderFlowTextsFor(locale),
        auth: authTextsFor(locale),
        addresses: accountTextsFor(locale).addresses,
        referral: referralTextsFor(locale).summary,
        giftCards: giftCardRedeemTextsFor(locale).summary,
      },
    },
    { headers },
  );
}
