import type { Order } from "@shop/contracts";
import { formatCents, formatPercent } from "@shop/domain";
import { giftCardsRestoredIn } from "@shop/domain/gift-cards";
import type { OrdersTexts } from "./texts";
import { format } from "~/i18n/format";
import { usePageLanguage } from "~/root-data";
import { Price } from "~/components/price";

/** "10 %", as the page's language writes a rate. */
function useRate() {
  const { tag } = usePageLanguage();
  return (rate: number) => formatPercent(rate, tag, { maximumFractionDigits: 1 });
}

/**
 * An order's lines, each with what it costs and the VAT in it: the unit price as its customer was
 * shown it (with VAT for consumers, without for companies), the foods left out of a box, when an
 * extra of a subscription comes (a one-off order has one delivery), and its share of a coupon's
 * discount.
 */
export function OrderLines({
  order: { lines, audience, purchase },
  texts,
}: {
  order: Pick<Order, "lines" | "audience" | "purchase">;
  texts: OrdersTexts["lines"];
}) {
  const { tag } = usePageLanguage();
  const rate = useRate();
  return (
    <ul className="divide-y divide-sand-200">
      {lines.map((line, index) => (
        <li key={`${line.kind}-${line.productId}-${index}`} className="flex justify-between gap-4 py-3">
          <div className="min-w-0">
            <p className="font-semibold text-sand-900">
              <span className="sr-only">{line.kind === "box" ? texts.box : texts.extra}: </span>
              {line.name}
            </p>
            <p className="text-sm text-sand-700">
              {format(texts.quantity, { quantity: line.quantity, price: formatCents(line.unitPrice, tag) })} (
              {audience === "consumer" ? texts.vatIncluded : texts.withoutVat}) ·{" "}
              {format(texts.rate, { rate: rate(line.taxRate) })}
            </p>
            {line.frequency && purchase === "subscription" ? (
              <p className="text-sm text-sand-700">{texts.extraFrequencies[line.frequency]}</p>
            ) : null}
            {line.exclusions.length > 0 ? (
              <p className="text-sm text-sand-700">{format(texts.without, { foods: line.exclusions.join(", ") })}</p>
            ) : null}
            {line.discount > 0 ? (
              <p className="text-sm text-leaf-800">
                {format(texts.lineDiscount, { amount: formatCents(line.discount, tag) })}
              </p>
            ) : null}
          </div>
          <div className="shrink-0 text-right">
            {/* As the summary showed it: companies the line without VAT, its VAT below; consumers with VAT. */}
            <Price
              cents={audience === "business" ? line.unitPrice * line.quantity : line.gross}
              className="font-semibold text-sand-900"
            />
            <p className="text-sm text-sand-700">{format(texts.lineTax, { amount: formatCents(line.tax, tag) })}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** What the order costs: goods, the coupon's discount, the delivery, the total and the VAT in it. */
export function OrderTotals({
  order,
  texts,
}: {
  // giftCardsRestored is read as optional (a CMS that does not send it): the status says it then.
  order: Pick<Order, "totals" | "couponCode" | "audience" | "giftCardsPaid" | "status"> & {
    giftCardsRestored?: number;
  };
  texts: OrdersTexts["totals"];
}) {
  const { totals, couponCode, audience } = order;
  // A means of payment, not a discount (decision 033): said below the total, which keeps its VAT.
  const giftCardsPaid = order.giftCardsPaid ?? 0;
  // What the cards got back (a cancellation, a refund: decision 038), from the CMS's figure, else
  // from the status (those statuses give back all the cards paid). Said as given back, not as paid.
  const giftCardsBack = Math.min(
    giftCardsPaid,
    order.giftCardsRestored ?? (giftCardsRestoredIn(order.status) ? giftCardsPaid : 0),
  );
  const giftCardsKept = giftCardsPaid - giftCardsBack;
  const row = "flex justify-between gap-4 py-1";
  return (
    <dl className="text-sand-900">
      {/* The goods' sum is with VAT: a company reads its lines without, and the tax base below. */}
      {audience === "consumer" ? (
        <div className={row}>
          <dt>{texts.goods}</dt>
          <dd>
            <Price cents={totals.goods} />
          </dd>
        </div>
      ) : null}
      {totals.discount > 0 ? (
        <div className={`${row} text-leaf-800`}>
          <dt>{couponCode ? format(texts.coupon, { code: couponCode }) : texts.discount}</dt>
          <dd>
            −<Price cents={totals.discount} />
          </dd>
        </div>
      ) : null}
      <div className={row}>
        <dt>{texts.shipping}</dt>
        <dd>{totals.shipping === 0 ? texts.freeShipping : <Price cents={totals.shipping} />}</dd>
      </div>
      <div className={`${row} mt-1 border-t border-sand-200 pt-2 text-lg font-bold`}>
        <dt>{texts.total}</dt>
        <dd>
          <Price cents={totals.total} />
        </dd>
      </div>
      {giftCardsKept > 0 ? (
        <div className={row}>
          <dt>{texts.giftCards}</dt>
          <dd>
            −<Price cents={giftCardsKept} />
          </dd>
        </div>
      ) : null}
      {giftCardsBack > 0 ? (
        <div className={row}>
          <dt>{texts.giftCardsRestored}</dt>
          <dd>
            <Price cents={giftCardsBack} />
          </dd>
        </div>
      ) : null}
      {audience === "consumer" ? (
        <div className={`${row} text-sm text-sand-700`}>
          <dt>{texts.taxIncluded}</dt>
          <dd>
            <Price cents={totals.tax} />
          </dd>
        </div>
      ) : (
        <>
          <div className={`${row} text-sm text-sand-700`}>
            <dt>{texts.taxBase}</dt>
            <dd>
              <Price cents={totals.total - totals.tax} />
            </dd>
          </div>
          <div className={`${row} text-sm text-sand-700`}>
            <dt>{texts.tax}</dt>
            <dd>
              <Price cents={totals.tax} />
            </dd>
          </div>
        </>
      )}
    </dl>
  );
}
