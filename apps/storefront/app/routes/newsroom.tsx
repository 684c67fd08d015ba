import type { Route } from "./+types/newsroom";
import { ExternalLink } from "~/components/external-link";
import { ScreenIntro } from "~/components/screen-intro";
import { getNewsroom } from "~/content.server";
import { usePageLanguage } from "~/root-data";
import { screenMeta } from "~/seo";
import { inPageLanguage } from "~/site-links";

export const meta = screenMeta;

export async function loader({ context }: Route.LoaderArgs) {
  const entries = await getNewsroom(context.locale);
  // The demo's entries lead to the shop's own pages: in this page's language.
  return {
    entries: entries.map((entry) => ({
      ...entry,
      link: entry.link === null ? null : inPageLanguage(entry.link, context.locale),
    })),
  };
}

export default function Newsroom({ loaderData }: Route.ComponentProps) {
  const { tag } = usePageLanguage();
  const dates = new Intl.DateTimeFormat(tag, { dateStyle: "long", timeZone: "UTC" });
  return (
    <>
      <ScreenIntro />
      <ul className="mx-auto grid max-w-3xl gap-4 px-4 pb-8">
        {loaderData.entries.map((entry) => (
          <li key={`${entry.title}-${entry.date}`} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-sand-200">
            <p className="text-sm text-sand-700">
              {[entry.outlet, entry.date ? dates.format(new Date(entry.date)) : null].filter(Boolean).join(" · ")}
            </p>
            <h2 className="mt-1 text-lg font-bold text-leaf-800">
              {entry.link ? (
                <ExternalLink href={entry.link} className="hover:underline">
                  {entry.title}
                </ExternalLink>
              ) : (
                entry.title
              )}
            </h2>
            {entry.summary ? <p className="mt-2 text-sand-900">{entry.summary}</p> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
