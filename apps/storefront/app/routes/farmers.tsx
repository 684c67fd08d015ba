import type { Route } from "./+types/farmers";
import { PeopleList } from "~/components/people-list";
import { ScreenIntro } from "~/components/screen-intro";
import { getFarmers } from "~/content.server";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

export async function loader({ context }: Route.LoaderArgs) {
  const farmers = await getFarmers(context.locale);
  return {
    people: farmers.map((farmer) => ({
      name: farmer.name,
      subtitle: [farmer.farm, farmer.region].filter(Boolean).join(" · "),
      text: farmer.story,
      photo: farmer.photo,
    })),
  };
}

export default function Farmers({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ScreenIntro />
      <div className="mx-auto max-w-6xl px-4 pb-8">
        <PeopleList people={loaderData.people} />
      </div>
    </>
  );
}
