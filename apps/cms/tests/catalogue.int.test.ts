import type { UID } from "@strapi/strapi";
import { impactMetricAnswerSchema, parseProductList, toImpactNotes, type PublicProduct } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_COLLECTIONS } from "../src/catalogue/collections";
import {
  createBoxContent,
  createProduct,
  createProductLabel,
  createTax,
  ensureMarketType,
} from "../src/factories/catalogue";
import { createSvgFile } from "../src/factories/media";
import { createUser } from "../src/factories/users";
import { boxArt } from "../src/seed/art";
import { seedDemoData } from "../src/seed";
import { fillDemoMeasures } from "../src/seed/measures";
import {
  BLOG_POSTS,
  BOX_TYPES,
  FARMERS,
  FAQS,
  ITEMS,
  METRICS,
  METRICS_METHOD,
  NEWSROOM,
  REVIEWS,
  SEASONAL_BOXES,
  TEAM,
  UPSELLS,
} from "../src/seed/data";
import { expectErrorShape, getJson, postJson } from "./helpers/http";
import { startStrapi, type TestStrapi, STRAPI_BOOT_TIMEOUT_MS } from "./helpers/strapi";
import { CONTENT_TYPES } from "../src/content-types";

// One boot with the demo seed (the default in demo mode) for every read endpoint of the catalogue.
let app: TestStrapi;

interface ApiProduct {
  id: number;
  documentId: string;
  type: string;
  SKU: string | null;
  name_es: string;
  slug_es: string;
  slug_ca: string;
  slug_pt: string;
  price: number;
  position: number;
  isActive: boolean;
  hide_from_web: boolean;
  market_types: { name: string }[];
  product_labels: { name_es: string | null }[];
  image: string[];
  imagePath: string[];
  media: { url: string; width: number | null; height: number | null }[];
  gallery: { url: string }[];
  tax_id: { amount_value: number } | null;
  boxType: string | null;
  itemType: string | null;
  seasonal: boolean;
  frequency: string;
  category_es: string | null;
  category_ca: string | null;
}

interface ListBody<T> {
  data: T[];
  meta: { pagination: { total: number } };
}

const hidden: { id: number; documentId: string }[] = [];
let inactiveTestProduct: { id: number; documentId: string };
/** A box as staff would make one: taxed, for both markets, labelled, with a drawn picture and a detail. */
let testBox: { documentId: string; SKU: string };

async function listProducts(query = ""): Promise<ApiProduct[]> {
  const response = await getJson<ListBody<ApiProduct>>(`${app.api}/products${query}`);
  expect(response.status).toBe(200);
  return response.body.data;
}

beforeAll(async () => {
  app = await startStrapi();
  const { strapi } = app;
  // Staff-made entries next to the seed: hidden ones (active and not), and a plain inactive one
  // without a position (so the default applies).
  for (const [sku, isActive] of [
    ["TEST-HIDDEN-ACTIVE", true],
    ["TEST-HIDDEN-INACTIVE", false],
  ] as const) {
    hidden.push(await createProduct(strapi, { SKU: sku, hide_from_web: true, isActive }));
  }
  inactiveTestProduct = await createProduct(strapi, { SKU: "TEST-INACTIVE", isActive: false });
  // Box contents of a hidden box must not leak it either.
  hiddenBoxContents = await createBoxContent(strapi, {
    box: hidden[0]!.documentId,
    weekStart: "2030-01-07",
    items: [{ name_es: "Secreto", quantity: "1 kg" }],
  });

  const picture = await createSvgFile(strapi, { svg: boxArt(["orange", "apple"], "S", "test-box") });
  const detail = await createSvgFile(strapi);
  const markets = [await ensureMarketType(strapi, "B2C"), await ensureMarketType(strapi, "B2B")];
  const box = await createProduct(strapi, {
    type: "box",
    name_es: "Caja de prueba S",
    name_ca: "Caixa de prova S",
    name_pt: "Caixa de teste S",
    price: 19.9,
    boxType: "S",
    itemType: "fruits",
    tax_id: (await createTax(strapi, { amount_value: 0.04 })).documentId,
    market_types: markets.map((market) => market.documentId),
    product_labels: [(await createProductLabel(strapi)).documentId],
    image: [picture],
    gallery: [picture, detail],
  });
  testBox = { documentId: box.documentId, SKU: String(box.SKU) };
});

afterAll(async () => {
  await app?.stop();
});

