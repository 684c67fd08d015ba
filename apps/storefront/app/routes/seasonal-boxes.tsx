import { activeBoxes, isB2C, summarizeProduct } from "@shop/domain";
import type { Route } from "./+types/seasonal-boxes";
import { ProductListPage } from "~/components/product-list-page";
import { getProducts } from "~/catalogue.server";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

export async function loader({ context }: Route.LoaderArgs) {
  return {
    boxes: activeBoxes(await getProducts(context.locale))
      .filter((box) => box.isSeasonal && isB2C(box))
      .map(summarizeProduct),
  };
}

export default function SeasonalBoxes({ loaderData }: Route.ComponentProps) {
  return <ProductListPage products={loaderData.boxes} />;
}
