import { matchScreen, type Locale } from "@shop/routing";

/** The language of the screen a loader serves, from the route table. */
export function localeOf(request: Request): Locale {
  return matchScreen(new URL(request.url).pathname)?.locale ?? "es";
}
