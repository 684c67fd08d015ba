import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { messagesFor, pageMessages } from "./i18n";
import { NonceProvider } from "./nonce";
import { ServerMessagesContext } from "./root-data";
import { FlushBatches } from "../server/html-stream";
import { pageRouterContext } from "../server/page-routes";

export const streamTimeout = 5_000;

/**
 * What React Router logs of an error met while answering. Its own 4xx (a form posted to a page that
 * takes none: 405; a data request for no route: 404) carry an internal Error that it logged with a
 * stack trace, one per scanner's request; they are the client's mistake, answered as such, and not
 * logged. A request the client abandoned is not either; anything else is, as React Router would.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const inner: unknown = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(inner ?? error);
};

/** Language and texts for a page rendered without root data: those the root loader would have used. */
function fallbackLanguage({ locale, screen }: AppLoadContext) {
  return { locale, messages: pageMessages(messagesFor(locale), screen?.id ?? null) };
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Crawlers and no-JS clients get the whole document at once; browsers get it streamed.
    const readyEvent =
      isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerMessagesContext.Provider value={fallbackLanguage(loadContext)}>
          <ServerRouter
            context={pageRouterContext(routerContext, { screen: loadContext.screen !== null })}
            url={request.url}
            nonce={nonce}
          />
        </ServerMessagesContext.Provider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          // React's 2 KB pieces leave together, one chunk per flush of React (server/html-stream.ts).
          const body = new FlushBatches();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // A visitor who left mid-page ("The destination stream closed early") is no error of ours.
          if (shellRendered && !request.signal.aborted) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
