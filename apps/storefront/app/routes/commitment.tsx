import type { Route } from "./+types/commitment";
import { CallToAction, CardGrid, ContentSection } from "~/components/content-sections";
import { PRIMARY_BUTTON } from "~/components/button-styles";
import { ScreenIntro } from "~/components/screen-intro";
import { ScreenLink } from "~/components/screen-link";
import { pageTextsFor } from "~/content-pages/texts";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

/** This page's long texts travel with its own data, not with every page's (decision 006). */
export function loader({ context }: Route.LoaderArgs) {
  return { text: pageTextsFor(context.locale, "commitment") };
}

export default function Commitment({ loaderData }: Route.ComponentProps) {
  const { text } = loaderData;
  const items = text.items;
  return (
    <>
      <ScreenIntro />

      <ContentSection title={text.listHeading} lead={text.listLead}>
        <CardGrid
          cards={[items.fairPrice, items.seasonal, items.packaging, items.routes, items.foodBanks, items.transparency]}
        />
        <p className="mt-6">
          <ScreenLink screen="impact" className="font-semibold text-leaf-700 underline hover:text-leaf-800">
            {text.impactLink}
          </ScreenLink>
        </p>
      </ContentSection>

      <CallToAction title={text.ctaHeading} body={text.ctaBody}>
        <ScreenLink screen="boxes" className={PRIMARY_BUTTON}>
          {text.ctaButton}
        </ScreenLink>
      </CallToAction>

      <p className="mx-auto max-w-6xl px-4 pb-10 text-center text-sand-700">
        {text.feedback}{" "}
        <ScreenLink screen="contact" className="font-semibold text-leaf-700 underline hover:text-leaf-800">
          {text.feedbackLink}
        </ScreenLink>
      </p>
    </>
  );
}
