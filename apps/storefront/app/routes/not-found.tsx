import { data, useLocation } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorScreen, notFoundMessage } from "~/components/error-screen";
import { errorMeta } from "~/seo";

/** Every path the route table does not know ends here, inside the default layout. */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  throw data({ message: notFoundMessage(pathname) }, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => errorMeta(args, 404);

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  const { pathname } = useLocation();
  return <ErrorScreen status={404} path={pathname} />;
}
