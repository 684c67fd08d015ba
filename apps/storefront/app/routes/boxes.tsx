import { activeBoxes, isB2C, summarizeProduct } from "@shop/domain";
import type { Route } from "./+types/boxes";
import { ProductListPage } from "~/components/product-list-page";
import { getProducts } from "~/catalogue.server";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

export async function loader({ context }: Route.LoaderArgs) {
  const boxes = activeBoxes(await getProducts(context.locale));
  return { boxes: boxes.filter((box) => isB2C(box) && !box.isSeasonal).map(summarizeProduct) };
}

export default function Boxes({ loaderData }: Route.ComponentProps) {
  return <ProductListPage products={loaderData.boxes} />;
}