let hiddenBoxContents: { id: number | string; documentId: string };

describe("GET /products", () => {
  it("answers the active, visible products in the flat shape, sorted by position", async () => {
    const products = await listProducts();
    expect(products.length).toBeGreaterThan(30);
    expect(products.every((product) => product.isActive && !product.hide_from_web)).toBe(true);
    const positions = products.map((product) => product.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    const box = products.find((product) => product.SKU === testBox.SKU);
    expect(box).toMatchObject({
      type: "box",
      name_es: "Caja de prueba S",
      slug_es: "caja-de-prueba-s",
      slug_ca: "caixa-de-prova-s",
      slug_pt: "caixa-de-teste-s",
      price: 19.9,
      boxType: "S",
      itemType: "fruits",
      seasonal: false,
      frequency: "once",
      tax_id: { amount_value: 0.04 },
      hide_from_web: false,
    });
    expect(typeof box?.price).toBe("number");
    expect(box?.market_types.map((type) => type.name).sort()).toEqual(["B2B", "B2C"]);
    expect(box?.product_labels.length).toBeGreaterThan(0);
    expect(box?.imagePath.length).toBe(2);
    expect(box?.imagePath[0]).toBe(box?.image[0]);
    expect(box?.imagePath.every((url) => url.startsWith("/uploads/") && url.endsWith(".svg"))).toBe(true);
    expect(box?.media[0]).toMatchObject({ url: box?.imagePath[0], width: 400, height: 400 });
  });

  it("keeps a main image chosen apart from the featured image", async () => {
    const files = app.strapi.db.query(CONTENT_TYPES.uploadFile);
    const [main, featured] = (await files.findMany({
      where: { id: { $in: [await createSvgFile(app.strapi), await createSvgFile(app.strapi)] } },
      orderBy: { id: "asc" },
    })) as { id: number; url: string }[];
    const created = await createProduct(app.strapi, { imagePath: [main!.id], image: [featured!.id] });
    try {
      const [product] = await listProducts(`?filters[SKU][$eq]=${created.SKU}`);
      expect(product?.imagePath).toEqual([main!.url]);
      expect(product?.image).toEqual([featured!.url]);
      expect(product?.media.map((file) => file.url)).toEqual([main!.url, featured!.url]);
    } finally {
      await app.strapi.documents(CONTENT_TYPES.product).delete({ documentId: created.documentId });
    }
  });

  it("serves the drawn pictures from the media library", async () => {
    const [product] = await listProducts(`?filters[SKU][$eq]=${testBox.SKU}`);
    const response = await fetch(`${app.url}${product?.imagePath[0]}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("image/svg+xml");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect((svg.match(/<(circle|ellipse|path)/g) ?? []).length).toBeGreaterThan(5);
  });

  it("adds inactive products with isActive=all, never hidden ones", async () => {
    const active = await listProducts();
    const all = await listProducts("?isActive=all");
    const skus = all.map((product) => product.SKU);
    const inactiveSkus = all.filter((product) => !product.isActive).map((product) => product.SKU);
    expect(all.length).toBe(active.length + inactiveSkus.length);
    expect(inactiveSkus).toContain("TEST-INACTIVE");
    expect(skus).not.toContain("TEST-HIDDEN-ACTIVE");
    expect(skus).not.toContain("TEST-HIDDEN-INACTIVE");
    expect(all.every((product) => product.hide_from_web === false)).toBe(true);

    const onlyInactive = await listProducts("?isActive=false");
    expect(onlyInactive.map((product) => product.SKU)).toEqual(inactiveSkus);
  });

  it("gives a product without a position the default 999", async () => {
    const all = await listProducts("?isActive=all");
    expect(all.find((product) => product.SKU === "TEST-INACTIVE")?.position).toBe(999);
  });

  it("never answers hidden products, whatever the filters", async () => {
    for (const query of [
      "?isActive=all&filters[SKU][$eq]=TEST-HIDDEN-ACTIVE",
      "?isActive=all&filters[hide_from_web][$eq]=true",
      "?isActive=all&filters[$or][0][hide_from_web][$eq]=true&filters[$or][1][SKU][$startsWith]=TEST-HIDDEN",
    ]) {
      expect(await listProducts(query)).toEqual([]);
    }
  });

  it("never answers a hidden product by id or documentId", async () => {
    for (const product of hidden) {
      for (const id of [String(product.id), product.documentId]) {
        const response = await getJson(`${app.api}/products/${id}`);
        expectErrorShape(response, 404);
      }
    }
  });

  it("answers a visible product by numeric id or documentId, inactive ones included", async () => {
    for (const id of [String(inactiveTestProduct.id), inactiveTestProduct.documentId]) {
      const response = await getJson<{ data: ApiProduct }>(`${app.api}/products/${id}`);
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ SKU: "TEST-INACTIVE", isActive: false, imagePath: [] });
    }
    expectErrorShape(await getJson(`${app.api}/products/999999`), 404);
  });

  it("counts what the list answers, hidden products excluded", async () => {
    const active = await listProducts();
    const all = await listProducts("?isActive=all");
    expect((await getJson(`${app.api}/products/count`)).body).toBe(active.length);
    expect((await getJson(`${app.api}/products/count?isActive=all`)).body).toBe(all.length);
    expect((await getJson(`${app.api}/products/count?isActive=all&filters[SKU][$startsWith]=TEST-HIDDEN`)).body).toBe(
      0,
    );
    const total = await app.strapi.db.query(CONTENT_TYPES.product).count({});
    expect(all.length).toBe(total - hidden.length);
  });

  it("paginates only when asked, with Strapi's pagination meta", async () => {
    const response = await getJson<ListBody<ApiProduct>>(
      `${app.api}/products?pagination[page]=2&pagination[pageSize]=5`,
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(5);
    const all = await listProducts();
    expect(response.body.data.map((product) => product.id)).toEqual(all.slice(5, 10).map((product) => product.id));
    expect(response.body.meta.pagination).toMatchObject({ page: 2, pageSize: 5, total: all.length });
  });

  it("answers 400 for a bad isActive or an unknown filter field", async () => {
    const badActive = expectErrorShape(await getJson(`${app.api}/products?isActive=maybe`), 400);
    expect(badActive.error.details).toMatchObject({ errors: [{ path: ["isActive"] }] });
    expectErrorShape(await getJson(`${app.api}/products?filters[notAField][$eq]=1`), 400);
  });
});

describe("the seeded catalogue", () => {
  it("has 3 box types in sizes S, IM and XL, and the seasonal boxes", async () => {
    // The seed's boxes: this file's own test box aside.
    const boxes = (await listProducts()).filter((product) => product.type === "box" && product.SKU !== testBox.SKU);
    const regular = boxes.filter((box) => !box.seasonal);
    expect(regular).toHaveLength(BOX_TYPES.length * 3);
    expect(new Set(regular.map((box) => box.itemType))).toEqual(new Set(["fruits", "vegetables", "mixed"]));
    for (const size of ["S", "IM", "XL"]) expect(regular.filter((box) => box.boxType === size)).toHaveLength(3);
    expect(boxes.filter((box) => box.seasonal)).toHaveLength(SEASONAL_BOXES.length);
  });

  it("has at least 20 fruit and vegetable items, some only for companies", async () => {
    const items = (await listProducts()).filter((product) => product.type === "item");
    expect(items.length).toBeGreaterThanOrEqual(20);
    expect(items.length).toBe(ITEMS.filter((item) => item.isActive !== false).length);
    expect(new Set(items.map((item) => item.itemType))).toEqual(new Set(["fruit", "vegetable", "stone_fruits"]));
    const onlyB2B = items.filter((item) => item.market_types.length === 1 && item.market_types[0]?.name === "B2B");
    expect(onlyB2B.length).toBeGreaterThan(0);
  });

  it("has 8 upsell products in 3 categories, in every language", async () => {
    const upsells = (await listProducts()).filter((product) => product.type === "marketplace_item");
    expect(upsells).toHaveLength(UPSELLS.length);
    expect(upsells).toHaveLength(8);
    const lastSegment = (path: string | null) => path?.split("/").at(-1);
    expect(new Set(upsells.map((product) => lastSegment(product.category_es)))).toEqual(
      new Set(["Aceites y vinagres", "Legumbres", "Huevos"]),
    );
    expect(upsells.every((product) => product.category_ca?.includes("/") && product.frequency === "once")).toBe(true);
    const rates = new Set(upsells.map((product) => product.tax_id?.amount_value));
    expect(rates).toEqual(new Set([0.04, 0.1]));
  });

  it("gives every product its own slug in each language", async () => {
    const all = await listProducts("?isActive=all");
    for (const field of ["slug_es", "slug_ca", "slug_pt"] as const) {
      const slugs = all.map((product) => product[field]);
      expect(new Set(slugs).size).toBe(slugs.length);
      expect(slugs.every((slug) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))).toBe(true);
    }
  });
});

describe("generic collection routes", () => {
  const expectations: [string, number][] = [
    ["categories", 3],
    ["reviews", REVIEWS.length],
    ["blog-posts", BLOG_POSTS.length],
    ["team-members", TEAM.length],
    ["farmers", FARMERS.length],
    ["newsroom-entries", NEWSROOM.length],
    ["legal-pages", 4],
    ["faqs", FAQS.length],
  ];

  it.each(expectations)("GET /%s lists the entries and /count counts them", async (collection, expected) => {
    const list = await getJson<ListBody<{ id: number; documentId: string }>>(`${app.api}/${collection}`);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(expected);
    expect(list.body.meta.pagination.total).toBe(expected);
    const count = await getJson(`${app.api}/${collection}/count`);
    expect(count.status).toBe(200);
    expect(count.body).toBe(expected);

    const first = list.body.data[0];
    for (const id of [String(first?.id), first?.documentId]) {
      const one = await getJson<{ data: { id: number } }>(`${app.api}/${collection}/${id}`);
      expect(one.status).toBe(200);
      expect(one.body.data.id).toBe(first?.id);
    }
  });

  it("populates pictures by default and honours filters", async () => {
    const team = await getJson<ListBody<{ photo: { url: string } | null }>>(`${app.api}/team-members`);
    expect(team.body.data.every((member) => member.photo?.url.endsWith(".svg"))).toBe(true);
    const legal = await getJson<ListBody<{ key: string; title_ca: string; body_pt: string }>>(
      `${app.api}/legal-pages?filters[key][$eq]=privacyPolicy`,
    );
    expect(legal.body.data).toHaveLength(1);
    expect(legal.body.data[0]?.title_ca).toBe("Política de privacitat");
    expect(legal.body.data[0]?.body_pt).toContain("RGPD");
  });

  it("lists this week's box contents for every box, never for a hidden product", async () => {
    const response = await getJson<
      ListBody<{ box: { name_es: string } | null; items: { name_es: string; name_ca: string }[] }>
    >(`${app.api}/box-contents?pagination[pageSize]=100`);
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(BOX_TYPES.length * 3 + SEASONAL_BOXES.length);
    expect(response.body.data.every((entry) => entry.box !== null && entry.items.length > 0)).toBe(true);
    expect(JSON.stringify(response.body)).not.toContain("Secreto");
    expect((await getJson(`${app.api}/box-contents/count`)).body).toBe(response.body.data.length);
    const populated = await getJson(`${app.api}/box-contents?populate=*&filters[items][name_es][$eq]=Secreto`);
    expect(populated.status).toBe(200);
    expect((populated.body as ListBody<unknown>).data).toEqual([]);
  });

  it("answers one week's box contents by id, never a hidden product's", async () => {
    const list = await getJson<ListBody<{ id: number; documentId: string }>>(`${app.api}/box-contents`);
    const first = list.body.data[0]!;
    for (const id of [String(first.id), first.documentId]) {
      const one = await getJson<{ data: { id: number } }>(`${app.api}/box-contents/${id}`);
      expect(one.status).toBe(200);
      expect(one.body.data.id).toBe(first.id);
    }
    for (const id of [String(hiddenBoxContents.id), hiddenBoxContents.documentId]) {
      expectErrorShape(await getJson(`${app.api}/box-contents/${id}`), 404);
    }
  });

  it("answers the impact figures staff keep in the admin panel", async () => {
    const response = await getJson<{ data: Record<string, unknown> }>(`${app.api}/impact-metric`);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id: expect.any(Number) });
  });

  it("says as of when the demo figures were counted (the end of last month) and how, in every language", async () => {
    const notes = toImpactNotes(impactMetricAnswerSchema.parse((await getJson(`${app.api}/impact-metric`)).body));
    const now = new Date();
    expect(notes.asOf).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10));
    expect(notes.method).toEqual(METRICS_METHOD);
  });

  it("keeps writes for staff: the public and customers get 403", async () => {
    const { user, password } = await createUser(app.strapi);
    const signIn = await postJson<{ jwt: string }>(`${app.api}/auth/local`, { identifier: user.email, password });
    expect(signIn.status).toBe(200);
    const asCustomer = { authorization: `Bearer ${signIn.body.jwt}` };
    const [product] = await listProducts();
    for (const headers of [{}, asCustomer]) {
      for (const collection of ["products", "reviews", "faqs"]) {
        expectErrorShape(await postJson(`${app.api}/${collection}`, { data: { name_es: "x" } }, headers), 403);
      }
      const put = await getJson(`${app.api}/products/${product?.documentId}`, {
        method: "PUT",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ data: { price: 0 } }),
      });
      expectErrorShape(put, 403);
      const del = await getJson(`${app.api}/products/${product?.documentId}`, { method: "DELETE", headers });
      expectErrorShape(del, 403);
    }
    // Customers read the catalogue too (every call carries their token).
    expect((await getJson(`${app.api}/products`, { headers: asCustomer })).status).toBe(200);
    expect(await app.strapi.db.query(CONTENT_TYPES.product).count({ where: { price: 0 } })).toBe(0);
  });

  it("grants public reads only on the catalogue and public content", async () => {
    const role = await app.strapi.db
      .query(CONTENT_TYPES.userRole)
      .findOne({ where: { type: "public" }, populate: ["permissions"] });
    const actions = (role as { permissions: { action: string }[] }).permissions.map((permission) => permission.action);
    for (const uid of PUBLIC_COLLECTIONS) {
      expect(actions).toEqual(expect.arrayContaining([`${uid}.find`, `${uid}.findOne`, `${uid}.count`]));
    }
    expect(actions.some((action) => /\.(create|update|delete)$/.test(action) && action.startsWith("api::"))).toBe(
      false,
    );
    expect(actions.some((action) => action.includes("contact-message") || action.includes("company-lead"))).toBe(false);
    for (const path of ["/contact-messages", "/company-leads", "/users", "/market-types", "/taxes"]) {
      const response = await getJson(`${app.api}${path}`);
      expect([403, 404]).toContain(response.status);
      expect(response.body).toMatchObject({ data: null, error: { status: response.status } });
    }
  });

  it("answers an unknown collection with a JSON 404", async () => {
    for (const path of ["/unknown-things", "/unknown-things/count", "/unknown-things/12"]) {
      const response = await getJson(`${app.api}${path}`);
      expectErrorShape(response, 404);
      expect(response.headers.get("content-type")).toContain("application/json");
    }
  });
});

describe("query-string limits (depth 5, arrays of 20, 1000 parameters)", () => {
  it("accepts a query at the limits", async () => {
    const contents = await createBoxContent(app.strapi, { box: testBox.documentId });
    try {
      const deep = await getJson<ListBody<unknown>>(
        `${app.api}/box-contents?filters[$and][0][box][SKU][$eq]=${testBox.SKU}`,
      );
      expect(deep.status).toBe(200);
      expect(deep.body.data).toHaveLength(1);
    } finally {
      await app.strapi.documents(CONTENT_TYPES.boxContent).delete({ documentId: contents.documentId });
    }
    const twenty = Array.from({ length: 20 }, (_, i) => `filters[SKU][$in][${i}]=X${i}`).join("&");
    expect((await getJson(`${app.api}/products?${twenty}`)).status).toBe(200);
  });

  it("answers 400, never 500, past them", async () => {
    const tooDeep = "filters[$and][0][$or][0][market_types][name][$eq]=B2B";
    const tooLong = Array.from({ length: 21 }, (_, i) => `filters[SKU][$in][]=X${i}`).join("&");
    const tooMany = Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join("&");
    const bigIndex = "filters[SKU][$in][500]=X";
    for (const query of [tooDeep, tooLong, tooMany, bigIndex]) {
      for (const path of ["/products", "/reviews", "/utils/reviews", "/nothing-here"]) {
        const response = await getJson(`${app.api}${path}?${query}`);
        const body = expectErrorShape(response, 400);
        expect(body.error.message).toMatch(/^Invalid query string/);
      }
    }
  });

  it("answers 400 for a malformed sort or pagination", async () => {
    expectErrorShape(await getJson(`${app.api}/products?sort=notAField:asc`), 400);
    expectErrorShape(await getJson(`${app.api}/reviews?sort=notAField:asc`), 400);
  });

  it("answers 400 for a filter value its field cannot hold", async () => {
    for (const query of [
      "/products?filters[price][$eq]=abc",
      "/reviews?filters[rating][$gt]=many",
      "/box-contents?filters[weekStart][$eq]=not-a-date",
    ]) {
      const body = expectErrorShape(await getJson(app.api + query), 400);
      expect(body.error.name, query).toBe("ValidationError");
    }
  });
});

describe("GET /utils/*", () => {
  it("answers the Catalan reviews by default, newest first, in the spec's shape", async () => {
    const response = await getJson<Record<string, unknown>[]>(`${app.api}/utils/reviews`);
    expect(response.status).toBe(200);
    const catalan = REVIEWS.filter((review) => review.language === "ca").sort((a, b) => a.daysAgo - b.daysAgo);
    expect(response.body.map((review) => review.authorName)).toEqual(catalan.map((review) => review.authorName));
    for (const review of response.body) {
      expect(Object.keys(review).sort()).toEqual(["authorName", "authorPhoto", "rating", "relativeTime", "text"]);
      expect(review.authorPhoto).toMatch(/^\/uploads\/.+\.svg$/);
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
    }
    expect(response.body[0]?.relativeTime).toBe("fa 3 dies");
    expect((await getJson(`${app.api}/utils/reviews?lang=ca`)).body).toEqual(response.body);
  });

  it("answers the reviews of another language with relative times in that language", async () => {
    const spanish = await getJson<{ authorName: string; relativeTime: string }[]>(`${app.api}/utils/reviews?lang=es`);
    expect(spanish.body.map((review) => review.authorName)).toEqual(["Lucía Martín", "Carlos Ruiz", "Elena Gómez"]);
    expect(spanish.body[0]?.relativeTime).toBe("hace 5 días");
    const portuguese = await getJson<{ relativeTime: string }[]>(`${app.api}/utils/reviews?lang=pt`);
    expect(portuguese.body).toHaveLength(2);
    expect(portuguese.body[0]?.relativeTime).toMatch(/semana/);
    const bad = expectErrorShape(await getJson(`${app.api}/utils/reviews?lang=fr`), 400);
    expect(bad.error.details).toMatchObject({ errors: [{ path: ["lang"] }] });
  });

  it("answers the Spanish blog posts by default as { title, imageUrl, link }", async () => {
    const response = await getJson<Record<string, unknown>[]>(`${app.api}/utils/posts-blog`);
    expect(response.status).toBe(200);
    expect(response.body.map((post) => post.title)).toEqual(BLOG_POSTS.map((post) => post.title));
    for (const post of response.body) {
      expect(Object.keys(post).sort()).toEqual(["imageUrl", "link", "title"]);
      expect(post.imageUrl).toMatch(/^\/uploads\/.+\.svg$/);
      expect(post.link).toBe(BLOG_POSTS.find((seeded) => seeded.title === post.title)?.link);
    }
    expect((await getJson(`${app.api}/utils/posts-blog?language=es`)).body).toEqual(response.body);
    expect((await getJson(`${app.api}/utils/posts-blog?language=ca`)).body).toEqual([]);
    expectErrorShape(await getJson(`${app.api}/utils/posts-blog?language=english`), 400);
  });

  it("links blog posts and press entries to the shop's own pages, never to a site that does not exist", async () => {
    const posts = (await getJson<{ link: string }[]>(`${app.api}/utils/posts-blog`)).body;
    const press = (await getJson<ListBody<{ link: string }>>(`${app.api}/newsroom-entries`)).body.data;
    const links = [...posts, ...press].map((entry) => entry.link);
    expect(links).toHaveLength(BLOG_POSTS.length + NEWSROOM.length);
    // Storefront paths: the e2e tests open each one.
    for (const link of links) expect(link).toMatch(/^\/[a-z]/);
    expect(new Set(posts.map((post) => post.link)).size).toBe(posts.length);
  });

  it("answers the impact metrics, each as { value }", async () => {
    const response = await getJson(`${app.api}/utils/metrics`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(Object.fromEntries(Object.entries(METRICS).map(([key, value]) => [key, { value }])));
  });
});

// What a product holds (500 ml, 12 units: docs/decisions/012) from the admin panel to the content API.
async function publicProducts(): Promise<PublicProduct[]> {
  const response = await getJson(`${app.api}/products?isActive=all`);
  expect(response.status).toBe(200);
  const { products: list, rejected } = parseProductList(response.body);
  expect(rejected).toEqual([]);
  return list;
}

const bySku = (list: PublicProduct[], sku: string) => list.find((product) => product.SKU === sku);

/** Staff editing a product in the admin panel go through the document service, with its validation. */
function staffUpdate(documentId: string, data: Record<string, unknown>) {
  return app.strapi.documents(CONTENT_TYPES.product as UID.ContentType).update({ documentId, data } as never);
}

describe("the measure of a product", () => {
  it("is sent for every demo complementary product, and for no produce", async () => {
    const list = await publicProducts();
    expect(bySku(list, "UPS-AOVE-500")).toMatchObject({ measureAmount: 500, measureUnit: "ml", weight: 500 });
    expect(bySku(list, "UPS-AOVE-2L")).toMatchObject({ measureAmount: 2, measureUnit: "l" });
    expect(bySku(list, "UPS-HUEVOS-12")).toMatchObject({ measureAmount: 12, measureUnit: "unit" });
    for (const upsell of UPSELLS) {
      expect(bySku(list, upsell.sku), upsell.sku).toMatchObject({
        measureAmount: upsell.measure.amount,
        measureUnit: upsell.measure.unit,
      });
    }
    const produce = list.filter((product) => product.type !== "marketplace_item");
    expect(produce.length).toBeGreaterThan(0);
    expect(produce.every((product) => product.measureAmount === null && product.measureUnit === null)).toBe(true);
  });

  it("is what staff set in the admin panel, and nothing while it is half filled", async () => {
    const product = await createProduct(app.strapi, { type: "marketplace_item", SKU: "TEST-MEASURE-HONEY" });
    await staffUpdate(product.documentId, { measureAmount: 0.75, measureUnit: "l" });
    expect(bySku(await publicProducts(), "TEST-MEASURE-HONEY")).toMatchObject({
      measureAmount: 0.75,
      measureUnit: "l",
    });

    await staffUpdate(product.documentId, { measureAmount: null, measureUnit: "l" });
    expect(bySku(await publicProducts(), "TEST-MEASURE-HONEY")).toMatchObject({
      measureAmount: null,
      measureUnit: null,
    });
  });

  it("refuses a unit the shop does not know", async () => {
    const product = await createProduct(app.strapi, { type: "marketplace_item", SKU: "TEST-MEASURE-OZ" });
    await expect(staffUpdate(product.documentId, { measureAmount: 16, measureUnit: "oz" })).rejects.toThrow();
    await expect(staffUpdate(product.documentId, { measureAmount: -1, measureUnit: "g" })).rejects.toThrow();
  });

  it("of demo products is filled once on start when missing, and never overwrites what staff set", async () => {
    const list = await publicProducts();
    const eggs = bySku(list, "UPS-HUEVOS-6");
    const oil = bySku(list, "UPS-AOVE-500");
    if (!eggs || !oil) throw new Error("the demo seed has no eggs or no oil");
    // A database seeded before products had a measure: nothing set. And staff correcting another one.
    await staffUpdate(eggs.documentId, { measureAmount: null, measureUnit: null });
    await staffUpdate(oil.documentId, { measureAmount: 0.5, measureUnit: "l" });

    expect(await fillDemoMeasures(app.strapi)).toBe(1);
    expect(await fillDemoMeasures(app.strapi)).toBe(0);
    const after = await publicProducts();
    expect(bySku(after, "UPS-HUEVOS-6")).toMatchObject({ measureAmount: 6, measureUnit: "unit" });
    expect(bySku(after, "UPS-AOVE-500")).toMatchObject({ measureAmount: 0.5, measureUnit: "l" });
  });
});

describe("seeding", () => {
  const counted = [
    CONTENT_TYPES.product,
    CONTENT_TYPES.tax,
    CONTENT_TYPES.marketType,
    CONTENT_TYPES.review,
    CONTENT_TYPES.boxContent,
    CONTENT_TYPES.uploadFile,
    CONTENT_TYPES.userPermission,
  ] as const;

  async function counts(): Promise<number[]> {
    return Promise.all(counted.map((uid) => app.strapi.db.query(uid).count({})));
  }

  it("adds nothing on a second bootstrap or a second call", { timeout: STRAPI_BOOT_TIMEOUT_MS }, async () => {
    const before = await counts();
    app = await app.restart();
    expect(await counts()).toEqual(before);
    expect(await seedDemoData(app.strapi, { enabled: true })).toBe("already-seeded");
    expect(await counts()).toEqual(before);
  });
});
