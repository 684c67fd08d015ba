import { formatCents, formatPercent, type Cents, type ShownPrice } from "@shop/domain";
import { format } from "~/i18n/format";
import { usePageLanguage } from "~/root-data";

/** An amount of money, formatted for the page's language at display time only. */
export function Price({ cents, className }: { cents: Cents; className?: string }) {
  const { tag } = usePageLanguage();
  return <span className={className}>{formatCents(cents, tag)}</span>;
}

/**
 * A price and what it says about VAT: "IVA incluido" for consumers, "+ IVA 10 %" after a price without
 * VAT for businesses (@shop/domain shownPrice decides which).
 */
export function ShownPriceTag({
  price,
  className,
  noteClassName,
}: {
  price: ShownPrice;
  className?: string;
  noteClassName?: string;
}) {
  const { messages, tag } = usePageLanguage();
  const rate = formatPercent(price.taxRate, tag, { maximumFractionDigits: 1 });
  return (
    <>
      <Price cents={price.cents} className={className} />{" "}
      <span className={noteClassName}>
        {price.taxIncluded ? messages.catalogue.vatIncluded : format(messages.catalogue.plusVat, { rate })}
      </span>
    </>
  );
}
