import { startTransition, useState } from "react";
import { data, redirect } from "react-router";
import { contentAfterLead, findProductBySlug, PRODUCT_TYPES, summarizeProduct, type ProductImage } from "@shop/domain";
import { LOCALES, pathTo } from "@shop/routing";
import type { Route } from "./+types/product";
import type { AlternateParams } from "~/alternates";
import { notFound, ScreenErrorBoundary } from "~/components/error-screen";
import { PRIMARY_BUTTON } from "~/components/button-styles";
import { ProduceIllustration } from "~/components/illustrations";
import { PlainMarkdown } from "~/components/plain-markdown";
import { ShownPriceTag } from "~/components/price";
import { SizeBadge, useProductFacts } from "~/components/product-card";
import { ResponsiveImage } from "~/components/responsive-image";
import { ScreenLink } from "~/components/screen-link";
import { format } from "~/i18n/format";
import { catalogueUnavailable, getProducts } from "~/catalogue.server";
import { PICK_FIELD, PICK_INTENT } from "~/order-flow/pick";
import { usePageLanguage } from "~/root-data";
import { messagesFor } from "~/i18n";
import { screenMeta, withoutSiteName } from "~/seo";

export const meta = screenMeta;
export const ErrorBoundary = ScreenErrorBoundary;

export async function loader({ request, params, context: { locale } }: Route.LoaderArgs) {
  const found = findProductBySlug(await getProducts(locale), params.slug, locale);
  if (!found) {
    if (await catalogueUnavailable()) throw data("The catalogue is unavailable", { status: 503 });
    notFound(request);
  }
  // A slug of another language (a shared link, the language switcher) leads to this language's page.
  if (!found.isCanonical) {
    throw redirect(pathTo("product", locale, { slug: found.canonicalSlug }), 301);
  }
  const { product } = found;
  const alternateParams: AlternateParams = {};
  for (const other of LOCALES) alternateParams[other] = { slug: product.slugs[other] ?? undefined };
  return {
    product,
    // Size, quantity and price as the cards show them, worked out here: the browser needs no rules for them.
    card: summarizeProduct(product),
    // The short description is printed above the long text: the details go on from there.
    details: contentAfterLead(product.content, product.description),
    alternateParams,
    pageMeta: {
      title: withoutSiteName(product.seoTitle, messagesFor(locale).site.name),
      description: product.seoDescription || product.description.slice(0, 160),
    },
  };
}

// The lightbox loads on the first open: most visitors never open it, so it stays off the first load.
// It is fetched by hand rather than through React.lazy: a failed download then never throws inside a
// render, which React 18 would retry synchronously and, with parts of the page still hydrating, turn
// into its error 421 (the server's HTML thrown away); a failed open simply leaves the page as it was.
const loadLightbox = () => import("~/components/lightbox");
type LightboxView = Awaited<ReturnType<typeof loadLightbox>>["Lightbox"];
/** Fetched early when a visitor reaches for the gallery; a failure here is retried on open. */
const preloadLightbox = () => void loadLightbox().catch(() => undefined);

