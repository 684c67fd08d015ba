import { formatCents, type Cents } from "@shop/domain";
import { usePageLanguage } from "~/root-data";

/** A price with VAT, formatted for the page's language at display time only. */
export function Price({ cents, className }: { cents: Cents; className?: string }) {
  const { tag } = usePageLanguage();
  return <span className={className}>{formatCents(cents, tag)}</span>;
}
