import type { AccountFieldErrors } from "~/accounts/account-forms";

/**
 * What the subscription pages' actions answer (subscriptions.server makes them, the pages render
 * them): what the CMS did, in its own words, or why nothing changed.
 */

/** The forms of one subscription's page, each posted as `intent`. */
export const SUBSCRIPTION_INTENTS = [
  "quoteBoxes",
  "boxes",
  "quoteExtras",
  "extras",
  "frequency",
  "weekday",
  "slot",
  "address",
  "card",
  "pause",
  "resume",
  "cancel",
  "skip",
  "restart",
] as const;
export type SubscriptionIntent = (typeof SUBSCRIPTION_INTENTS)[number];

/** The forms of each coming delivery. */
export const DELIVERY_INTENTS = ["skip", "restore", "gift", "donate"] as const;
export type DeliveryIntent = (typeof DELIVERY_INTENTS)[number];

/** A change the CMS made: the subscription's as it answered (status, first delivery reached) or one delivery's. */
export type ChangeDone =
  | {
      readonly done: "subscription";
      readonly intent: Exclude<SubscriptionIntent, "skip" | "quoteBoxes" | "quoteExtras" | "restart">;
      /** The first delivery the change reaches, worded; null when none comes. */
      readonly appliesFrom: string | null;
      readonly statusText: string;
      /** One delivery's price as the CMS now tells it, in cents (null: it cannot be told). */
      readonly pricePerDelivery: number | null;
    }
  | {
      readonly done: "delivery";
      readonly intent: SubscriptionIntent | DeliveryIntent;
      /** The delivery's date (the form it came from) and its day and status as the CMS answered them. */
      readonly date: string;
      readonly day: string;
      readonly statusText: string;
    };

/** What a quoted change would mean: the first delivery it reaches and one delivery's price after it. */
interface Quoted {
  /** Worded; null when no delivery is open to changes. */
  readonly appliesFrom: string | null;
  /** The same delivery's date, which the confirmation sends back: the CMS refuses it once locked (409). */
  readonly appliesFromDate: string | null;
  readonly pricePerDelivery: number | null;
}

/** A new box, before it is made (the CMS's quote); the confirmation posts the same choice again. */
export interface BoxesPreview extends Quoted {
  readonly preview: "boxes";
  readonly productId: number;
  readonly quantity: number;
}

/** New extras for every delivery, before they are made: the whole list as it would be. */
export interface ExtrasPreview extends Quoted {
  readonly preview: "extras";
  readonly extras: readonly { productId: number; quantity: number }[];
}

/** The action's answer when it quoted a change of `kind`. */
export function previewOf<K extends "boxes" | "extras">(
  answer: unknown,
  kind: K,
): Extract<BoxesPreview | ExtrasPreview, { preview: K }> | undefined {
  return typeof answer === "object" && answer !== null && "preview" in answer && answer.preview === kind
    ? (answer as Extract<BoxesPreview | ExtrasPreview, { preview: K }>)
    : undefined;
}

/**
 * Why a change did not go through: fields the CMS (or the contract, before any call) refused, a
 * delivery already locked (with the first one still open), too many attempts, or no answer.
 */
export interface ChangeRefusal {
  readonly refused: "invalid" | "locked" | "limited" | "failed";
  readonly intent: string;
  /** The delivery the form was about, if any. */
  readonly date: string | null;
  readonly errors: AccountFieldErrors;
  /** What was typed, so nothing is lost. */
  readonly values: Record<string, string>;
  /** Locked: the first delivery a change still reaches, worded (null: none). */
  readonly lockedFrom: string | null;
  readonly retryAfterMinutes: number | null;
}

/** The action's refusal of this form (its intent, and its delivery when it has one). */
export function refusalFor(answer: unknown, intent: string, date: string | null = null): ChangeRefusal | undefined {
  if (typeof answer !== "object" || answer === null || !("refused" in answer)) return undefined;
  const refusal = answer as ChangeRefusal;
  return refusal.intent === intent && refusal.date === date ? refusal : undefined;
}

/** The intent and date a refusal names, to look it up with refusalFor (nothing when the answer is none). */
export function refusalKeyOf(answer: unknown): [string, string | null] {
  if (typeof answer !== "object" || answer === null || !("refused" in answer)) return ["", null];
  const { intent, date } = answer as ChangeRefusal;
  return [intent, date];
}

/** The action's answer when it made a change. */
export function doneOf(answer: unknown): ChangeDone | undefined {
  return typeof answer === "object" && answer !== null && "done" in answer ? (answer as ChangeDone) : undefined;
}

/** The step of the cancellation the page is at: ?cancel=offer, then ?cancel=confirm. */
export const CANCEL_PARAM = "cancel";
export const CANCEL_STEPS = ["offer", "confirm"] as const;
export type CancelStep = (typeof CANCEL_STEPS)[number];

/**
 * The change forms of a subscription's page: each is rendered only when the page's address asks for
 * it (`?change=box`), with what it offers (the boxes on sale, the address book, the saved cards);
 * a form posts to the same address, so its answer comes back with it open (docs/decisions/044).
 */
export const CHANGE_PARAM = "change";
export const PLAN_FORMS = ["box", "extras", "frequency", "weekday", "slot", "address", "card"] as const;
export type PlanForm = (typeof PLAN_FORMS)[number];

/** The plan form each change's answer belongs to. */
export const PLAN_FORM_OF: Partial<Record<SubscriptionIntent, PlanForm>> = {
  quoteBoxes: "box",
  boxes: "box",
  quoteExtras: "extras",
  extras: "extras",
  frequency: "frequency",
  weekday: "weekday",
  slot: "slot",
  address: "address",
  card: "card",
};

/** The plan form the page's address asks for (`?change=card`), if any; anything else is none. */
export function requestedPlanForm(url: URL): PlanForm | null {
  const asked = url.searchParams.get(CHANGE_PARAM);
  return PLAN_FORMS.find((form) => form === asked) ?? null;
}
