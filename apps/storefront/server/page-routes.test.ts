import { describe, expect, it } from "vitest";
import { createStaticHandler, matchRoutes, type EntryContext, type RouteObject } from "react-router";
import { parentPaths, pageRouterContext } from "./page-routes";

/** A table shaped like the shop's: a root, pathless layouts, screens in three languages, a splat. */
const routes: RouteObject[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "logout", path: "/logout" },
      {
        id: "default-layout",
        children: [
          { id: "home.es", path: "/" },
          { id: "home.ca", path: "/ca" },
          { id: "boxes.es", path: "/nuestras-cajas" },
          { id: "product.es", path: "/productos/:slug" },
          { id: "complementary.es", path: "/productos-complementarios/:category?" },
          { id: "not-found", path: "*" },
        ],
      },
      {
        id: "admin-layout",
        children: [
          { id: "account.es", path: "/mi-cuenta" },
          { id: "account.ca", path: "/ca/el-meu-compte" },
          { id: "orders.es", path: "/mi-cuenta/pedidos" },
          { id: "order.es", path: "/mi-cuenta/pedidos/:id" },
          { id: "orders.ca", path: "/ca/el-meu-compte/comandes" },
        ],
      },
    ],
  },
];

async function renderContext(pathname: string): Promise<EntryContext> {
  const handler = createStaticHandler(routes);
  const staticHandlerContext = await handler.query(new Request(`http://shop.test${pathname}`));
  if (staticHandlerContext instanceof Response) throw new Error("no redirects in this table");
  // The fields pageRouterContext reads; React Router fills in the rest of a real one.
  return {
    branches: (handler as unknown as { _internalRouteBranches: EntryContext["branches"] })._internalRouteBranches,
    staticHandlerContext,
    manifest: { routes: Object.fromEntries(routeIds(routes).map((id) => [id, { id }])) },
  } as unknown as EntryContext;
}

function routeIds(table: RouteObject[]): string[] {
  return table.flatMap((route) => [route.id ?? "", ...routeIds(route.children ?? [])]);
}

const leafIds = (branches: EntryContext["branches"]) => branches.map((branch) => branch.routesMeta.at(-1)?.route.id);

describe("parentPaths", () => {
  it("lists the root and each parent of the path, as React Router's partial manifest does", () => {
    expect(parentPaths("/")).toEqual(["/"]);
    expect(parentPaths("/mi-cuenta")).toEqual(["/"]);
    expect(parentPaths("/mi-cuenta/pedidos/12")).toEqual(["/", "/mi-cuenta/pedidos", "/mi-cuenta"]);
    expect(parentPaths("/ca/el-meu-compte/")).toEqual(["/", "/ca"]);
  });
});

describe("pageRouterContext", () => {
  it.each(["/mi-cuenta/pedidos", "/mi-cuenta/pedidos/12", "/ca/el-meu-compte/comandes", "/productos/caja-mixta", "/"])(
    "keeps, in rank order, exactly the branches React Router matches first for the parents of %s",
    async (pathname) => {
      const context = await renderContext(pathname);
      const pruned = pageRouterContext(context, { screen: true });
      const expected = new Set(
        parentPaths(pathname).map((path) => matchRoutes(routes, path)?.at(-1)?.route.id ?? "none"),
      );
      expected.delete("none");
      expect(new Set(leafIds(pruned.branches))).toEqual(expected);
      const ranked = leafIds(context.branches);
      const order = leafIds(pruned.branches).map((id) => ranked.indexOf(id));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      // The manifest keeps the page's routes and those of the kept branches, ancestors included.
      const kept = new Set([
        ...context.staticHandlerContext.matches.map((match) => match.route.id),
        ...pruned.branches.flatMap((branch) => branch.routesMeta.map((meta) => meta.route.id)),
      ]);
      expect(new Set(Object.keys(pruned.manifest.routes))).toEqual(kept);
      expect(kept.has("root")).toBe(true);
    },
  );

  it("leaves the whole table to a request that is no screen (made-up paths are not remembered)", async () => {
    const context = await renderContext("/no/such/page");
    expect(pageRouterContext(context, { screen: false })).toBe(context);
  });
});
