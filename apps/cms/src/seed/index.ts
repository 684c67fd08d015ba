import type { Core } from "@strapi/strapi";
import { LOCALES, sizeOf, slugify, type Locale } from "@shop/domain";
import { documents } from "../database/documents";
import { withStartupLock } from "../bootstrap/lock";
import {
  createBoxContent,
  createCategory,
  createProduct,
  createProductLabel,
  createTax,
  ensureMarketType,
  weekStart,
} from "../factories/catalogue";
import { createSvgFile } from "../factories/media";
import { saveShopSettings } from "../factories/shop-settings";
import { boxArt, coverArt, pantryArt, portraitArt, produceArt, type ProduceKind } from "./art";
import {
  BLOG_POSTS,
  BOX_TYPES,
  CATEGORIES,
  FAQS,
  FARMERS,
  ITEMS,
  LABELS,
  LEGAL_PAGES,
  METRICS,
  METRICS_METHOD,
  NEWSROOM,
  PRODUCE_NAMES,
  REVIEWS,
  SEASONAL_BOXES,
  SHOP_SETTINGS,
  SIZES,
  TAXES,
  TEAM,
  UPSELLS,
  type LabelKey,
  type Market,
  type SizeCode,
  type TaxKey,
  type Texts,
} from "./data";
import { CONTENT_TYPES } from "../content-types";

export type SeedOutcome = "disabled" | "seeded" | "already-seeded" | "existing-content";

const MARKER = { type: "core", name: "imperfecta", key: "demo-seed" } as const;

/** { name_es, name_ca, name_pt } from { es, ca, pt }. */
function perLanguage<Field extends string>(field: Field, texts: Texts): Record<`${Field}_${Locale}`, string> {
  return Object.fromEntries(LOCALES.map((language) => [`${field}_${language}`, texts[language]])) as Record<
    `${Field}_${Locale}`,
    string
  >;
}

function mapTexts(texts: Texts, build: (text: string, language: Locale) => string): Texts {
  return { es: build(texts.es, "es"), ca: build(texts.ca, "ca"), pt: build(texts.pt, "pt") };
}

function daysBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

function kilos(grams: number): string {
  const value = Math.max(0.25, Math.round(grams / 250) / 4);
  return `${value.toLocaleString("es-ES", { maximumFractionDigits: 2 })} kg`;
}

const CONTENT_HEADINGS = {
  es: {
    origin: "Origen",
    why: "¿Por qué es imperfecto?",
    whyText: "Por su forma, su tamaño o pequeñas marcas en la piel. Nada que cambie su sabor ni sus propiedades.",
  },
  ca: {
    origin: "Origen",
    why: "Per què és imperfecte?",
    whyText: "Per la forma, la mida o petites marques a la pell. Res que en canviï el gust ni les propietats.",
  },
  pt: {
    origin: "Origem",
    why: "Porque é imperfeito?",
    whyText: "Pela forma, pelo tamanho ou por pequenas marcas na casca. Nada que mude o sabor ou as propriedades.",
  },
} as const;

const BOX_CONTENT = {
  es: (people: string, weight: string) =>
    `- Para ${people}\n- Unos ${weight} de producto de temporada\n- Entrega semanal, quincenal o un solo pedido\n\nEl contenido cambia cada semana según la cosecha: consúltalo en «Qué hay en la caja».`,
  ca: (people: string, weight: string) =>
    `- Per a ${people}\n- Uns ${weight} de producte de temporada\n- Lliurament setmanal, quinzenal o una sola comanda\n\nEl contingut canvia cada setmana segons la collita: consulta'l a «Què hi ha a la caixa».`,
  pt: (people: string, weight: string) =>
    `- Para ${people}\n- Cerca de ${weight} de produto da época\n- Entrega semanal, quinzenal ou uma só encomenda\n\nO conteúdo muda todas as semanas conforme a colheita: consulte-o em «O que há na caixa».`,
} as const;

const BOX_NOTE: Texts = {
  es: "Contenido orientativo: puede variar según la cosecha de la semana.",
  ca: "Contingut orientatiu: pot variar segons la collita de la setmana.",
  pt: "Conteúdo indicativo: pode variar conforme a colheita da semana.",
};

/** A drawing in the media library; its id, for a media field. */
function upload(strapi: Core.Strapi, fileName: string, svg: string, alternativeText: string): Promise<number> {
  return createSvgFile(strapi, { fileName, svg, alternativeText });
}

/** The seed's taxes, market types and labels, by key, as the documentIds products point to. */
interface Taxonomy {
  taxes: Record<TaxKey, string>;
  markets(list: readonly Market[]): string[];
  labels(keys: readonly LabelKey[]): string[];
}

