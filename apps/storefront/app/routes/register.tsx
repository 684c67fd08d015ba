import { ScreenIntro } from "~/components/screen-intro";
import { screenMeta } from "~/seo";

export const meta = screenMeta;

export default function Placeholder() {
  return <ScreenIntro />;
}
