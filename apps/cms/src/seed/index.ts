import { Readable } from "node:stream";
import type { Core } from "@strapi/strapi";
import { LOCALES, slugify, type Locale } from "@shop/domain";
import { documents, type Entry } from "../catalogue/strapi-loose";
import { withStartupLock } from "../bootstrap/lock";
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
  NEWSROOM,
  PRODUCE_NAMES,
  REVIEWS,
  SEASONAL_BOXES,
  SIZES,
  TAXES,
  TEAM,
  UPSELLS,
  type Market,
  type SizeCode,
  type Texts,
} from "./data";

export type SeedOutcome = "disabled" | "seeded" | "already-seeded" | "existing-content";

const MARKER = { type: "core", name: "imperfecta", key: "demo-seed" } as const;

/** { name_es, name_ca, name_pt } from { es, ca, pt }. */
function perLanguage(field: string, texts: Texts): Record<string, string> {
  return Object.fromEntries(LOCALES.map((language) => [`${field}_${language}`, texts[language]]));
}

function mapTexts(texts: Texts, build: (text: string, language: Locale) => string): Texts {
  return { es: build(texts.es, "es"), ca: build(texts.ca, "ca"), pt: build(texts.pt, "pt") };
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function daysBefore(now: Date, days: number): string {
  return isoDay(new Date(now.getTime() - days * 86_400_000));
}

/** Monday of the week of `now` (UTC). */
export function weekStart(now: Date): string {
  const day = (now.getUTCDay() + 6) % 7;
  return isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day)));
}

function kilos(grams: number): string {
  const value = Math.max(0.25, Math.round(grams / 250) / 4);
  return `${value.toLocaleString("es-ES", { maximumFractionDigits: 2 })} kg`;
}

interface FileInfo extends Record<string, unknown> {
  url?: string;
}

interface UploadPluginServices {
  formatFileInfo(
    file: { filename: string; type: string; size: number },
    fileInfo: { name: string; alternativeText: string },
  ): Promise<FileInfo>;
}

interface ProviderService {
  upload(file: FileInfo & { getStream(): Readable }): Promise<void>;
}

/**
 * Puts a drawing in the media library through the upload plugin: its file-info service (name,
 * hash, folder), then the configured provider (local disk here, object storage in production),
 * then a file entry. The plugin's `upload()` would also run sharp over every file to check and
 * measure it; we drew the SVG, so we know it is sound and how big it is, and the seed stays fast.
 */
