import { NavLink } from "react-router";
import { activeUpsells, categoryLinks, categorySlugOf, summarizeProduct } from "@shop/domain";
import { LOCALES, pathTo, type Locale } from "@shop/routing";
import type { Route } from "./+types/complementary-products";
import type { AlternateParams } from "~/alternates";
import { notFound, ScreenErrorBoundary } from "~/components/error-screen";
import { ProductGrid } from "~/components/product-card";
import { ScreenIntro } from "~/components/screen-intro";
import { getProducts } from "~/catalogue.server";
import { getStaffCategories } from "~/content.server";
import { usePageLanguage } from "~/root-data";
import { screenMeta } from "~/seo";

export const meta = screenMeta;
export const ErrorBoundary = ScreenErrorBoundary;

export async function loader({ request, params, context: { locale } }: Route.LoaderArgs) {
  const selected = params.category;
  // The list itself can do without staff's names; a category's URL cannot (it may use their slug).
  const staffCategories = getStaffCategories(locale);
  const [products, staff] = await Promise.all([
    getProducts(locale),
    selected === undefined ? staffCategories.catch(() => []) : staffCategories,
  ]);
  const upsells = activeUpsells(products);
  const categories = categoryLinks(upsells, staff, locale);
  if (selected === undefined) return { products: upsells.map(summarizeProduct), categories, selected: null };

  const inCategory = upsells.filter((product) => categorySlugOf(product, staff) === selected);
  if (inCategory.length === 0) notFound(request);
  // The same category is named differently in each language: follow one of its products.
  const representative = inCategory[0]!.id;
  const alternateParams: AlternateParams = {};
  await Promise.all(
    LOCALES.map(async (other: Locale) => {
      const [otherProducts, otherStaff] = await Promise.all([getProducts(other), getStaffCategories(other)]);
      const twin = otherProducts.find((product) => product.id === representative);
      alternateParams[other] = { category: (twin && categorySlugOf(twin, otherStaff)) ?? undefined };
    }),
  );
  return { products: inCategory.map(summarizeProduct), categories, selected, alternateParams };
}

export default function ComplementaryProducts({ loaderData }: Route.ComponentProps) {
  const { locale, messages } = usePageLanguage();
  const pill = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 items-center rounded-full px-4 font-semibold whitespace-nowrap ${
      isActive ? "bg-leaf-700 text-white" : "bg-white text-leaf-800 ring-1 ring-leaf-200 hover:bg-leaf-50"
    }`;
  return (
    <>
      <ScreenIntro />
      <div className="mx-auto max-w-6xl px-4 pb-8">
        <nav aria-label={messages.catalogue.categories} className="-mx-4 mb-6 overflow-x-auto px-4">
          <ul className="flex gap-2">
            <li>
              <NavLink to={pathTo("complementaryProducts", locale)} end className={pill}>
                {messages.catalogue.allCategories}
              </NavLink>
            </li>
            {loaderData.categories.map((category) => (
              <li key={category.slug}>
                <NavLink to={pathTo("complementaryProducts", locale, { category: category.slug })} className={pill}>
                  {category.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <ProductGrid products={loaderData.products} priorityCount={2} headingLevel={2} />
      </div>
    </>
  );
}
