import { describe, expect, it } from "vitest";
import {
  CHECKOUT_PHASES,
  FLOW_STEPS,
  firstOpenStep,
  nextStep,
  phaseOf,
  previousStep,
  reachableStep,
  stepHref,
  stepNumber,
} from "./steps";

const none = { postcode: false, plan: false, box: false, extras: false, delivery: false };
const upTo = (done: number) =>
  Object.fromEntries(Object.keys(none).map((step, index) => [step, index < done])) as typeof none;

describe("which step a visitor may see", () => {
  it("starts a visitor without a draft at the postcode, whatever step is asked", () => {
    const progress = { steps: none, signedIn: false };
    expect(firstOpenStep(progress)).toBe("postcode");
    for (const step of FLOW_STEPS) expect(reachableStep(step, progress)).toBe("postcode");
  });

  it("shows a step when every step before it is done, and any earlier one", () => {
    const progress = { steps: upTo(3), signedIn: false };
    expect(reachableStep("extras", progress)).toBe("extras");
    expect(reachableStep("plan", progress)).toBe("plan");
    expect(reachableStep("summary", progress)).toBe("extras");
  });

  it("asks a signed-out visitor to sign in before the delivery, and lets a signed-in one through", () => {
    expect(reachableStep("delivery", { steps: upTo(4), signedIn: false })).toBe("account");
    expect(reachableStep("delivery", { steps: upTo(4), signedIn: true })).toBe("delivery");
    expect(firstOpenStep({ steps: upTo(5), signedIn: true })).toBe("summary");
  });

  it("sends an unknown or missing step to the first open one", () => {
    const progress = { steps: upTo(2), signedIn: false };
    expect(reachableStep(null, progress)).toBe("box");
    expect(reachableStep("checkout", progress)).toBe("box");
    expect(reachableStep("__proto__", progress)).toBe("box");
  });
});

describe("back and forward", () => {
  it("skips the account step for a signed-in customer, both ways", () => {
    expect(nextStep("extras", { signedIn: true })).toBe("delivery");
    expect(previousStep("delivery", { signedIn: true })).toBe("extras");
    expect(nextStep("extras", { signedIn: false })).toBe("account");
    expect(previousStep("delivery", { signedIn: false })).toBe("account");
  });

  it("has no step before the first", () => {
    expect(previousStep("postcode", { signedIn: false })).toBeNull();
    expect(nextStep("postcode", { signedIn: false })).toBe("plan");
  });

  it("names the step in the query", () => {
    expect(stepHref("/pt/nova%20ordem", "box")).toBe("/pt/nova%20ordem?step=box");
    expect(stepHref("/nuevo-pedido", "account", { method: "code" })).toBe("/nuevo-pedido?step=account&method=code");
  });
});

describe("the step's number, as the line and the step indicator say it", () => {
  it("numbers the seven steps in order, always out of seven", () => {
    expect(FLOW_STEPS.map((step) => stepNumber(step))).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((current) => ({ current, total: 7 })),
    );
  });

  it("keeps the numbers a signed-out visitor saw once they sign in: the account step is done, not gone", () => {
    // Signed out, the way goes account (5) then delivery (6); signed in it skips the account step
    // but the delivery is still the sixth, and the summary the seventh of seven.
    const signedOutWay = ["extras", "account", "delivery"].map((step) => stepNumber(step as "extras").current);
    expect(signedOutWay).toEqual([4, 5, 6]);
    expect(nextStep("extras", { signedIn: true })).toBe("delivery");
    expect(stepNumber(nextStep("extras", { signedIn: true }))).toEqual({ current: 6, total: 7 });
    expect(stepNumber("summary")).toEqual({ current: 7, total: 7 });
  });

  it("puts the account step in the part of the checkout named for it, never in another", () => {
    expect(phaseOf("account")).toBe("delivery");
    expect(phaseOf("delivery")).toBe("delivery");
    expect(FLOW_STEPS.slice(0, 4).map(phaseOf)).toEqual(["choose", "choose", "choose", "choose"]);
    expect(phaseOf("summary")).toBe("payment");
    // The parts come in the order of the steps: the indicator only ever moves forward.
    const order = FLOW_STEPS.map((step) => CHECKOUT_PHASES.indexOf(phaseOf(step)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
