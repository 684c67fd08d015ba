import type { Route } from "./+types/impact";
import { ImpactFigures } from "~/components/impact-figures";
import { ScreenIntro } from "~/components/screen-intro";
import { getMetrics } from "~/catalogue.server";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

export async function loader() {
  return { metrics: await getMetrics() };
}

export default function Impact({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ScreenIntro />
      <div className="mx-auto max-w-6xl px-4 pb-8">
        <ImpactFigures metrics={loaderData.metrics} />
      </div>
    </>
  );
}