async function insertTaxonomy(strapi: Core.Strapi): Promise<Taxonomy> {
  const taxes = {} as Record<TaxKey, string>;
  for (const tax of TAXES) {
    taxes[tax.key] = (await createTax(strapi, { name: tax.name, amount_value: tax.amount_value })).documentId;
  }
  const markets = {} as Record<Market, string>;
  for (const name of ["B2B", "B2C"] as const) markets[name] = (await ensureMarketType(strapi, name)).documentId;
  const labels = {} as Record<LabelKey, string>;
  for (const label of LABELS) {
    labels[label.key] = (
      await createProductLabel(strapi, { key: label.key, ...perLanguage("name", label.name) })
    ).documentId;
  }
  let position = 0;
  for (const category of CATEGORIES) {
    await createCategory(strapi, { ...perLanguage("name", category.name), position: ++position });
  }
  return {
    taxes,
    markets: (list) => list.map((name) => markets[name]),
    labels: (keys) => keys.map((key) => labels[key]),
  };
}

function seo(name: Texts, description: Texts) {
  return {
    ...perLanguage(
      "seotitle",
      mapTexts(name, (text) => `${text} | Imperfecta`),
    ),
    ...perLanguage("seodescription", description),
  };
}

/** A box product, with the produce its weekly contents list. */
interface SeededBox {
  documentId: string;
  kinds: ProduceKind[];
  size: SizeCode;
  weight: number;
  special?: [ProduceKind, string][];
}

/** Boxes: three types in three sizes, then the seasonal ones. */
async function insertBoxes(strapi: Core.Strapi, taxonomy: Taxonomy): Promise<SeededBox[]> {
  const boxes: SeededBox[] = [];
  let position = 0;
  for (const type of BOX_TYPES) {
    for (const size of Object.keys(SIZES) as SizeCode[]) {
      const { weight, people } = SIZES[size];
      // Customers read M, not the specification's code IM, in names and slugs as on the badges.
      const name = mapTexts(type.name, (text) => `${text} ${sizeOf(size)?.badge ?? size}`);
      const sku = `BOX-${type.key}-${size}`;
      const main = await upload(strapi, `${sku.toLowerCase()}.svg`, boxArt(type.kinds, size, sku), name.es);
      const detail = await upload(
        strapi,
        `${sku.toLowerCase()}-detalle.svg`,
        produceArt(type.kinds[0] ?? "apple", sku, 1),
        name.es,
      );
      const entry = await createProduct(strapi, {
        type: "box",
        ...perLanguage("name", name),
        ...perLanguage("description", type.description),
        ...perLanguage(
          "content",
          mapTexts(
            type.description,
            (text, language) => `${text}\n\n${BOX_CONTENT[language](people[language], kilos(weight))}`,
          ),
        ),
        ...seo(name, type.description),
        image: [main],
        gallery: [main, detail],
        position: ++position,
        market_types: taxonomy.markets(["B2C", "B2B"]),
        product_labels: taxonomy.labels(["imperfecto", "temporada"]),
        price: type.prices[size],
        tax_id: taxonomy.taxes.superreduced,
        weight,
        boxType: size,
        itemType: type.itemType,
        isImperfectusProduct: true,
        SKU: sku,
        frequency: "once",
      });
      boxes.push({ documentId: entry.documentId, kinds: type.kinds, size, weight });
    }
  }
  for (const box of SEASONAL_BOXES) {
    const main = await upload(
      strapi,
      `${box.sku.toLowerCase()}.svg`,
      boxArt(box.kinds, box.size, box.sku),
      box.name.es,
    );
    const detail = await upload(
      strapi,
      `${box.sku.toLowerCase()}-detalle.svg`,
      produceArt(box.kinds[0] ?? "orange", box.sku, 1),
      box.name.es,
    );
    const entry = await createProduct(strapi, {
      type: "box",
      seasonal: true,
      saleFrom: box.saleFrom,
      saleUntil: box.saleUntil,
      ...perLanguage("name", box.name),
      ...perLanguage("description", box.description),
      ...perLanguage("content", box.description),
      ...seo(box.name, box.description),
      image: [main],
      gallery: [main, detail],
      position: 50 + ++position,
      market_types: taxonomy.markets(["B2C", "B2B"]),
      product_labels: taxonomy.labels(["temporada", "proximidad"]),
      price: box.price,
      tax_id: taxonomy.taxes.superreduced,
      weight: box.weight,
      boxType: box.size,
      itemType: box.itemType,
      isImperfectusProduct: true,
      SKU: box.sku,
    });
    const special: [ProduceKind, string][] =
      box.sku === "SEA-CALSOT-50U"
        ? [
            ["calsot", "50 u."],
            ["tomato", "1,5 kg"],
            ["onion", "1 kg"],
          ]
        : [
            ["orange", "10 kg"],
            ["mandarin", "5 kg"],
          ];
    boxes.push({ documentId: entry.documentId, kinds: box.kinds, size: box.size, weight: box.weight, special });
  }
  return boxes;
}

