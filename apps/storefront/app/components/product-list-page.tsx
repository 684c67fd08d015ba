import type { Product } from "@shop/domain";
import { ProductGrid } from "./product-card";
import { ScreenIntro } from "./screen-intro";

/** A catalogue screen: its heading and lead text, then its products. */
export function ProductListPage({ products }: { products: readonly Product[] }) {
  return (
    <>
      <ScreenIntro />
      <div className="mx-auto max-w-6xl px-4 pb-8">
        <ProductGrid products={products} priorityCount={4} />
      </div>
    </>
  );
}
