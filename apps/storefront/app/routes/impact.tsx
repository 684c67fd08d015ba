import type { Route } from "./+types/impact";
import { IMPACT_METHOD_ID, ImpactFigures } from "~/components/impact-figures";
import { PlainMarkdown } from "~/components/plain-markdown";
import { ScreenIntro } from "~/components/screen-intro";
import { getImpact } from "~/catalogue.server";
import { usePageLanguage } from "~/root-data";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

export async function loader({ context }: Route.LoaderArgs) {
  return { impact: await getImpact(context.locale) };
}

export default function Impact({ loaderData }: Route.ComponentProps) {
  const { messages } = usePageLanguage();
  const { impact } = loaderData;
  return (
    <>
      <ScreenIntro />
      <div className="mx-auto max-w-6xl px-4 pb-8">
        <ImpactFigures impact={impact} />
      </div>
      {impact.method ? (
        <section
          id={IMPACT_METHOD_ID}
          aria-labelledby={`${IMPACT_METHOD_ID}-heading`}
          className="mx-auto max-w-6xl scroll-mt-28 px-4 pb-8"
        >
          <h2 id={`${IMPACT_METHOD_ID}-heading`} className="mb-4 font-display text-2xl font-semibold text-leaf-800">
            {messages.impact.methodHeading}
          </h2>
          <div className="max-w-3xl">
            <PlainMarkdown source={impact.method} />
          </div>
        </section>
      ) : null}
    </>
  );
}
