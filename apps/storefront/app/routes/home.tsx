import type { ReactNode } from "react";
import { activeBoxes, BLOG_LANGUAGE, isB2C, LOCALE_TAGS, summarizeProduct } from "@shop/domain";
import type { Route } from "./+types/home";
import { ProduceIllustration } from "~/components/illustrations";
import { PRIMARY_BUTTON } from "~/components/button-styles";
import { CallToAction } from "~/components/content-sections";
import { ExternalArrow, ExternalLink } from "~/components/external-link";
import { ImpactFigures, ImpactFiguresPlaceholder } from "~/components/impact-figures";
import { Later } from "~/components/later";
import { NumberedSteps } from "~/components/numbered-steps";
import { ProductGrid } from "~/components/product-card";
import { ResponsiveImage } from "~/components/responsive-image";
import { LanguageNote } from "~/components/language-note";
import { ReviewsList } from "~/components/reviews-list";
import { ScreenLink } from "~/components/screen-link";
import { getImpact, getPosts, getProducts, getReviews } from "~/catalogue.server";
import { usePageLanguage } from "~/root-data";
import { inPageLanguage } from "~/site-links";
import { screenMeta } from "~/seo";
import { socialErrorNotice } from "~/social-texts.server";

export const meta = screenMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  const products = await getProducts(context.locale);
  const boxes = activeBoxes(products).filter((box) => isB2C(box) && !box.isSeasonal);
  // Spec section 4: products come first; reviews, posts and figures follow in the background and
  // never hold the page back. A failure is logged and served empty; should one still miss the
  // stream's deadline, its section is left out (errorElement) rather than the page failing.
  return {
    // A failed social sign-in's notice, as text: no script for it in the home page's bundle (decision 006).
    socialError: socialErrorNotice(new URL(request.url), context.locale),
    boxes: boxes.slice(0, 4).map(summarizeProduct),
    reviews: getReviews().then((reviews) => reviews.slice(0, 3)),
    posts: getPosts().then((posts) =>
      posts.slice(0, 3).map((post) => ({ ...post, link: inPageLanguage(post.link, context.locale) })),
    ),
    impact: getImpact(context.locale),
  };
}

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-2">
        <h2 className="font-display text-2xl font-semibold text-leaf-800 sm:text-3xl">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { messages } = usePageLanguage();
  const text = messages.screen;
  const home = messages.home;
  return (
    <>
      {loaderData.socialError && (
        <div className="mx-auto w-full max-w-6xl px-4 pt-4">
          <p
            role="alert"
            className="rounded-2xl bg-carrot-100 px-4 py-3 font-semibold text-carrot-700 ring-1 ring-carrot-400"
          >
            {loaderData.socialError}
          </p>
        </div>
      )}
      <section className="bg-gradient-to-b from-leaf-50 to-sand-50">
        <div className="mx-auto grid max-w-6xl items-center gap-6 px-4 py-10 md:grid-cols-2 md:py-16">
          <div>
            <h1 className="font-display text-4xl font-semibold text-leaf-800 sm:text-5xl">{text?.heading}</h1>
            <p className="mt-4 text-lg text-sand-700">{text?.intro}</p>
            <div className="mt-6 flex flex-wrap gap-3">
              <ScreenLink screen="newOrder" className={`${PRIMARY_BUTTON} shadow`}>
                {home.heroPrimary}
              </ScreenLink>
              <ScreenLink
                screen="boxes"
                className="inline-flex min-h-12 items-center rounded-full border-2 border-leaf-700 px-6 font-bold text-leaf-800 hover:bg-leaf-50"
              >
                {home.heroSecondary}
              </ScreenLink>
            </div>
          </div>
          <ProduceIllustration className="mx-auto h-auto w-full max-w-sm" />
        </div>
      </section>

      <Section
        title={home.boxesHeading}
        action={
          <ScreenLink screen="boxes" className="font-semibold text-leaf-700 underline">
            {home.boxesLink}
          </ScreenLink>
        }
      >
        <ProductGrid products={loaderData.boxes} priorityCount={2} />
      </Section>

      <Section title={home.howHeading}>
        <NumberedSteps
          steps={[
            { title: home.step1Title, body: home.step1Body },
            { title: home.step2Title, body: home.step2Body },
            { title: home.step3Title, body: home.step3Body },
          ]}
        />
      </Section>

      <Section
        title={home.impactHeading}
        action={
          <ScreenLink screen="impact" className="font-semibold text-leaf-700 underline">
            {messages.screens.impact.title}
          </ScreenLink>
        }
      >
        <Later value={loaderData.impact} fallback={<ImpactFiguresPlaceholder />}>
          {(impact) => <ImpactFigures impact={impact} />}
        </Later>
      </Section>

      <Later value={loaderData.reviews}>
        {(reviews) =>
          reviews.length > 0 ? (
            <Section title={home.reviewsHeading}>
              <ReviewsList reviews={reviews} />
            </Section>
          ) : null
        }
      </Later>

      <Later value={loaderData.posts}>
        {(posts) =>
          posts.length > 0 ? (
            <Section title={home.postsHeading}>
              <LanguageNote language={BLOG_LANGUAGE} text={home.postsLanguage} />
              <ul className="grid gap-4 md:grid-cols-3">
                {posts.map((post) => (
                  <li key={post.link} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-sand-200">
                    <ExternalLink href={post.link} className="block" arrow={false}>
                      {post.imageUrl ? (
                        <ResponsiveImage
                          src={post.imageUrl}
                          alt=""
                          width={480}
                          height={270}
                          className="aspect-video w-full object-cover"
                        />
                      ) : null}
                      <h3 className="p-4 font-bold hover:text-leaf-700">
                        {/* Blog posts are written in BLOG_LANGUAGE only: screen readers switch voice. */}
                        <span lang={LOCALE_TAGS[BLOG_LANGUAGE]}>{post.title}</span>
                        <ExternalArrow />
                      </h3>
                    </ExternalLink>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null
        }
      </Later>

      <CallToAction title={home.ctaHeading} body={home.ctaBody}>
        <ScreenLink screen="newOrder" className={PRIMARY_BUTTON}>
          {home.heroPrimary}
        </ScreenLink>
      </CallToAction>
    </>
  );
}
