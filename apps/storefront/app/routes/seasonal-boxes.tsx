import { activeBoxes } from "@shop/domain";
import type { Route } from "./+types/seasonal-boxes";
import { ProductGrid } from "~/components/product-card";
import { ScreenIntro } from "~/components/screen-intro";
import { getProducts } from "~/catalogue.server";
import { localeOf } from "~/route-context.server";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

export async function loader({ request }: Route.LoaderArgs) {
  return { boxes: activeBoxes(await getProducts(localeOf(request))).filter((box) => box.isSeasonal) };
}

export default function SeasonalBoxes({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ScreenIntro />
      <div className="mx-auto max-w-6xl px-4 pb-8">
        <ProductGrid products={loaderData.boxes} priorityCount={4} />
      </div>
    </>
  );
}
