import type { OrderDraft } from "@shop/contracts";
import type { FlowActionData } from "./actions.server";
import type { FlowTexts } from "./controls";
import type { StepView } from "./flow.server";
import type { FlowStep } from "./steps";

/** What the page gives every step's view. */
export interface StepProps<S extends FlowStep> {
  readonly view: Extract<StepView, { step: S }>;
  readonly draft: OrderDraft;
  readonly texts: FlowTexts;
  /** The action's answer to the last form, when it did not redirect. */
  readonly answer: FlowActionData | undefined;
  /** The flow's own path in the page's language. */
  readonly path: string;
}
