import type { DraftStep } from "@shop/contracts";

/**
 * The steps of the new-order flow (docs/decisions/015), in order. The step is the `step` search
 * parameter, so that a reload, a language switch and the back button keep it. Five of them fill the
 * draft the CMS keeps; "account" is done when the customer is signed in, and "summary" is the end.
 */
export const FLOW_STEPS = ["postcode", "plan", "box", "extras", "account", "delivery", "summary"] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

export const STEP_PARAM = "step";

export function isFlowStep(value: unknown): value is FlowStep {
  return typeof value === "string" && (FLOW_STEPS as readonly string[]).includes(value);
}

/** What is done: the draft's steps as the CMS answers them, and whether the customer is signed in. */
export interface FlowProgress {
  readonly steps: Readonly<Record<DraftStep, boolean>>;
  readonly signedIn: boolean;
}

function isDone(step: FlowStep, { steps, signedIn }: FlowProgress): boolean {
  if (step === "summary") return false;
  if (step === "account") return signedIn;
  return steps[step];
}

/** The first step not done yet: where a visitor goes who asks for a step the draft is not ready for. */
export function firstOpenStep(progress: FlowProgress): FlowStep {
  return FLOW_STEPS.find((step) => !isDone(step, progress)) ?? "summary";
}

/**
 * The step a request may show: the one asked for when every step before it is done, else the
 * first open one. Nothing asked (or something unknown): the first open one.
 */
export function reachableStep(asked: string | null, progress: FlowProgress): FlowStep {
  const open = firstOpenStep(progress);
  if (!isFlowStep(asked)) return open;
  return FLOW_STEPS.indexOf(asked) <= FLOW_STEPS.indexOf(open) ? asked : open;
}

/**
 * Where a step stands, for the "step n of N" line and the step indicator alike: every step of the
 * flow is counted, the account step too when the customer is signed in (it is done, not gone), so
 * that a step keeps its number when someone signs in on the way ("5 of 7" never becomes "5 of 6").
 */
export function stepNumber(step: FlowStep): { readonly current: number; readonly total: number } {
  return { current: FLOW_STEPS.indexOf(step) + 1, total: FLOW_STEPS.length };
}

/**
 * The parts of the whole checkout the step indicator shows (the flow, then the payment and its
 * outcome): each step of the flow belongs to one. The account is asked with the delivery, whose
 * part is named for both ("account and delivery"), so that the account step never shows as
 * something else.
 */
export const CHECKOUT_PHASES = ["choose", "delivery", "payment", "done"] as const;
export type CheckoutPhase = (typeof CHECKOUT_PHASES)[number];

const PHASE_OF_STEP: Readonly<Record<FlowStep, CheckoutPhase>> = {
  postcode: "choose",
  plan: "choose",
  box: "choose",
  extras: "choose",
  account: "delivery",
  delivery: "delivery",
  summary: "payment",
};

export const phaseOf = (step: FlowStep): CheckoutPhase => PHASE_OF_STEP[step];

/** The step before `step`, skipping the account step for a signed-in customer (it has nothing to show). */
export function previousStep(step: FlowStep, { signedIn }: { signedIn: boolean }): FlowStep | null {
  const before = FLOW_STEPS.slice(0, FLOW_STEPS.indexOf(step)).filter((each) => !(signedIn && each === "account"));
  return before.at(-1) ?? null;
}

/** The step after `step`, skipping the account step for a signed-in customer. */
export function nextStep(step: FlowStep, { signedIn }: { signedIn: boolean }): FlowStep {
  const after = FLOW_STEPS.slice(FLOW_STEPS.indexOf(step) + 1).filter((each) => !(signedIn && each === "account"));
  return after[0] ?? "summary";
}

/** The address of a step of the flow, from the flow's own path. */
export function stepHref(path: string, step: FlowStep, extra: Readonly<Record<string, string>> = {}): string {
  return `${path}?${new URLSearchParams({ [STEP_PARAM]: step, ...extra })}`;
}

/** The step of each part of the draft, as the CMS's refusals name them (their path's first part). */
const STEP_OF_FIELD: Readonly<Record<string, FlowStep>> = {
  postcode: "postcode",
  purchase: "plan",
  frequency: "plan",
  boxes: "box",
  extras: "extras",
  delivery: "delivery",
};

/** The step where a refused field of the draft is put right ("boxes.0.productId": the box step). */
export const stepOfField = (field: string): FlowStep => STEP_OF_FIELD[field.split(".")[0] ?? ""] ?? "postcode";
