import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { LOCALES, pathTo, type Locale } from "@shop/routing";
import { format, messagesFor } from "../apps/storefront/app/i18n";
import { hydrated, useBrowserSession } from "./support/browser";
import { consumerBox, fetchTranslatedProducts, type TranslatedProduct } from "./support/catalogue";

const base = inject("storefrontUrl");
const cmsUrl = inject("cmsUrl");

let products: TranslatedProduct[] = [];
const session = useBrowserSession(base, { shareContext: true });

beforeAll(async () => {
  products = await fetchTranslatedProducts(cmsUrl);
});

const box = () => consumerBox(products);

describe("catalogue pages", () => {
  it.each(LOCALES)("shows the boxes with prices on the home page (%s)", async (locale) => {
    await session.page.goto(pathTo("home", locale));
    const grid = session.page
      .getByRole("heading", { name: messagesFor(locale).home.boxesHeading })
      .locator("xpath=../..");
    const cards = grid.getByRole("listitem");
    expect(await cards.count()).toBeGreaterThan(0);
    await expect.poll(() => cards.first().textContent()).toMatch(/\d+,\d{2}\s?€/);
  });

  it.each(LOCALES)("lists the boxes and opens a product in the page's language (%s)", async (locale) => {
    const product = box();
    await session.page.goto(pathTo("boxes", locale));
    const name = product[`name_${locale}`];
    await session.page
      .getByRole("link", { name: new RegExp(name) })
      .first()
      .click();
    await session.page.waitForURL(`**${pathTo("product", locale, { slug: product[`slug_${locale}`] })}`);
    await expect.poll(() => session.page.getByRole("heading", { level: 1 }).textContent()).toBe(name);
  });

  it("redirects a product slug of another language to this language's slug", async () => {
    const product = box();
    const response = await fetch(base + pathTo("product", "ca", { slug: product.slug_es }), { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(pathTo("product", "ca", { slug: product.slug_ca }));
  });

  it("keeps the same product when switching language", async () => {
    const product = box();
    await session.page.setViewportSize({ width: 1280, height: 800 });
    await session.page.goto(pathTo("product", "es", { slug: product.slug_es }));
    await session.page.getByRole("link", { name: "Português" }).first().click();
    await session.page.waitForURL(`**${pathTo("product", "pt", { slug: product.slug_pt })}`);
    await expect.poll(() => session.page.getByRole("heading", { level: 1 }).textContent()).toBe(product.name_pt);
  });

  it("lists every product in the sitemap in three languages", async () => {
    const product = box();
    const xml = await (await fetch(`${base}/sitemap.xml`)).text();
    for (const locale of LOCALES) {
      expect(xml).toContain(`<loc>${base}${pathTo("product", locale, { slug: product[`slug_${locale}`] })}</loc>`);
    }
    expect(xml).toContain(`hreflang="pt-PT" href="${base}${pathTo("product", "pt", { slug: product.slug_pt })}"`);
  });

  it("serves product pictures through the image proxy at densities 1 and 2", async () => {
    const product = box();
    await session.page.goto(pathTo("product", "es", { slug: product.slug_es }));
    const image = session.page.getByRole("button", { name: /Ampliar imagen 1/ }).locator("img");
    const srcset = (await image.getAttribute("srcset")) ?? "";
    expect(srcset).toMatch(/\/img\?src=%2Fuploads%2F.*dpr=1 1x, .*dpr=2 2x/);
    expect(await image.getAttribute("width")).toBeTruthy();
    const response = await fetch(base + (await image.getAttribute("src")), {
      headers: { Accept: "image/avif,image/webp" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/avif");
  });

  it.each(LOCALES)("shows the offer for companies, items sold only to them included (%s)", async (locale) => {
    const onlyForCompanies = products.find(
      (product) =>
        product.type === "item" && product.isActive && product.market_types.every((market) => market.name === "B2B"),
    );
    if (!onlyForCompanies) throw new Error("The demo catalogue has no item sold only to companies");
    await session.page.goto(pathTo("companies", locale));
    await expect
      .poll(() => session.page.getByRole("heading", { name: onlyForCompanies[`name_${locale}`] }).count())
      .toBe(1);
  });

  it.each(LOCALES)("answers common questions on the contact page (%s)", async (locale) => {
    const body = (await (await fetch(`${cmsUrl}/api/faqs?sort=position:asc`)).json()) as {
      data: Record<string, string>[];
    };
    const faq = body.data[0]!;
    await session.page.goto(pathTo("contact", locale));
    // The question's own summary, and the answer exactly: another answer may name this question.
    const answer = session.page.getByText(faq[`answer_${locale}`]!, { exact: true });
    expect(await answer.isVisible()).toBe(false);
    await session.page.locator("summary", { hasText: faq[`question_${locale}`]! }).click();
    await expect.poll(() => answer.isVisible()).toBe(true);
  });

  it.each(LOCALES)("filters complementary products by category (%s)", async (locale) => {
    const categoryOf = (product: TranslatedProduct) => product[`category_${locale}`]?.split("/").pop()?.trim();
    const upsells = products.filter((product) => product.type === "marketplace_item" && product.isActive);
    const upsell = upsells.find((product) => categoryOf(product));
    if (!upsell) throw new Error("The demo catalogue has no complementary product with a category");
    const category = categoryOf(upsell)!;
    await session.page.goto(pathTo("complementaryProducts", locale));
    const cards = session.page.locator("main ul li h2");
    await expect.poll(() => cards.count()).toBe(upsells.length);
    await session.page
      .getByRole("navigation", { name: messagesFor(locale).catalogue.categories })
      .getByRole("link", { name: category, exact: true })
      .click();
    await session.page.waitForURL((url) => url.pathname.startsWith(pathTo("complementaryProducts", locale) + "/"));
    const expected = upsells.filter((product) => categoryOf(product) === category);
    await expect.poll(() => cards.count()).toBe(expected.length);
    expect(expected.length).toBeLessThan(upsells.length);
    await expect.poll(() => session.page.getByText(upsell[`name_${locale}`]).count()).toBeGreaterThan(0);
  });
});

/**
 * The pointer and touch gestures and a viewer that cannot be downloaded work the same in every
 * language (they read no text of the page's): each is tried in one, the languages taking turns. The
 * keyboard, the buttons and the counter, which speak the page's language, are tried in all three.
 */
const TRIED_ONCE_IN: Record<"swipe" | "failedDownload" | "pinch", Locale> = {
  swipe: "es",
  failedDownload: "ca",
  pinch: "pt",
};

describe.each(LOCALES)("the lightbox (%s)", (locale) => {
  const text = messagesFor(locale).lightbox;
  /** The counter, "2 de 5", followed by the picture's title. */
  const position = (number: number, total: number) =>
    new RegExp(`^${format(text.position, { number, total }).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( ·|$)`);

  /** Opens the first picture of a box's gallery; answers the dialog and the number of pictures. */
  async function openGallery() {
    const product = box();
    await session.page.goto(pathTo("product", locale, { slug: product[`slug_${locale}`] }));
    await hydrated(session.page);
    const gallery = session.page.getByRole("region", { name: messagesFor(locale).product.gallery });
    const total = await gallery.getByRole("button").count();
    await gallery.getByRole("button", { name: format(text.open, { number: 1, total }) }).click();
    const dialog = session.page.getByRole("dialog", { name: text.dialog });
    await dialog.waitFor();
    const picture = dialog.locator("img");
    // Shown, not only downloaded: the picture is hidden until the viewer has fitted it to the screen
    // (its load handler), and a scale read before that is the unfitted 1.
    await expect.poll(() => picture.isVisible(), { timeout: 20_000 }).toBe(true);
    return { dialog, picture, total };
  }

  it("zooms, rotates, pages without looping and closes by keyboard", async () => {
    const { dialog, picture, total } = await openGallery();
    expect(total).toBeGreaterThan(1);
    const before = Number(await picture.getAttribute("data-scale"));
    await session.page.keyboard.press("+");
    await expect.poll(async () => Number(await picture.getAttribute("data-scale"))).toBeCloseTo(before + 0.12, 3);
    await session.page.keyboard.press("r");
    await expect.poll(() => picture.getAttribute("data-rotation")).toBe("90");
    await session.page.keyboard.press("ArrowLeft");
    await expect.poll(() => dialog.getByText(position(1, total)).count()).toBe(1);
    for (let number = 2; number <= total; number += 1) {
      await session.page.keyboard.press("ArrowRight");
      await expect.poll(() => dialog.getByText(position(number, total)).count()).toBe(1);
    }
    await session.page.keyboard.press("ArrowRight");
    await expect.poll(() => dialog.getByText(position(total, total)).count()).toBe(1);
    await session.page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
  });

  if (TRIED_ONCE_IN.swipe === locale) {
    it("swipes to the next picture with the pointer and zooms with the wheel", async () => {
      const { dialog, picture, total } = await openGallery();
      await session.page.mouse.move(250, 420);
      await session.page.mouse.down();
      await session.page.mouse.move(120, 420, { steps: 5 });
      await session.page.mouse.up();
      await expect.poll(() => dialog.getByText(position(2, total)).count()).toBe(1);
      await expect.poll(() => picture.isVisible(), { timeout: 20_000 }).toBe(true);
      const before = Number(await picture.getAttribute("data-scale"));
      await session.page.mouse.wheel(0, -100);
      await expect.poll(async () => Number(await picture.getAttribute("data-scale"))).toBeGreaterThan(before);
      expect(await dialog.getByRole("button", { name: text.next }).isDisabled()).toBe(total === 2);
    });
  }

  if (TRIED_ONCE_IN.failedDownload === locale) {
    it("keeps the product page when the viewer cannot be downloaded, and opens it on the next try", async () => {
      let blocked = true;
      session.expectConsoleError(/Failed to fetch dynamically imported module/);
      await session.page.route(/\/assets\/lightbox-[^/]+\.js$/, (route) =>
        blocked ? route.fulfill({ status: 404, body: "" }) : route.continue(),
      );
      const product = box();
      // The page's browser behaviours run once their first build check goes out (client-behaviours.e2e).
      const settled = () => session.page.waitForRequest(/\/builds\/latest\.json/);
      const firstCheck = settled();
      await session.page.goto(pathTo("product", locale, { slug: product[`slug_${locale}`] }));
      await firstCheck;
      const gallery = session.page.getByRole("region", { name: messagesFor(locale).product.gallery });
      const total = await gallery.getByRole("button").count();
      const first = gallery.getByRole("button", { name: format(text.open, { number: 1, total }) });
      // The first failure reloads the page (a new build may have replaced the chunk); the next one,
      // within 10 s, leaves the page as it is.
      const reloaded = session.page.waitForEvent("load");
      const checkAgain = settled();
      await first.click();
      await reloaded;
      await checkAgain;
      await first.click();
      await expect.poll(() => first.isVisible()).toBe(true);
      expect(await session.page.getByRole("dialog").count()).toBe(0);
      expect(await session.page.getByRole("heading", { level: 1 }).textContent()).toBe(product[`name_${locale}`]);
      blocked = false;
      await first.click();
      await session.page.getByRole("dialog", { name: text.dialog }).waitFor();
    });
  }

  if (TRIED_ONCE_IN.pinch === locale) {
    it("zooms with a two-finger pinch", async () => {
      const { picture } = await openGallery();
      const before = Number(await picture.getAttribute("data-scale"));
      const cdp = await session.context.newCDPSession(session.page);
      await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 2 });
      const fingers = (apart: number) => [
        { x: 195 - apart / 2, y: 420, id: 1 },
        { x: 195 + apart / 2, y: 420, id: 2 },
      ];
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(80) });
      for (const apart of [100, 120, 140, 160]) {
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(apart) });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await expect
        .poll(async () => Number(await picture.getAttribute("data-scale")))
        .toBeCloseTo(Math.min(before * 2, 3), 1);
      await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: false });
      await cdp.detach();
    });
  }

  it("zooms with the buttons and closes on the mask and the close button", async () => {
    let { dialog, picture } = await openGallery();
    const before = Number(await picture.getAttribute("data-scale"));
    await dialog.getByRole("button", { name: text.zoomOut }).click();
    await expect.poll(async () => Number(await picture.getAttribute("data-scale"))).toBeLessThan(before);
    await session.page.mouse.click(5, 120);
    await expect.poll(() => dialog.count()).toBe(0);
    ({ dialog, picture } = await openGallery());
    await dialog.getByRole("button", { name: text.close }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });
});