function createUploader(strapi: Core.Strapi) {
  const plugin = strapi.plugin("upload");
  const files = plugin.service("upload") as unknown as UploadPluginServices;
  const provider = plugin.service("provider") as unknown as ProviderService;
  const providerName = (strapi.config.get("plugin::upload") as { provider?: string } | undefined)?.provider ?? "local";
  return async (fileName: string, svg: string, alternativeText: string): Promise<number> => {
    const buffer = Buffer.from(svg, "utf8");
    const info = await files.formatFileInfo(
      { filename: fileName, type: "image/svg+xml", size: buffer.byteLength },
      { name: fileName, alternativeText },
    );
    const width = Number(/<svg[^>]* width="(\d+)"/.exec(svg)?.[1] ?? 0) || null;
    const height = Number(/<svg[^>]* height="(\d+)"/.exec(svg)?.[1] ?? 0) || null;
    const fileData = { ...info, width, height, provider: providerName, getStream: () => Readable.from(buffer) };
    await provider.upload(fileData);
    const { getStream: _getStream, ...data } = fileData;
    const file = (await strapi.db.query("plugin::upload.file").create({ data })) as { id: number };
    return file.id;
  };
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

/** Inserts the whole demo catalogue. Runs inside the startup lock's transaction. */
async function insertDemoData(strapi: Core.Strapi, now: Date): Promise<void> {
  {
    const upload = createUploader(strapi);
    const create = (uid: string, data: Record<string, unknown>): Promise<Entry> =>
      documents(strapi, uid).create({ data });

    const taxes = new Map<string, Entry>();
    for (const tax of TAXES) {
      taxes.set(tax.key, await create("api::tax.tax", { name: tax.name, amount_value: tax.amount_value }));
    }
    const markets = new Map<Market, Entry>();
    for (const name of ["B2B", "B2C"] as const)
      markets.set(name, await create("api::market-type.market-type", { name }));
    const labels = new Map<string, Entry>();
    for (const label of LABELS) {
      labels.set(
        label.key,
        await create("api::product-label.product-label", { key: label.key, ...perLanguage("name", label.name) }),
      );
    }
    let position = 0;
    for (const category of CATEGORIES) {
      await create("api::category.category", {
        ...perLanguage("name", category.name),
        ...perLanguage("slug", mapTexts(category.name, slugify)),
        position: ++position,
      });
    }

    const superreduced = taxes.get("superreduced")?.documentId;
    const marketIds = (list: readonly Market[]) => list.map((name) => markets.get(name)?.documentId);
    const labelIds = (keys: readonly string[]) => keys.map((key) => labels.get(key)?.documentId);
    const seo = (name: Texts, description: Texts) => ({
      ...perLanguage(
        "seotitle",
        mapTexts(name, (text) => `${text} | Imperfecta`),
      ),
      ...perLanguage("seodescription", description),
    });

    // Boxes: three types in three sizes, then the seasonal ones.
    const boxes: {
      entry: Entry;
      kinds: ProduceKind[];
      size: SizeCode;
      weight: number;
      special?: [ProduceKind, string][];
    }[] = [];
    position = 0;
    for (const type of BOX_TYPES) {
      for (const size of Object.keys(SIZES) as SizeCode[]) {
        const { weight, people } = SIZES[size];
        const name = mapTexts(type.name, (text) => `${text} ${size}`);
        const sku = `BOX-${type.key}-${size}`;
        const main = await upload(`${sku.toLowerCase()}.svg`, boxArt(type.kinds, size, sku), name.es);
        const detail = await upload(
          `${sku.toLowerCase()}-detalle.svg`,
          produceArt(type.kinds[0] ?? "apple", sku, 1),
          name.es,
        );
        const entry = await create("api::product.product", {
          type: "box",
          ...perLanguage("name", name),
          ...perLanguage("slug", mapTexts(name, slugify)),
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
          market_types: marketIds(["B2C", "B2B"]),
          product_labels: labelIds(["imperfecto", "temporada"]),
          price: type.prices[size],
          tax_id: superreduced,
          weight,
          boxType: size,
          itemType: type.itemType,
          isImperfectusProduct: true,
          SKU: sku,
          frequency: "once",
        });
        boxes.push({ entry, kinds: type.kinds, size, weight });
      }
    }
    for (const box of SEASONAL_BOXES) {
      const main = await upload(`${box.sku.toLowerCase()}.svg`, boxArt(box.kinds, box.size, box.sku), box.name.es);
      const detail = await upload(
        `${box.sku.toLowerCase()}-detalle.svg`,
        produceArt(box.kinds[0] ?? "orange", box.sku, 1),
        box.name.es,
      );
      const entry = await create("api::product.product", {
        type: "box",
        seasonal: true,
        ...perLanguage("name", box.name),
        ...perLanguage("slug", mapTexts(box.name, slugify)),
        ...perLanguage("description", box.description),
        ...perLanguage("content", box.description),
        ...seo(box.name, box.description),
        image: [main],
        gallery: [main, detail],
        position: 50 + ++position,
        market_types: marketIds(["B2C", "B2B"]),
        product_labels: labelIds(["temporada", "proximidad"]),
        price: box.price,
        tax_id: superreduced,
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
      boxes.push({ entry, kinds: box.kinds, size: box.size, weight: box.weight, special });
    }

    // Single fruit and vegetable items.
    position = 100;
    for (const item of ITEMS) {
      const main = await upload(`${item.sku.toLowerCase()}.svg`, produceArt(item.kind, item.sku, 0), item.name.es);
      const detail = await upload(
        `${item.sku.toLowerCase()}-detalle.svg`,
        produceArt(item.kind, item.sku, 1),
        item.name.es,
      );
      await create("api::product.product", {
        type: "item",
        ...perLanguage("name", item.name),
        ...perLanguage("slug", mapTexts(item.name, slugify)),
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
        market_types: marketIds(item.markets),
        product_labels: labelIds(item.labels),
        isActive: item.isActive ?? true,
        price: item.price,
        tax_id: superreduced,
        weight: item.weight,
        itemType: item.itemType,
        isImperfectusProduct: true,
        SKU: item.sku,
      });
    }

    // Complementary (upsell) products.
    position = 200;
    for (const upsell of UPSELLS) {
      const category = CATEGORIES.find((each) => each.key === upsell.category);
      const main = await upload(`${upsell.sku.toLowerCase()}.svg`, pantryArt(upsell.kind, upsell.sku), upsell.name.es);
      await create("api::product.product", {
        type: "marketplace_item",
        ...perLanguage("name", upsell.name),
        ...perLanguage("slug", mapTexts(upsell.name, slugify)),
        ...perLanguage("description", upsell.description),
        ...perLanguage("content", upsell.description),
        ...seo(upsell.name, upsell.description),
        ...(category ? perLanguage("category", category.path) : {}),
        image: [main],
        gallery: [main],
        position: ++position,
        market_types: marketIds(upsell.markets),
        price: upsell.price,
        tax_id: taxes.get(upsell.tax)?.documentId,
        weight: upsell.weight,
        isImperfectusProduct: false,
        SKU: upsell.sku,
        frequency: "once",
      });
    }

    // What is in each box this week.
    const monday = weekStart(now);
    for (const box of boxes) {
      const lines: [ProduceKind, string][] =
        box.special ??
        box.kinds
          .slice(0, { S: 5, IM: 7, XL: 9 }[box.size])
          .map((kind, index, list) => [kind, kilos((box.weight / list.length) * (index % 2 === 0 ? 1.1 : 0.9))]);
      await create("api::box-content.box-content", {
        box: box.entry.documentId,
        weekStart: monday,
        items: lines.map(([kind, quantity]) => ({ ...perLanguage("name", PRODUCE_NAMES[kind]), quantity })),
        ...perLanguage("note", BOX_NOTE),
      });
    }

    for (const review of REVIEWS) {
      const photo = await upload(
        `resena-${slugify(review.authorName)}.svg`,
        portraitArt(review.authorName),
        review.authorName,
      );
      await create("api::review.review", {
        authorName: review.authorName,
        authorPhoto: photo,
        rating: review.rating,
        text: review.text,
        language: review.language,
        reviewedAt: daysBefore(now, review.daysAgo),
      });
    }
    for (const post of BLOG_POSTS) {
      const image = await upload(`blog-${post.slug}.svg`, coverArt(post.kinds, post.slug), post.title);
      await create("api::blog-post.blog-post", {
        title: post.title,
        image,
        link: `https://blog.imperfecta.example/${post.slug}`,
        language: "es",
        date: daysBefore(now, post.daysAgo),
      });
    }
    await create("api::impact-metric.impact-metric", { ...METRICS });

    position = 0;
    for (const person of TEAM) {
      const photo = await upload(
        `equipo-${slugify(person.name)}.svg`,
        portraitArt(person.name, { longHair: person.longHair }),
        person.name,
      );
      await create("api::team-member.team-member", {
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
        `agricultor-${slugify(farmer.name)}.svg`,
        portraitArt(farmer.name, { hat: true }),
        farmer.name,
      );
      await create("api::farmer.farmer", {
        name: farmer.name,
        farm: farmer.farm,
        region: farmer.region,
        ...perLanguage("story", farmer.story),
        photo,
        position: ++position,
      });
    }
    for (const news of NEWSROOM) {
      await create("api::newsroom-entry.newsroom-entry", {
        ...perLanguage("title", news.title),
        outlet: news.outlet,
        date: daysBefore(now, news.daysAgo),
        link: news.link,
        ...perLanguage("summary", news.summary),
      });
    }
    for (const page of LEGAL_PAGES) {
      await create("api::legal-page.legal-page", {
        key: page.key,
        ...perLanguage("title", page.title),
        ...perLanguage("body", page.body),
      });
    }
    position = 0;
    for (const faq of FAQS) {
      await create("api::faq.faq", {
        ...perLanguage("question", faq.question),
        ...perLanguage("answer", faq.answer),
        position: ++position,
      });
    }
  }
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
      const products = await strapi.db.query("api::product.product").count({});
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