/** Single fruit and vegetable items. */
async function insertItems(strapi: Core.Strapi, taxonomy: Taxonomy): Promise<void> {
  let position = 100;
  for (const item of ITEMS) {
    const main = await upload(
      strapi,
      `${item.sku.toLowerCase()}.svg`,
      produceArt(item.kind, item.sku, 0),
      item.name.es,
    );
    const detail = await upload(
      strapi,
      `${item.sku.toLowerCase()}-detalle.svg`,
      produceArt(item.kind, item.sku, 1),
      item.name.es,
    );
    await createProduct(strapi, {
      type: "item",
      ...perLanguage("name", item.name),
      ...perLanguage("description", item.description),
      ...perLanguage(
        "content",
        mapTexts(item.description, (text, language) => {
          const heading = CONTENT_HEADINGS[language];
          return `${text}\n\n**${heading.origin}:** ${item.origin}.\n\n### ${heading.why}\n\n${heading.whyText}`;
        }),
      ),
      ...seo(item.name, item.description),
      image: [main],
      gallery: [main, detail],
      position: ++position,
      market_types: taxonomy.markets(item.markets),
      product_labels: taxonomy.labels(item.labels),
      isActive: item.isActive ?? true,
      price: item.price,
      tax_id: taxonomy.taxes.superreduced,
      weight: item.weight,
      itemType: item.itemType,
      isImperfectusProduct: true,
      SKU: item.sku,
    });
  }
}

/** Complementary (upsell) products. */
async function insertUpsells(strapi: Core.Strapi, taxonomy: Taxonomy): Promise<void> {
  let position = 200;
  for (const upsell of UPSELLS) {
    const category = CATEGORIES.find((each) => each.key === upsell.category);
    const main = await upload(
      strapi,
      `${upsell.sku.toLowerCase()}.svg`,
      pantryArt(upsell.kind, upsell.sku),
      upsell.name.es,
    );
    await createProduct(strapi, {
      type: "marketplace_item",
      ...perLanguage("name", upsell.name),
      ...perLanguage("description", upsell.description),
      ...perLanguage("content", upsell.description),
      ...seo(upsell.name, upsell.description),
      ...(category ? perLanguage("category", category.path) : {}),
      image: [main],
      gallery: [main],
      position: ++position,
      market_types: taxonomy.markets(upsell.markets),
      price: upsell.price,
      tax_id: taxonomy.taxes[upsell.tax],
      weight: upsell.weight,
      isImperfectusProduct: false,
      SKU: upsell.sku,
      frequency: "once",
    });
  }
}

/** What is in each box this week. */
async function insertBoxContents(strapi: Core.Strapi, boxes: SeededBox[], now: Date): Promise<void> {
  const monday = weekStart(now);
  for (const box of boxes) {
    const lines: [ProduceKind, string][] =
      box.special ??
      box.kinds
        .slice(0, { S: 5, IM: 7, XL: 9 }[box.size])
        .map((kind, index, list) => [kind, kilos((box.weight / list.length) * (index % 2 === 0 ? 1.1 : 0.9))]);
    await createBoxContent(strapi, {
      box: box.documentId,
      weekStart: monday,
      items: lines.map(([kind, quantity]) => ({ ...perLanguage("name", PRODUCE_NAMES[kind]), quantity })),
      ...perLanguage("note", BOX_NOTE),
    });
  }
}

/** Reviews, blog posts and the impact figures: what the home page shows besides products. */
async function insertHomeContent(strapi: Core.Strapi, now: Date): Promise<void> {
  const create = (uid: string, data: Record<string, unknown>) => documents(strapi, uid).create({ data });
  for (const review of REVIEWS) {
    const photo = await upload(
      strapi,
      `resena-${slugify(review.authorName)}.svg`,
      portraitArt(review.authorName),
      review.authorName,
    );
    await create(CONTENT_TYPES.review, {
      authorName: review.authorName,
      authorPhoto: photo,
      rating: review.rating,
      text: review.text,
      language: review.language,
      reviewedAt: daysBefore(now, review.daysAgo),
    });
  }
  for (const post of BLOG_POSTS) {
    const image = await upload(strapi, `blog-${post.slug}.svg`, coverArt(post.kinds, post.slug), post.title);
    await create(CONTENT_TYPES.blogPost, {
      title: post.title,
      image,
      link: post.link,
      language: "es",
      date: daysBefore(now, post.daysAgo),
    });
  }
  // Staff update the figures monthly: the demo's were counted up to the end of last month.
  const endOfLastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
  await create(CONTENT_TYPES.impactMetric, {
    ...METRICS,
    asOf: endOfLastMonth,
    ...perLanguage("method", METRICS_METHOD),
  });
}

