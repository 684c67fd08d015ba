import type { Route } from "./+types/about";
import { CardGrid, ContentSection, Paragraphs, ScreenLinkCards } from "~/components/content-sections";
import { ProduceIllustration } from "~/components/illustrations";
import { ScreenIntro } from "~/components/screen-intro";
import { pageTextsFor } from "~/content-pages/texts";
import { usePageLanguage } from "~/root-data";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

/** This page's long texts travel with its own data, not with every page's (decision 006). */
export function loader({ context }: Route.LoaderArgs) {
  return { text: pageTextsFor(context.locale, "about") };
}

const LINKED_SCREENS = ["team", "farmers", "impact", "boxes"] as const;

export default function About({ loaderData }: Route.ComponentProps) {
  const { messages } = usePageLanguage();
  const { text } = loaderData;
  return (
    <>
      <ScreenIntro />

      <section>
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-10 md:grid-cols-[3fr_2fr]">
          <div>
            <h2 className="mb-6 font-display text-2xl font-semibold text-leaf-800 sm:text-3xl">{text.storyHeading}</h2>
            <Paragraphs paragraphs={[text.story.origin, text.story.van, text.story.today]} />
          </div>
          <ProduceIllustration className="mx-auto h-auto w-full max-w-xs" />
        </div>
      </section>

      <ContentSection title={text.stepsHeading} tone="tinted">
        <CardGrid numbered columns={4} cards={[text.steps.find, text.steps.buy, text.steps.pack, text.steps.deliver]} />
      </ContentSection>

      <ContentSection title={text.valuesHeading}>
        <CardGrid columns={4} cards={[text.values.taste, text.values.fair, text.values.local, text.values.open]} />
      </ContentSection>

      <ContentSection title={text.moreHeading}>
        <ScreenLinkCards
          cards={LINKED_SCREENS.map((screen) => ({
            screen,
            title: messages.screens[screen].title,
            body: text.links[screen],
          }))}
        />
      </ContentSection>
    </>
  );
}
