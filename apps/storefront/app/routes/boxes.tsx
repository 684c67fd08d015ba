import { activeBoxes, isB2C } from "@shop/domain";
import type { Route } from "./+types/boxes";
import { ProductGrid } from "~/components/product-card";
import { ScreenIntro } from "~/components/screen-intro";
import { getProducts } from "~/catalogue.server";
import { localeOf } from "~/route-context.server";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

export async function loader({ request }: Route.LoaderArgs) {
  const boxes = activeBoxes(await getProducts(localeOf(request)));
  return { boxes: boxes.filter((box) => isB2C(box) && !box.isSeasonal) };
}

export default function Boxes({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ScreenIntro />
      <div className="mx-auto max-w-6xl px-4 pb-8">
        <ProductGrid products={loaderData.boxes} priorityCount={4} />
      </div>
    </>
  );
}
