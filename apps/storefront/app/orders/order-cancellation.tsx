import { formatCents } from "@shop/domain";
import { LOCALE_TAGS } from "@shop/routing";
import { Form } from "react-router";
import { DoneNotice, Panel, ProblemNotice } from "~/accounts/account-area";
import { SECONDARY_BUTTON } from "~/components/button-styles";
import { format } from "~/i18n/format";
import type { OrderView } from "./order-view";
import type { OrdersTexts } from "./texts";

/** Why a cancellation was not done, as the order's action says it (./orders.server, cancelOrder). */
export type CancelRefusal = keyof typeof REFUSALS;

const REFUSALS = {
  cancelTooLate: "tooLate",
  cancelNotPossible: "notPossible",
  cancelRefundRefused: "refundRefused",
  cancelFailed: "failed",
} as const satisfies Record<string, keyof OrdersTexts["cancel"]>;

/** What the page's action answered: a cancellation done, a refusal (of this or another form), or something else. */
type Outcome = { cancelled: { refunded: number } } | { refused: string } | object | null;

/**
 * Cancelling a one-off order from its page (docs/decisions/031): offered only until the delivery's
 * cut-off, it says before the customer confirms what comes back and to which method (a disclosure,
 * so it works without JavaScript), and after, what the CMS really did.
 */
export function OrderCancellation({
  view,
  texts,
  intent,
  busy,
  outcome,
}: {
  view: OrderView;
  texts: Pick<OrdersTexts, "cancel">;
  intent: string;
  busy: boolean;
  outcome: Outcome;
}) {
  const t = texts.cancel;
  const { cancellation } = view;
  const refused = outcome && "refused" in outcome ? outcome.refused : null;
  const refusal = refused !== null && Object.hasOwn(REFUSALS, refused) ? (refused as CancelRefusal) : null;
  const done = outcome && "cancelled" in outcome ? outcome.cancelled : null;
  return (
    <>
      {done ? (
        <DoneNotice>
          {done.refunded > 0
            ? format(t.doneRefunded, { amount: formatCents(done.refunded, LOCALE_TAGS[view.locale]) })
            : t.done}
        </DoneNotice>
      ) : null}
      {refusal ? <ProblemNotice>{t[REFUSALS[refusal]]}</ProblemNotice> : null}
      {cancellation.possible ? (
        <details className="rounded-2xl bg-sand-50 p-4 ring-1 ring-sand-200">
          <summary className="min-h-11 cursor-pointer py-2 font-semibold text-carrot-700">{t.open}</summary>
          <div className="mt-2 grid gap-2 text-sand-900">
            {cancellation.until ? <p>{format(t.until, { until: cancellation.until })}</p> : null}
            <p>
              {cancellation.refund > 0 && cancellation.method
                ? format(t.refund, { amount: cancellation.money, method: t.methods[cancellation.method] })
                : t.nothingToRefund}
            </p>
            <p>{t.frees}</p>
            <Form method="post">
              <input type="hidden" name="intent" value={intent} />
              <button type="submit" disabled={busy} className={SECONDARY_BUTTON}>
                {t.confirm}
              </button>
            </Form>
          </div>
        </details>
      ) : null}
    </>
  );
}

/** The money given back of the order, when there is any. */
export function OrderRefunds({ view, texts }: { view: OrderView; texts: Pick<OrdersTexts, "refunds"> }) {
  if (view.refunds.length === 0) return null;
  return (
    <Panel heading={texts.refunds.heading}>
      <ul className="grid gap-2 text-sand-900">
        {view.refunds.map((refund, index) => (
          <li key={`${refund.at}-${index}`}>
            {format(refund.status === "pending" ? texts.refunds.pending : texts.refunds.item, {
              amount: refund.money,
              when: refund.when,
            })}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