describe("forms that reach staff", () => {
  function outboxFiles(): string[] {
    const dir = inject("outboxDir");
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((file) => path.join(dir, file)) : [];
  }

  it("shows each problem next to its field and keeps what was typed", async () => {
    await session.page.goto(pathTo("contact", "pt"));
    const text = messagesFor("pt").forms;
    await session.page.getByLabel(text.name, { exact: true }).fill("Ana");
    await session.page.getByLabel(text.email, { exact: true }).fill("not-an-email");
    await session.page.getByRole("button", { name: text.send }).click();
    await expect.poll(() => session.page.getByText(text.invalidEmail).count()).toBe(1);
    expect(await session.page.getByText(text.required).count()).toBe(1);
    expect(await session.page.getByLabel(text.name, { exact: true }).inputValue()).toBe("Ana");
    expect(await session.page.getByLabel(text.email, { exact: true }).getAttribute("aria-invalid")).toBe("true");
  });

  const PEOPLE = {
    es: { name: "Marta Puig", email: "marta@example.test", company: "Fruterías Puig SL" },
    ca: { name: "Jordi Garcia", email: "jordi@example.test", company: "Fruites Garcia SL" },
    pt: { name: "Inês Costa", email: "ines@example.test", company: "Frutas Costa Lda" },
  } as const;

  /** The e-mail in the outbox that names this address, once the form's `mails` have arrived. */
  async function mailTo(address: string, before: number, mails = 1): Promise<string> {
    await expect.poll(() => outboxFiles().length).toBe(before + mails);
    const mail = outboxFiles()
      .map((file) => fs.readFileSync(file, "utf8"))
      .find((content) => content.includes(address));
    expect(mail).toBeDefined();
    return mail!;
  }

  it.each(LOCALES)("sends a contact message to the outbox (%s)", async (locale) => {
    const person = PEOPLE[locale];
    const address = `contact.${person.email}`;
    const before = outboxFiles().length;
    await session.page.goto(pathTo("contact", locale));
    const text = messagesFor(locale).forms;
    await session.page.getByLabel(text.name, { exact: true }).fill(person.name);
    await session.page.getByLabel(text.email, { exact: true }).fill(address);
    await session.page.getByLabel(text.message, { exact: true }).fill("¿Repartís en Sabadell los sábados?");
    await session.page.getByRole("button", { name: text.send }).click();
    await expect.poll(() => session.page.getByRole("status").textContent()).toBe(text.contactSent);
    expect(await mailTo(address, before)).toContain("Sabadell");
  });

  it.each(LOCALES)("sends a company lead to the outbox (%s)", async (locale) => {
    const person = PEOPLE[locale];
    const address = `lead.${person.email}`;
    const before = outboxFiles().length;
    await session.page.goto(pathTo("companies", locale));
    const text = messagesFor(locale).forms;
    await session.page.getByLabel(text.company, { exact: true }).fill(person.company);
    await session.page.getByLabel(text.employees, { exact: true }).selectOption("11-50");
    await session.page.getByLabel(text.name, { exact: true }).fill(person.name);
    await session.page.getByLabel(text.email, { exact: true }).fill(address);
    await session.page.getByRole("button", { name: text.send }).click();
    await expect.poll(() => session.page.getByRole("status").textContent()).toBe(text.leadSent);
    // Staff's notification and the visitor's acknowledgement (47f27d9).
    expect(await mailTo(address, before, 2)).toContain(address);
  });
});
