import { Suspense } from "react";
import { pathTo } from "@shop/routing";
import type { Route } from "./+types/new-order";
import { PaymentRedirect } from "~/orders/payment-redirect";
import { onDemand } from "~/components/on-demand";
import { format } from "~/i18n/format";
import { flowAction } from "~/order-flow/actions.server";
import { flowLoader } from "~/order-flow/flow.server";
import { StepFrame } from "~/order-flow/step-frame";
import { isFlowStep, previousStep, stepHref, type FlowStep } from "~/order-flow/steps";
import { usePageLanguage } from "~/root-data";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

/** Every answer is this visitor's draft: no shared cache may keep one (server/page-cache.ts). */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export function loader({ request, context: { locale, session, cookies } }: Route.LoaderArgs) {
  return flowLoader({ request, locale, session, cookies });
}

export function action({ request, context: { locale, clientIp, session, cookies } }: Route.ActionArgs) {
  return flowAction({ request, locale, clientIp, session, cookies });
}

// Each step's view comes in its own chunk (decision 006): the first load carries only the frame.
// The payment's self-posting form (PaymentRedirect) is small and the payment page imports it too,
// so it cannot have a chunk of its own: it comes with the frame.
const STEPS = {
  postcode: onDemand(() => import("~/order-flow/postcode-step").then((module) => module.default)),
  plan: onDemand(() => import("~/order-flow/plan-step").then((module) => module.default)),
  box: onDemand(() => import("~/order-flow/box-step").then((module) => module.default)),
  extras: onDemand(() => import("~/order-flow/extras-step").then((module) => module.default)),
  account: onDemand(() => import("~/order-flow/account-step").then((module) => module.default)),
  delivery: onDemand(() => import("~/order-flow/delivery-step").then((module) => module.default)),
  summary: onDemand(() => import("~/order-flow/summary-step").then((module) => module.default)),
} as const satisfies Record<FlowStep, unknown>;

// The step the server rendered hydrates with the page: its chunk is fetched before hydration
// (the frame names it, and the document has been parsed when a module script runs).
if (typeof document !== "undefined") {
  const shown = document.querySelector("[data-order-flow]")?.getAttribute("data-order-flow");
  if (isFlowStep(shown)) STEPS[shown].holdHydration();
}

const PostcodeStep = STEPS.postcode.Component;
const PlanStep = STEPS.plan.Component;
const BoxStep = STEPS.box.Component;
const ExtrasStep = STEPS.extras.Component;
const AccountStep = STEPS.account.Component;
const DeliveryStep = STEPS.delivery.Component;
const SummaryStep = STEPS.summary.Component;

export default function NewOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { step, view, draft, texts, notice, signedIn, running } = loaderData;
  const { locale } = usePageLanguage();
  const path = pathTo("newOrder", locale);
  const flow = texts.flow;
  if (actionData && "paymentForm" in actionData) {
    return (
      <div className="px-4 pt-8">
        <PaymentRedirect form={actionData.paymentForm} headingLevel={1} />
      </div>
    );
  }
  const common = { draft, texts, answer: actionData, path };
  const outOfArea = step === "postcode" && actionData ? areaOf(actionData) : null;
  const previous = previousStep(step, { signedIn });
  const words: { heading: string; intro?: string } = flow[step];
  return (
    <StepFrame
      step={step}
      texts={flow}
      heading={outOfArea ? format(flow.postcode.notCoveredHeading, { postcode: outOfArea }) : words.heading}
      // Signed in, the account step has nothing to ask: no invitation to sign in.
      intro={outOfArea ? flow.postcode.notCoveredBody : step === "account" && signedIn ? undefined : words.intro}
      notice={notice}
      running={running}
      backHref={previous ? stepHref(path, previous) : null}
    >
      <Suspense fallback={null}>
        {view.step === "postcode" ? <PostcodeStep view={view} {...common} /> : null}
        {view.step === "plan" ? <PlanStep view={view} {...common} /> : null}
        {view.step === "box" ? <BoxStep view={view} {...common} /> : null}
        {view.step === "extras" ? <ExtrasStep view={view} {...common} /> : null}
        {view.step === "account" ? <AccountStep view={view} {...common} /> : null}
        {view.step === "delivery" ? <DeliveryStep view={view} {...common} /> : null}
        {view.step === "summary" ? <SummaryStep view={view} {...common} /> : null}
      </Suspense>
    </StepFrame>
  );
}

/** The postcode the visitor asked about when we do not deliver there yet. */
function areaOf(answer: NonNullable<Route.ComponentProps["actionData"]>): string | null {
  if ("notCovered" in answer) return answer.notCovered;
  if ("interestSent" in answer) return answer.interestSent.postcode;
  return null;
}
