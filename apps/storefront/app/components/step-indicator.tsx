import type { ScreenId } from "@shop/routing";
import { useMatches, useSearchParams } from "react-router";
import { format } from "~/i18n/format";
import { CHECKOUT_PHASES, isFlowStep, phaseOf, STEP_PARAM, stepNumber, type CheckoutPhase } from "~/order-flow/steps";
import { usePageLanguage, useRootData } from "~/root-data";

const STEPS = CHECKOUT_PHASES;
export type CheckoutStep = CheckoutPhase;

/** Which part of the checkout each buy-process screen is (the new order's, by its step). */
const STEP_OF_SCREEN: Partial<Record<ScreenId, number>> = {
  newOrder: 0,
  orderPay: 2,
  orderStatus: 3,
  paymentCompleted: 3,
  paymentFailed: 2,
};

/**
 * The step a page's loader names (`checkoutStep`), the deepest first: the order status screen is
 * "payment" until the order is paid and "done" after, whatever its path says.
 */
function pageStep(matches: ReturnType<typeof useMatches>): number | undefined {
  for (const match of [...matches].reverse()) {
    const step = (match.data as { checkoutStep?: unknown } | null | undefined)?.checkoutStep;
    const index = STEPS.findIndex((each) => each === step);
    if (index >= 0) return index;
  }
  return undefined;
}

export function StepIndicator({ current }: { current?: number }) {
  const data = useRootData();
  const { messages } = usePageLanguage();
  const [params] = useSearchParams();
  const matches = useMatches();
  const screen = data?.screen?.id ?? "newOrder";
  const asked = params.get(STEP_PARAM);
  const flowStep = screen === "newOrder" && isFlowStep(asked) ? asked : undefined;
  const active =
    current ??
    (flowStep ? STEPS.indexOf(phaseOf(flowStep)) : undefined) ??
    pageStep(matches) ??
    STEP_OF_SCREEN[screen] ??
    0;
  // One numbering for the whole flow (steps.ts): in the flow this says what the step's own line
  // says; the parts below carry no numbers of their own, so the two can never disagree.
  const { current: number, total } = flowStep ? stepNumber(flowStep) : { current: active + 1, total: STEPS.length };
  return (
    <nav aria-label={messages.checkout.steps} className="mx-auto max-w-3xl px-4 py-4">
      <p className="sr-only">{format(messages.checkout.stepOf, { current: number, total })}</p>
      <ol className="grid grid-cols-4 gap-2">
        {STEPS.map((step, index) => {
          const state = index < active ? "done" : index === active ? "current" : "todo";
          return (
            <li
              key={step}
              aria-current={state === "current" ? "step" : undefined}
              className="flex flex-col items-center gap-1 text-center"
            >
              <span
                className={`flex h-8 w-8 items-center justify-center rounded-full text-sm font-bold ${
                  state === "todo"
                    ? "bg-sand-200 text-sand-700"
                    : state === "current"
                      ? "bg-carrot-500 text-sand-900"
                      : "bg-leaf-600 text-white"
                }`}
                aria-hidden="true"
              >
                {state === "done" ? "✓" : <span className="h-2.5 w-2.5 rounded-full bg-current" />}
              </span>
              <span
                className={`text-xs sm:text-sm ${state === "current" ? "font-bold text-sand-900" : "text-sand-700"}`}
              >
                {messages.checkout[step]}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