/** The gallery: every picture once, main image first. */
function picturesOf(product: Route.ComponentProps["loaderData"]["product"]): ProductImage[] {
  const seen = new Set<string>();
  return [...product.imagePath, ...product.image, ...product.gallery].filter((image) => {
    if (seen.has(image.url)) return false;
    seen.add(image.url);
    return true;
  });
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, card, details } = loaderData;
  const { locale, messages } = usePageLanguage();
  const [open, setOpen] = useState<number | null>(null);
  const [Lightbox, setLightbox] = useState<LightboxView | null>(null);
  // Transitions: a tap that comes while parts of the page are still hydrating waits for them,
  // where a plain update would make React throw away the server's HTML there (its error 421).
  const openAt = (index: number) => {
    if (Lightbox) {
      startTransition(() => setOpen(index));
      return;
    }
    loadLightbox().then(
      (module) =>
        startTransition(() => {
          setLightbox(() => module.Lightbox);
          setOpen(index);
        }),
      (error: unknown) => console.warn("The picture viewer could not be loaded; the next tap tries again", error),
    );
  };
  const pictures = picturesOf(product);
  const facts = useProductFacts(card);
  const [first, ...rest] = pictures;

  return (
    <article className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:grid-cols-2">
      <section aria-label={messages.product.gallery} onPointerOver={preloadLightbox} onFocus={preloadLightbox}>
        {first ? (
          <button
            type="button"
            onClick={() => openAt(0)}
            className="block w-full overflow-hidden rounded-3xl bg-sand-100"
            aria-label={format(messages.lightbox.open, { number: 1, total: pictures.length })}
          >
            <ResponsiveImage
              src={first.url}
              alt={first.alt ?? product.name}
              width={640}
              height={640}
              priority
              className="aspect-square w-full object-cover"
            />
          </button>
        ) : (
          <ProduceIllustration className="w-full rounded-3xl bg-sand-100 p-10" />
        )}
        {rest.length > 0 ? (
          <ul className="mt-3 grid grid-cols-4 gap-2">
            {rest.map((picture, index) => (
              <li key={picture.url}>
                <button
                  type="button"
                  onClick={() => openAt(index + 1)}
                  className="block w-full overflow-hidden rounded-xl bg-sand-100"
                  aria-label={format(messages.lightbox.open, { number: index + 2, total: pictures.length })}
                >
                  <ResponsiveImage
                    src={picture.url}
                    alt=""
                    width={160}
                    height={160}
                    className="aspect-square w-full object-cover"
                  />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section>
        <div className="mb-2 flex flex-wrap items-center gap-2 empty:hidden">
          <SizeBadge size={card.size} className="px-3 py-1 text-sm" />
          {card.onlyB2B ? (
            <p className="inline-block rounded-full bg-leaf-100 px-3 py-1 text-sm font-bold text-leaf-800">
              {messages.catalogue.onlyCompanies}
            </p>
          ) : null}
        </div>
        <h1 className="font-display text-3xl font-semibold text-leaf-800 sm:text-4xl">{product.name}</h1>
        <p className="mt-2 text-sand-700">{facts}</p>
        <p className="mt-4">
          <ShownPriceTag
            price={card.price}
            className="text-3xl font-extrabold text-leaf-800"
            noteClassName="text-sm text-sand-700"
          />
        </p>
        {product.isActive ? (
          // A plain form: the product goes into the order even before the page's scripts have run.
          <form method="post" action={pathTo("newOrder", locale)} className="mt-6">
            <input type="hidden" name="intent" value={PICK_INTENT} />
            <input type="hidden" name={PICK_FIELD} value={product.id} />
            <button type="submit" className={`${PRIMARY_BUTTON} shadow`}>
              {product.type === PRODUCT_TYPES.box ? messages.catalogue.orderThis : messages.product.addToOrder}
            </button>
          </form>
        ) : (
          <p className="mt-6 rounded-2xl bg-sand-100 p-4 text-sand-900" role="status">
            {messages.catalogue.unavailable}{" "}
            <ScreenLink screen="boxes" className="font-semibold text-leaf-700 underline">
              {messages.nav.boxes}
            </ScreenLink>
          </p>
        )}
        {product.description ? <p className="mt-6 text-lg text-sand-900">{product.description}</p> : null}
        {details ? (
          <div className="mt-6">
            <h2 className="font-bold text-leaf-800">{messages.product.details}</h2>
            <div className="mt-2">
              <PlainMarkdown
                source={details}
                mentions={[{ text: messages.screens.whatsInTheBox.title, screen: "whatsInTheBox" }]}
              />
            </div>
          </div>
        ) : null}
      </section>

      {open !== null && Lightbox && pictures.length > 0 ? (
        <Lightbox
          key={open}
          images={pictures.map((picture) => ({
            src: picture.url,
            alt: picture.alt ?? product.name,
            title: product.name,
          }))}
          startIndex={open}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </article>
  );
}
