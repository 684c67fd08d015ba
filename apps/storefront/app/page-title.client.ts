/**
 * The page's own title while a "come back" title stands in for it (client-behaviours.client.ts),
 * kept on `<html>` so that a page view sent meanwhile names the page, not the message: a new
 * query with the same title (the next page of a list) leaves the message in place.
 */
const OWN = "ownTitle";
const SHOWN = "awayTitle";

export function showAwayTitle(away: string): void {
  const marks = document.documentElement.dataset;
  marks[OWN] = document.title;
  marks[SHOWN] = away;
  document.title = away;
}

/** Puts the page's own title back, unless the page changed it meanwhile (a navigation). */
export function restoreOwnTitle(): void {
  const marks = document.documentElement.dataset;
  if (marks[SHOWN] !== undefined && document.title === marks[SHOWN] && marks[OWN] !== undefined) {
    document.title = marks[OWN];
  }
  delete marks[OWN];
  delete marks[SHOWN];
}

export function isAwayTitleShown(): boolean {
  return document.documentElement.dataset[SHOWN] !== undefined;
}

/** The title of the page on show, whether or not a "come back" message stands in for it. */
export function pageOwnTitle(): string {
  const marks = document.documentElement.dataset;
  return marks[SHOWN] !== undefined && document.title === marks[SHOWN]
    ? (marks[OWN] ?? document.title)
    : document.title;
}