/** Team, farmers, newsroom, legal pages and FAQs. */
async function insertAboutContent(strapi: Core.Strapi, now: Date): Promise<void> {
  const create = (uid: string, data: Record<string, unknown>) => documents(strapi, uid).create({ data });
  let position = 0;
  for (const person of TEAM) {
    const photo = await upload(
      strapi,
      `equipo-${slugify(person.name)}.svg`,
      portraitArt(person.name, { longHair: person.longHair }),
      person.name,
    );
    await create(CONTENT_TYPES.teamMember, {
      name: person.name,
      ...perLanguage("role", person.role),
      ...perLanguage("bio", person.bio),
      photo,
      position: ++position,
    });
  }
  position = 0;
  for (const farmer of FARMERS) {
    const photo = await upload(
      strapi,
      `agricultor-${slugify(farmer.name)}.svg`,
      portraitArt(farmer.name, { hat: true }),
      farmer.name,
    );
    await create(CONTENT_TYPES.farmer, {
      name: farmer.name,
      farm: farmer.farm,
      region: farmer.region,
      ...perLanguage("story", farmer.story),
      photo,
      position: ++position,
    });
  }
  for (const news of NEWSROOM) {
    await create(CONTENT_TYPES.newsroomEntry, {
      ...perLanguage("title", news.title),
      outlet: news.outlet,
      date: daysBefore(now, news.daysAgo),
      link: news.link,
      ...perLanguage("summary", news.summary),
    });
  }
  for (const page of LEGAL_PAGES) {
    await create(CONTENT_TYPES.legalPage, {
      key: page.key,
      ...perLanguage("title", page.title),
      ...perLanguage("body", page.body),
    });
  }
  position = 0;
  for (const faq of FAQS) {
    await create(CONTENT_TYPES.faq, {
      ...(faq.key ? { key: faq.key } : {}),
      ...perLanguage("question", faq.question),
      ...perLanguage("answer", faq.answer),
      position: ++position,
    });
  }
}

/**
 * Inserts the whole demo catalogue. Runs inside the startup lock's transaction. The order is the
 * order of the records' ids (and the media library's), as it has always been.
 */
async function insertDemoData(strapi: Core.Strapi, now: Date): Promise<void> {
  const taxonomy = await insertTaxonomy(strapi);
  const boxes = await insertBoxes(strapi, taxonomy);
  await insertItems(strapi, taxonomy);
  await insertUpsells(strapi, taxonomy);
  await insertBoxContents(strapi, boxes, now);
  await insertHomeContent(strapi, now);
  await insertAboutContent(strapi, now);
  await saveShopSettings(strapi, SHOP_SETTINGS);
}

interface StoreApi {
  get(params: { type: string; name: string; key: string }): Promise<unknown>;
  set(params: { type: string; name: string; key: string; value: unknown }): Promise<void>;
}

/**
 * Seeds the demo catalogue once per database: on the first start (no marker, no products), inside
 * the startup lock so that two instances booting together seed once. Staff deleting demo products
 * later does not bring them back: the marker stays.
 */
export async function seedDemoData(
  strapi: Core.Strapi,
  options: { enabled: boolean; now?: Date },
): Promise<SeedOutcome> {
  if (!options.enabled) return "disabled";
  const store = strapi.store as unknown as StoreApi;
  const started = Date.now();
  let outcome: SeedOutcome;
  try {
    outcome = await withStartupLock(strapi, "imperfecta:demo-seed", async (): Promise<SeedOutcome> => {
      if (await store.get(MARKER)) return "already-seeded";
      const products = await strapi.db.query(CONTENT_TYPES.product).count({});
      if (products === 0) await insertDemoData(strapi, options.now ?? new Date());
      await store.set({ ...MARKER, value: { seededAt: new Date().toISOString(), inserted: products === 0 } });
      return products === 0 ? "seeded" : "existing-content";
    });
  } catch (error) {
    // SQLite: another process held the write lock past the busy timeout while seeding. Its work counts.
    if (await store.get(MARKER)) return "already-seeded";
    throw error;
  }
  if (outcome === "seeded") strapi.log.info(`Demo catalogue seeded in ${Date.now() - started} ms.`);
  return outcome;
}
