import { metricsAreEmpty } from "@shop/domain";
import type { Route } from "./+types/food-waste";
import { CallToAction, CardGrid, ContentSection, MarkedList, Paragraphs } from "~/components/content-sections";
import { PRIMARY_BUTTON } from "~/components/button-styles";
import { ImpactFigures, ImpactFiguresPlaceholder } from "~/components/impact-figures";
import { Later } from "~/components/later";
import { ScreenIntro } from "~/components/screen-intro";
import { ScreenLink } from "~/components/screen-link";
import { getImpact } from "~/catalogue.server";
import { pageTextsFor } from "~/content-pages/texts";
import { usePageLanguage } from "~/root-data";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

/**
 * This page's long texts travel with its own data, not with every page's (decision 006). The
 * figures stream in after the text (the promise never rejects: a failure keeps the last figures).
 */
export function loader({ context }: Route.LoaderArgs) {
  return { text: pageTextsFor(context.locale, "foodWaste"), impact: getImpact(context.locale) };
}

export default function FoodWaste({ loaderData }: Route.ComponentProps) {
  const { messages } = usePageLanguage();
  const { text } = loaderData;
  const tips = text.tips;
  return (
    <>
      <ScreenIntro />

      <ContentSection title={text.whyHeading} lead={text.whyLead}>
        <CardGrid cards={[text.causes.looks, text.causes.sizes, text.causes.surplus]} />
      </ContentSection>

      <ContentSection title={text.imperfectHeading} tone="tinted">
        <Paragraphs paragraphs={[text.imperfect.definition, text.imperfect.quality]} />
        <div className="mt-6 grid gap-4 md:grid-cols-2">
          <MarkedList
            mark="yes"
            title={text.isHeading}
            items={[text.is.shapes, text.is.sizes, text.is.marks, text.is.colours]}
          />
          <MarkedList
            mark="no"
            title={text.isNotHeading}
            items={[text.isNot.rotten, text.isNot.old, text.isNot.damaged]}
          />
        </div>
      </ContentSection>

      <ContentSection title={text.actionHeading}>
        <Paragraphs paragraphs={[text.action.buy, text.action.plan]} />
        <Later value={loaderData.impact} fallback={<ImpactFiguresPlaceholder className="mt-6" />}>
          {(impact) =>
            metricsAreEmpty(impact.figures) ? null : (
              <div className="mt-6">
                <h3 className="mb-4 text-lg font-bold text-sand-900">{messages.home.impactHeading}</h3>
                <ImpactFigures impact={impact} />
              </div>
            )
          }
        </Later>
        <p className="mt-6">
          <ScreenLink screen="impact" className="font-semibold text-leaf-700 underline hover:text-leaf-800">
            {text.impactLink}
          </ScreenLink>
        </p>
      </ContentSection>

      <ContentSection title={text.tipsHeading} lead={text.tipsLead} tone="tinted">
        <CardGrid
          numbered
          cards={[tips.plan, tips.store, tips.ripeFirst, tips.wholePiece, tips.secondLife, tips.freeze]}
        />
      </ContentSection>

      <CallToAction title={text.ctaHeading} body={text.ctaBody}>
        <ScreenLink screen="boxes" className={PRIMARY_BUTTON}>
          {text.ctaButton}
        </ScreenLink>
      </CallToAction>
    </>
  );
}
