// The shared rules of subscriptions (decision 027): statuses, the delivery schedule, cut-offs,
// pauses, dunning and price notices. Read by the CMS (CommonJS build) and the storefront.
export {
  DELIVERY_STATUSES,
  SUBSCRIPTION_ACTORS,
  SUBSCRIPTION_STATUSES,
  UNPAID_IN_A_ROW_TO_SUSPEND,
  mayMakeEvent,
  transitionSubscription,
  type DeliveryStatus,
  type SubscriptionActor,
  type SubscriptionEvent,
  type SubscriptionEventType,
  type SubscriptionStatus,
  type TransitionRefusal,
  type TransitionResult,
} from "./status";
export {
  DELIVERIES_AHEAD_WEEKS,
  InvalidSubscriptionPlanError,
  deliverySchedule,
  type PausePeriod,
  type ScheduleOptions,
  type ScheduledDelivery,
  type SubscriptionPlan,
} from "./schedule";
export {
  FIXED_DELIVERY_STATUSES,
  cancellationEffect,
  firstChangeableDelivery,
  isDeliveryLocked,
  takesChanges,
  type ChangeableDelivery,
  type CutoffContext,
  type StoredChangeableDelivery,
} from "./changes";
export {
  MAX_PAUSE_MONTHS,
  PAUSE_LENGTHS,
  planPause,
  type PauseChoice,
  type PauseLength,
  type PausePlan,
  type PauseRefusal,
} from "./pause";
export {
  DECLINE_CODES,
  DECLINE_KINDS,
  LAST_RETRY_BEFORE_DEADLINE_MS,
  MAX_SOFT_RETRIES,
  classifyDecline,
  isDeclineCode,
  nextDunningStep,
  packingDeadlineOf,
  type ChargeAttempt,
  type DeclineCode,
  type DeclineKind,
  type DunningContext,
  type DunningStep,
} from "./dunning";
export {
  PRICE_NOTICE_DAYS,
  firstDateAtNewPrice,
  firstDeliveryAtNewPrice,
  priceForDelivery,
  type PriceChange,
} from "./price-notice";
