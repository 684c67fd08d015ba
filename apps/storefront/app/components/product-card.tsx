import {
  formatMeasure,
  formatNumber,
  type LocaleTag,
  type ProductSummary,
  type Quantity,
  type SizeLabel,
} from "@shop/domain";
import type { PageMessages } from "~/i18n";
import { ShownPriceTag } from "./price";
import { ProduceIllustration } from "./illustrations";
import { ResponsiveImage } from "./responsive-image";
import { ScreenLink } from "./screen-link";
import { format } from "~/i18n/format";
import { usePageLanguage } from "~/root-data";

/** "500 ml", "1 kg", "12 unidades", "7 kg aprox.", in the page's language; pieces are counted in words (i18n catalogue.pieces). */
export function formatQuantity(quantity: Quantity, tag: LocaleTag, messages: PageMessages): string {
  if (quantity.kind === "approxWeight") {
    const kilos = formatNumber(quantity.kilograms, tag, { maximumFractionDigits: 1 });
    return format(messages.catalogue.approxWeight, { kg: kilos });
  }
  const { amount, unit } = quantity.measure;
  if (unit === "unit") {
    const pieces = messages.catalogue.pieces;
    const rule = new Intl.PluralRules(tag).select(amount);
    return format(rule === "one" ? pieces.one : pieces.other, { count: formatNumber(amount, tag) });
  }
  return formatMeasure(amount, unit, tag);
}

/** Size and quantity, in the page's language ("Mediana · 7 kg aprox.", "500 ml"). */
export function useProductFacts({ size, quantity }: Pick<ProductSummary, "size" | "quantity">): string {
  const { messages, tag } = usePageLanguage();
  return [size ? messages.catalogue.sizes[size.size] : null, quantity ? formatQuantity(quantity, tag, messages) : null]
    .filter(Boolean)
    .join(" · ");
}

/**
 * A box's size as a badge: the letters customers know from clothes (S, M, XL), never the stored code.
 * Screen readers skip it: the size in words follows in the product's facts.
 */
export function SizeBadge({ size, className = "" }: { size: SizeLabel | null; className?: string }) {
  if (!size) return null;
  return (
    <span
      aria-hidden="true"
      data-size={size.code}
      className={`inline-flex min-w-7 justify-center rounded-full bg-leaf-700 px-2 py-0.5 text-xs font-extrabold text-white ${className}`}
    >
      {size.badge}
    </span>
  );
}

/** One product in a grid: picture, name, size and quantity, price (with VAT or its rate), link to its page. */
interface CardOptions {
  /** Pictures of the first row load at once; the rest wait until they are near the viewport. */
  readonly priority?: boolean;
  /** 2 right under the page heading, 3 inside a titled section: heading levels never skip. */
  readonly headingLevel?: 2 | 3;
}

export function ProductCard({
  product,
  priority = false,
  headingLevel = 3,
}: { product: ProductSummary } & CardOptions) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { messages } = usePageLanguage();
  const { picture } = product;
  const facts = useProductFacts(product);
  const body = (
    <>
      <div className="aspect-square overflow-hidden rounded-2xl bg-sand-100">
        {picture ? (
          <ResponsiveImage
            src={picture.url}
            alt={picture.alt ?? product.name}
            width={320}
            height={320}
            priority={priority}
            className="h-full w-full object-cover transition group-hover:scale-105"
          />
        ) : (
          <ProduceIllustration className="h-full w-full p-6" />
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-1">
        <SizeBadge size={product.size} />
        {product.isSeasonal ? (
          <span className="rounded-full bg-carrot-100 px-2 py-0.5 text-xs font-bold text-carrot-700">
            {messages.catalogue.seasonal}
          </span>
        ) : null}
        {product.onlyB2B ? (
          <span className="rounded-full bg-leaf-100 px-2 py-0.5 text-xs font-bold text-leaf-800">
            {messages.catalogue.onlyCompanies}
          </span>
        ) : null}
      </div>
      <Heading className="mt-1 font-bold text-sand-900 group-hover:text-leaf-700">{product.name}</Heading>
      <p className="text-sm text-sand-700">{facts}</p>
      <p className="mt-1">
        <ShownPriceTag
          price={product.price}
          className="text-lg font-extrabold text-leaf-800"
          noteClassName="text-xs text-sand-700"
        />
      </p>
    </>
  );
  return (
    <li className="group">
      {product.slug ? (
        <ScreenLink screen="product" params={{ slug: product.slug }} className="block rounded-2xl">
          {body}
        </ScreenLink>
      ) : (
        body
      )}
    </li>
  );
}

export function ProductGrid({
  products,
  priorityCount = 0,
  headingLevel,
}: {
  products: readonly ProductSummary[];
  priorityCount?: number;
  headingLevel?: CardOptions["headingLevel"];
}) {
  const { messages } = usePageLanguage();
  if (products.length === 0)
    return <p className="rounded-2xl bg-sand-100 p-6 text-sand-700">{messages.catalogue.empty}</p>;
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} priority={index < priorityCount} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
