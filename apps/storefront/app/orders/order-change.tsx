import type { OrderChangeOptions, OrderChangeQuote } from "@shop/contracts";
import { formatCents } from "@shop/domain";
import { LOCALE_TAGS, type Locale } from "@shop/routing";
import { Form, Link } from "react-router";
import { DoneNotice, Panel, ProblemNotice } from "~/accounts/account-area";
import { PRIMARY_BUTTON, SECONDARY_BUTTON, TEXT_BUTTON } from "~/components/button-styles";
import { FormField } from "~/components/form-field";
import { dateTime } from "~/dates";
import { format } from "~/i18n/format";
import type { ChangeRefusal, ChangeTexts } from "./change-texts";
import { deliveryDay } from "./order-view";
import type { OrderView } from "./order-view";
import type { OrdersTexts } from "./texts";

/**
 * Changing a one-off order from its page (docs/decisions/049), phone first and without JavaScript:
 * a link opens the form (`?change=order`), "see how it looks" shows what will change, the new total
 * and what comes back through which method, and only the confirming button changes the order. After
 * the cut-off it is not offered, and the page says why.
 */

/** What the page's action answered about a change, if anything. */
export type ChangeOutcome =
  | { changed: { refunded: number; refundOwed: number } }
  | { changeRefused: ChangeRefusal }
  | { changeQuote: { quote: OrderChangeQuote; body: string } };

/** The query that opens the change form. */
export const CHANGE_QUERY = { name: "change", value: "order" } as const;

/** The page action's intents of a change. */
export const CHANGE_INTENTS = { quote: "changeQuote", confirm: "changeConfirm" } as const;

const CHANGEABLE = new Set(["pending_payment", "payment_failed", "paid"]);

const moneyOf = (locale: Locale) => (cents: number) => formatCents(cents, LOCALE_TAGS[locale]);

function DeliveryChoice({ view, options, t }: { view: OrderView; options: OrderChangeOptions; t: ChangeTexts }) {
  const { order, locale } = view;
  const current = `${order.delivery.date}|${order.delivery.slot.code}`;
  return (
    <label className="grid gap-1">
      <span className="font-semibold">{t.deliveryLegend}</span>
      <select
        name="delivery"
        defaultValue={current}
        className="min-h-12 w-full rounded-xl border border-sand-300 bg-white px-3 py-2 text-base"
      >
        <option value={current}>
          {format(t.current, {
            day: deliveryDay(order.delivery.date, locale),
            start: order.delivery.slot.start,
            end: order.delivery.slot.end,
          })}
        </option>
        {options.days.flatMap((day) =>
          day.slots
            .filter((slot) => `${day.date}|${slot.code}` !== current)
            .map((slot) => (
              <option key={`${day.date}|${slot.code}`} value={`${day.date}|${slot.code}`}>
                {format(t.option, { day: deliveryDay(day.date, locale), start: slot.start, end: slot.end })}
              </option>
            )),
        )}
      </select>
    </label>
  );
}

function ChangeForm({ view, options, t }: { view: OrderView; options: OrderChangeOptions; t: ChangeTexts }) {
  const { order } = view;
  const address = order.delivery.address;
  return (
    <Form method="post" className="grid gap-4" aria-label={t.open}>
      <input type="hidden" name="intent" value={CHANGE_INTENTS.quote} />
      <DeliveryChoice view={view} options={options} t={t} />
      <fieldset className="grid gap-2">
        <legend className="font-semibold">{t.linesLegend}</legend>
        {order.lines.map((line, index) => (
          <label key={`${line.productId}-${index}`} className="flex items-center justify-between gap-3">
            <span>{line.name}</span>
            <select
              name={`qty-${index}`}
              defaultValue={String(line.quantity)}
              className="min-h-12 rounded-xl border border-sand-300 bg-white px-3 text-base"
            >
              {Array.from({ length: line.quantity + 1 }, (_, quantity) => (
                <option key={quantity} value={String(quantity)}>
                  {quantity === 0 ? t.remove : String(quantity)}
                </option>
              ))}
            </select>
          </label>
        ))}
        <p className="text-sm text-sand-700">{t.addMore}</p>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="font-semibold">{t.addressLegend}</legend>
        <FormField
          name="fullName"
          label={t.fields.fullName}
          defaultValue={address.fullName}
          required
          autoComplete="name"
        />
        <FormField
          name="line1"
          label={t.fields.line1}
          defaultValue={address.line1}
          required
          autoComplete="address-line1"
        />
        <FormField
          name="line2"
          label={t.fields.line2}
          defaultValue={address.line2 ?? ""}
          autoComplete="address-line2"
        />
        <FormField
          name="postalCode"
          label={t.fields.postalCode}
          defaultValue={address.postalCode}
          required
          autoComplete="postal-code"
        />
        <p className="text-sm text-sand-700">{t.postcodeHint}</p>
        <FormField
          name="city"
          label={t.fields.city}
          defaultValue={address.city}
          required
          autoComplete="address-level2"
        />
        <FormField
          name="phone"
          label={t.fields.phone}
          type="tel"
          defaultValue={address.phone ?? ""}
          autoComplete="tel"
        />
        <FormField name="notes" label={t.fields.notes} defaultValue={order.delivery.notes} multiline />
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={PRIMARY_BUTTON}>
          {t.review}
        </button>
        <Link to="." replace className={TEXT_BUTTON}>
          {t.close}
        </Link>
      </div>
    </Form>
  );
}

