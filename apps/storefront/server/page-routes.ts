import { matchRoutes, type EntryContext } from "react-router";

type Branch = EntryContext["branches"][number];

/**
 * The paths React Router's lazy route discovery matches to write a page's partial route manifest
 * (`getPartialManifest`, run by `<Scripts>` on every render): "/" and each parent of the page's
 * path, the page's own path excluded (its matches are known already).
 */
export function parentPaths(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  const paths = ["/"];
  for (let end = segments.length - 1; end > 0; end -= 1) paths.push(`/${segments.slice(0, end).join("/")}`);
  return paths;
}

/** Parent paths remembered; a path with parameters has endless parents, so the memory is bounded. */
const MAX_REMEMBERED = 500;

/**
 * The branch a path matches first, worked out once per path: React Router's own matching over
 * the whole route tree (the branches' shared root), mapped back to the ranked branch with the
 * same routes.
 */
export class FirstBranches {
  private readonly remembered = new Map<string, Branch | null>();

  constructor(private readonly branches: readonly Branch[]) {}

  of(path: string): Branch | null {
    const known = this.remembered.get(path);
    if (known !== undefined) return known;
    const root = this.branches[0]?.routesMeta[0]?.route;
    const matches = root ? matchRoutes([root], path) : null;
    const ids = matches?.map((match) => match.route.id).join("\0");
    const branch =
      ids === undefined
        ? null
        : (this.branches.find((candidate) => candidate.routesMeta.map((meta) => meta.route.id).join("\0") === ids) ??
          null);
    if (this.remembered.size >= MAX_REMEMBERED) this.remembered.clear();
    this.remembered.set(path, branch);
    return branch;
  }
}

/** One per route table: production renders one; development gets a new table with each change. */
const firstBranchesOf = new WeakMap<readonly Branch[], FirstBranches>();

/**
 * The router context of one page's render, narrowed to the routes the render can use
 * (docs/decisions/024).
 *
 * React Router hands the render the whole route table, ~160 routes (48 screens in three
 * languages, their aliases), and per render `<ServerRouter>` builds a route object for each
 * (twice: server routes, then data routes), and `<Scripts>` (lazy route discovery's partial
 * manifest) matches "/" and every parent of the page's path against all ~160 ranked branches,
 * "/" ranking near the end: together about a sixth of a signed-in page's CPU. What the render
 * uses of them is the page's own matches (which come with the static handler's context) and the
 * branch each of those paths matches first, which the partial manifest lists. The first branches
 * are worked out once per path; the render gets those branches, in their ranked order, and the
 * manifest's routes of the page's matches and of those branches, and writes the same page and the
 * same partial manifest. Nothing else in a server render looks a route up: the shop uses no
 * `<Link prefetch>`, whose links would need the whole table. Requests for no screen (a 404 of
 * any path) keep the whole table, so that made-up paths do not fill the memory.
 */
export function pageRouterContext(context: EntryContext, { screen }: { screen: boolean }): EntryContext {
  if (!screen) return context;
  let firstBranches = firstBranchesOf.get(context.branches);
  if (!firstBranches) {
    firstBranches = new FirstBranches(context.branches);
    firstBranchesOf.set(context.branches, firstBranches);
  }
  const needed = new Set<Branch>();
  // The location React Router's static router renders, as getPartialManifest reads it.
  for (const path of parentPaths(context.staticHandlerContext.location.pathname)) {
    const branch = firstBranches.of(path);
    if (branch) needed.add(branch);
  }
  const routeIds = new Set(context.staticHandlerContext.matches.map((match) => match.route.id));
  for (const branch of needed) for (const meta of branch.routesMeta) routeIds.add(meta.route.id);
  const routes: EntryContext["manifest"]["routes"] = {};
  for (const id of routeIds) routes[id] = context.manifest.routes[id];
  return {
    ...context,
    manifest: { ...context.manifest, routes },
    branches: context.branches.filter((branch) => needed.has(branch)),
  };
}
