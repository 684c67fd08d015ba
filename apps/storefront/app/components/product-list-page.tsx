import type { ProductSummary } from "@shop/domain";
import { ProductGrid } from "./product-card";
import { ScreenIntro } from "./screen-intro";

/** A catalogue screen: its heading and lead text, then its products. */
export function ProductListPage({ products }: { products: readonly ProductSummary[] }) {
  return (
    <>
      <ScreenIntro />
      <div className="mx-auto max-w-6xl px-4 pb-8">
        <ProductGrid products={products} priorityCount={2} headingLevel={2} />
      </div>
    </>
  );
}
