import { Fragment, useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { format } from "~/i18n/format";
import { formatCents } from "@shop/domain";
import type { OrderFlowTexts } from "./texts";
import { usePageLanguage } from "~/root-data";
import type { FlowNotice } from "./fields";
import type { RunningTotal } from "./views";
import { stepNumber, type FlowStep } from "./steps";

interface FrameProps {
  readonly step: FlowStep;
  readonly texts: OrderFlowTexts;
  /** The heading of what the step shows now (a step may show another, e.g. "we do not deliver there yet"). */
  readonly heading: string;
  readonly intro?: string | undefined;
  readonly notice: FlowNotice | null;
  /** What the order comes to so far, from the boxes on; null before (or when it cannot be priced). */
  readonly running: RunningTotal | null;
  /** The previous step's address; none on the first step. */
  readonly backHref: string | null;
  readonly children: ReactNode;
}

/**
 * One step of the new-order flow: the page's heading, where the customer is (step n of 7), the
 * step's heading, a notice the last action left, the step's content and the way back. When the
 * step changes in the browser, focus moves to the step's heading, so keyboard and screen-reader
 * users start there.
 */
/** The step's own heading, where focus goes when what a step shows changes. */
export const STEP_HEADING_ID = "step-heading";

export function StepFrame({ step, texts, heading, intro, notice, running, backHref, children }: FrameProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const key = `${step}:${heading}`;
    if (shown.current !== null && shown.current !== key) headingRef.current?.focus();
    shown.current = key;
  }, [step, heading]);
  const { current, total } = stepNumber(step);
  const screenHeading = usePageLanguage().messages.screen?.heading;
  return (
    // data-order-flow: the consent banner does not lie over these steps (analytics/consent-ui.tsx);
    // its value, the step shown, tells the route module which step's code to fetch before hydrating.
    <div data-order-flow={step} className="mx-auto grid max-w-3xl gap-6 px-4 pt-2 sm:pt-6">
      <header>
        {/* The page's heading is the screen's, as on every page; each step has its own below it. */}
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 text-sm font-bold tracking-wide text-leaf-700 uppercase">
          <h1>{screenHeading}</h1>
          <p>
            {format(texts.progress, { current, total })} · {texts.steps[step]}
          </p>
        </div>
        <h2
          id={STEP_HEADING_ID}
          ref={headingRef}
          tabIndex={-1}
          className="mt-1 font-display text-3xl font-semibold text-leaf-800 outline-none sm:text-4xl"
        >
          {heading}
        </h2>
        {intro ? <p className="mt-2 text-lg text-sand-700">{intro}</p> : null}
        {running ? <RunningLine running={running} texts={texts} /> : null}
      </header>
      {notice ? (
        <p
          role="alert"
          className="rounded-2xl bg-carrot-100 px-4 py-3 font-semibold text-carrot-700 ring-1 ring-carrot-400"
        >
          {texts.problems[notice]}
        </p>
      ) : null}
      {children}
      {backHref ? (
        <p>
          <Link to={backHref} className="inline-flex min-h-11 items-center gap-1 font-semibold text-leaf-700 underline">
            <span aria-hidden="true">←</span> {texts.back}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The order's total so far, in one compact block under the step's heading (seen first on a phone):
 * the total, then its parts. The summary shows every line; this only keeps the sum in sight.
 */
function RunningLine({ running, texts }: { running: RunningTotal; texts: OrderFlowTexts }) {
  const { tag } = usePageLanguage();
  const money = (cents: number) => formatCents(cents, tag);
  const words = texts.running;
  const parts = [
    `${words.boxes} ${money(running.boxes)}`,
    running.extras > 0 ? `${words.extras} ${money(running.extras)}` : null,
    running.discount > 0 ? `${texts.summary.discount} −${money(running.discount)}` : null,
    `${texts.summary.shipping} ${running.shipping === 0 ? texts.summary.freeShipping : money(running.shipping)}`,
    words.vatIncluded,
  ].filter((part) => part !== null);
  return (
    <section aria-label={words.label} className="mt-3 rounded-2xl bg-leaf-50 px-4 py-2 ring-1 ring-leaf-200">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 font-bold text-sand-900">
        <span>{words.label}</span>
        <span className="text-lg" data-running-total="">
          {words.total} {money(running.total)}
        </span>
      </p>
      <p className="text-sm text-sand-700">
        {/* Each part on one line: a phone breaks between them, never inside "IVA incluido". */}
        {parts.map((part, index) => (
          <Fragment key={part}>
            {index > 0 ? " · " : ""}
            <span className="whitespace-nowrap">{part}</span>
          </Fragment>
        ))}
      </p>
    </section>
  );
}
