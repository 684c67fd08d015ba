import { screenMeta } from "~/seo";

export const meta = screenMeta;

/** Intentionally empty: the native app opens it as a neutral page in its web view. */
export default function BlankPage() {
  return <main id="main" className="min-h-dvh bg-white" />;
}
