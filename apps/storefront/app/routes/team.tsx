import type { Route } from "./+types/team";
import { PeopleList } from "~/components/people-list";
import { ScreenIntro } from "~/components/screen-intro";
import { getTeam } from "~/content.server";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

export async function loader({ context }: Route.LoaderArgs) {
  const team = await getTeam(context.locale);
  return {
    people: team.map((member) => ({ name: member.name, subtitle: member.role, text: member.bio, photo: member.photo })),
  };
}

export default function Team({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ScreenIntro />
      <div className="mx-auto max-w-6xl px-4 pb-8">
        <PeopleList people={loaderData.people} />
      </div>
    </>
  );
}
