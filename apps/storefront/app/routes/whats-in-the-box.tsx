import { activeBoxes } from "@shop/domain";
import type { Route } from "./+types/whats-in-the-box";
import { ScreenIntro } from "~/components/screen-intro";
import { ScreenLink } from "~/components/screen-link";
import { getProducts } from "~/catalogue.server";
import { getBoxContents } from "~/content.server";
import { weekDates } from "~/dates";
import { format } from "~/i18n";
import { pageTextsFor } from "~/content-pages/texts";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

export async function loader({ context: { locale } }: Route.LoaderArgs) {
  const [contents, products] = await Promise.all([getBoxContents(locale), getProducts(locale)]);
  const text = pageTextsFor(locale, "whatsInTheBox");
  // "Semana del 16–22 de noviembre de 2026": said on the server, so the browser shows the same words.
  const weekOf = (weekStart: string | null) => {
    const dates = weekStart ? weekDates(weekStart, locale) : null;
    return dates ? format(text.week, { dates }) : null;
  };
  const boxes = activeBoxes(products);
  // Only boxes on sale are shown, in the catalogue's order.
  const weeks = boxes.flatMap((box) => {
    const week = contents.find((entry) => entry.boxId === box.id);
    return week ? [{ box: { name: box.name, slug: box.slug }, ...week, week: weekOf(week.weekStart) }] : [];
  });
  // The page names the newest week; a box whose contents staff have not updated since names its own.
  const newest = weeks.reduce<string | null>(
    (latest, { weekStart }) => (weekStart && (!latest || weekStart > latest) ? weekStart : latest),
    null,
  );
  return { weeks, week: weekOf(newest), newest };
}

export default function WhatsInTheBox({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ScreenIntro>
        {loaderData.week ? (
          <p className="mt-3 inline-block rounded-full bg-leaf-100 px-4 py-1 font-bold text-leaf-800">
            {loaderData.week}
          </p>
        ) : null}
      </ScreenIntro>
      <ul className="mx-auto grid max-w-6xl gap-4 px-4 pb-8 md:grid-cols-2 lg:grid-cols-3">
        {loaderData.weeks.map((week) => (
          <li key={week.box.name} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-sand-200">
            <h2 className="text-lg font-bold text-leaf-800">
              {week.box.slug ? (
                <ScreenLink screen="product" params={{ slug: week.box.slug }} className="hover:underline">
                  {week.box.name}
                </ScreenLink>
              ) : (
                week.box.name
              )}
            </h2>
            {week.week && week.weekStart !== loaderData.newest ? (
              <p className="text-sm font-bold text-carrot-700">{week.week}</p>
            ) : null}
            <ul className="mt-3 grid gap-1">
              {week.items.map((item) => (
                <li key={item.name} className="flex justify-between gap-2 border-b border-sand-100 py-1">
                  <span>{item.name}</span>
                  {item.quantity ? <span className="text-sand-700">{item.quantity}</span> : null}
                </li>
              ))}
            </ul>
            {week.note ? <p className="mt-3 text-sm text-sand-700">{week.note}</p> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