function QuotePanel({
  view,
  quoted,
  t,
  methods,
}: {
  view: OrderView;
  quoted: { quote: OrderChangeQuote; body: string };
  t: ChangeTexts;
  methods: OrdersTexts["cancel"]["methods"];
}) {
  const { quote } = quoted;
  const { locale } = view;
  const money = moneyOf(locale);
  const when = (date: string, slot: { start: string; end: string }) =>
    format(t.option, { day: deliveryDay(date, locale), start: slot.start, end: slot.end });
  return (
    <Panel id="change-quote" heading={t.quoteHeading}>
      <ul className="grid gap-1 text-sand-900">
        {quote.delivery ? (
          <li>
            {format(t.quoteDelivery, {
              from: when(quote.delivery.from.date, quote.delivery.from.slot),
              to: when(quote.delivery.to.date, quote.delivery.to.slot),
            })}
          </li>
        ) : null}
        {quote.lines.map((line) => (
          <li key={line.index}>
            {line.to === 0
              ? format(t.quoteRemoved, { name: line.name })
              : format(t.quoteLine, { name: line.name, from: String(line.from), to: String(line.to) })}
          </li>
        ))}
        {quote.addressChanged ? <li>{t.quoteAddress}</li> : null}
        {quote.notesChanged ? <li>{t.quoteNotes}</li> : null}
        {quote.couponLost ? <li>{t.couponLost}</li> : null}
        {quote.freeShippingLost ? <li>{t.freeShippingLost}</li> : null}
        <li className="font-semibold" data-testid="change-total">
          {format(t.quoteTotal, { after: money(quote.after.total), before: money(quote.before.total) })}
        </li>
        <li className="font-semibold" data-testid="change-refund">
          {quote.refund > 0 && quote.method
            ? format(t.quoteRefund, { amount: money(quote.refund), method: methods[quote.method] })
            : view.order.status === "paid"
              ? t.quoteNoRefund
              : t.quoteUnpaid}
        </li>
      </ul>
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value={CHANGE_INTENTS.confirm} />
        <input type="hidden" name="change" value={quoted.body} />
        <input type="hidden" name="basis" value={quote.basis} />
        <input type="hidden" name="expectedTotal" value={String(quote.after.total)} />
        <input type="hidden" name="expectedRefund" value={String(quote.refund)} />
        <button type="submit" className={PRIMARY_BUTTON}>
          {t.confirm}
        </button>
        <Link to={`?${CHANGE_QUERY.name}=${CHANGE_QUERY.value}#change`} className={TEXT_BUTTON}>
          {t.close}
        </Link>
      </Form>
    </Panel>
  );
}

/**
 * The order page's change: the link that opens the form (or why it cannot be changed), the form, the
 * quote with its confirming button, and the outcome the CMS answered.
 */
export function OrderChange({
  view,
  t,
  methods,
  options,
  outcome,
}: {
  view: OrderView;
  t: ChangeTexts;
  methods: OrdersTexts["cancel"]["methods"];
  options: OrderChangeOptions | null;
  outcome: ChangeOutcome | object | null;
}) {
  const { order, cancellation, locale } = view;
  const done = outcome && "changed" in outcome ? outcome.changed : null;
  const refused = outcome && "changeRefused" in outcome ? outcome.changeRefused : null;
  const quoted = outcome && "changeQuote" in outcome ? outcome.changeQuote : null;
  const notices = (
    <>
      {done ? (
        <DoneNotice>
          {done.refundOwed > 0
            ? // Kept, but its refund could not be confirmed: say what is owed, never that it came back.
              format(t.doneRefundOwed, { amount: moneyOf(locale)(done.refundOwed) })
            : done.refunded > 0
              ? format(t.doneRefunded, { amount: moneyOf(locale)(done.refunded) })
              : t.done}
        </DoneNotice>
      ) : null}
      {refused ? <ProblemNotice>{t.refusals[refused]}</ProblemNotice> : null}
    </>
  );
  if (order.purchase !== "once" || !CHANGEABLE.has(order.status)) return notices;
  // The same window as cancelling (decision 031): past the cut-off, only why.
  if (!cancellation.possible) {
    return (
      <>
        {notices}
        {order.cancellation.until ? (
          <p className="text-sand-700" data-testid="change-closed">
            {format(t.tooLate, { until: dateTime(order.cancellation.until, locale) ?? order.cancellation.until })}
          </p>
        ) : null}
      </>
    );
  }
  const until = cancellation.until ?? "";
  return (
    <div id="change" className="grid gap-3">
      {notices}
      {quoted && !done ? <QuotePanel view={view} quoted={quoted} t={t} methods={methods} /> : null}
      {options?.possible && !quoted && !done ? (
        <Panel heading={t.open} intro={format(t.intro, { until })}>
          <ChangeForm view={view} options={options} t={t} />
        </Panel>
      ) : (
        <Link to={`?${CHANGE_QUERY.name}=${CHANGE_QUERY.value}#change`} className={SECONDARY_BUTTON}>
          {t.open}
        </Link>
      )}
    </div>
  );
}
