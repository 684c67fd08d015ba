import { data, isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { ERROR_PAGE_LINKS } from "@shop/routing";
import { LostCarrotIllustration } from "./illustrations";
import { ScreenLink } from "./screen-link";
import { SiteFooter } from "./site-footer";
import { SiteHeader, SITE_SECTIONS_ID } from "./site-header";
import { usePageLanguage } from "~/root-data";

/** The message the specification fixes for unknown routes. */
export function notFoundMessage(path: string): string {
  return `Page not found: ${path}`;
}

interface ErrorScreenProps {
  readonly status: number;
  readonly path: string;
  /** Adds the shop's header and footer when no layout is around the error. */
  readonly framed?: boolean;
}

export function ErrorScreen({ status, path, framed = false }: ErrorScreenProps) {
  const { messages } = usePageLanguage();
  const notFound = status === 404;
  const body = (
    <main id="main" className="mx-auto flex max-w-3xl flex-col items-center px-4 py-12 text-center">
      <LostCarrotIllustration className="h-40 w-40 sm:h-52 sm:w-52" />
      <p
        className="mt-4 font-display text-6xl font-semibold text-carrot-600"
        aria-label={`${messages.errors.statusLabel} ${status}`}
      >
        {status}
      </p>
      <h1 className="mt-2 font-display text-2xl font-semibold text-leaf-800 sm:text-3xl">
        {notFound ? messages.errors.notFoundHeadline : messages.errors.genericHeadline}
      </h1>
      {notFound ? (
        // The specification's technical message is English on every page: read with an English voice.
        <p lang="en" className="mt-2 rounded bg-sand-100 px-3 py-1 font-mono text-sm break-all text-sand-700">
          {notFoundMessage(path)}
        </p>
      ) : null}
      <p className="mt-4 text-sand-700">{notFound ? messages.errors.notFoundBody : messages.errors.genericBody}</p>
      <nav aria-label={messages.errors.links} className="mt-6 w-full">
        <ul className="flex flex-wrap justify-center gap-2">
          {ERROR_PAGE_LINKS.map((screen) => (
            <li key={screen}>
              <ScreenLink
                screen={screen}
                className="inline-flex min-h-11 items-center rounded-full border border-leaf-600 px-4 font-semibold text-leaf-800 hover:bg-leaf-50"
              >
                {screen === "newOrder" ? messages.screens.newOrder.title : messages.nav[screen]}
              </ScreenLink>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
  if (!framed) return body;
  return (
    <>
      <SiteHeader />
      {body}
      <div id={SITE_SECTIONS_ID}>
        <SiteFooter />
      </div>
    </>
  );
}

/** Thrown by a loader when what the URL names does not exist: answers 404 with the page's path. */
export function notFound(request: Request): never {
  throw data({ message: notFoundMessage(new URL(request.url).pathname) }, { status: 404 });
}

/** Error boundary of screens inside a layout: the layout stays, the error screen fills the page. */
export function ScreenErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  return <ErrorScreen status={status} path={pathname} />;
}
