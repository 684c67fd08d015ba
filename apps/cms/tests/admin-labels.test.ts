import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fillConfiguration } from "../src/admin-labels/apply";
import { labelOf, MAIN_FIELDS, MONEY_IN_CENTS } from "../src/admin-labels/labels";
import { PROFILE_ATTRIBUTES } from "../src/extensions/users-permissions/strapi-server";

interface Schema {
  attributes: Record<string, { type: string }>;
}

const SRC = path.resolve(__dirname, "..", "src");

/** Every content type's and component's schema, by the uid Strapi gives it. */
function schemas(): Map<string, Schema> {
  const found = new Map<string, Schema>();
  const api = path.join(SRC, "api");
  for (const folder of fs.readdirSync(api)) {
    const types = path.join(api, folder, "content-types");
    if (!fs.existsSync(types)) continue;
    for (const type of fs.readdirSync(types)) {
      const file = path.join(types, type, "schema.json");
      if (fs.existsSync(file)) found.set(`api::${folder}.${type}`, JSON.parse(fs.readFileSync(file, "utf8")) as Schema);
    }
  }
  const components = path.join(SRC, "components");
  for (const category of fs.readdirSync(components)) {
    for (const file of fs.readdirSync(path.join(components, category))) {
      if (!file.endsWith(".json")) continue;
      const schema = JSON.parse(fs.readFileSync(path.join(components, category, file), "utf8")) as Schema;
      found.set(`${category}.${file.replace(/\.json$/, "")}`, schema);
    }
  }
  return found;
}

describe("the admin panel's Spanish labels (decision 041)", () => {
  it("has a label for every field of every content type and component, the customers' profile fields too", () => {
    const missing: string[] = [];
    for (const [uid, schema] of schemas()) {
      for (const field of Object.keys(schema.attributes))
        if (labelOf(uid, field) === null) missing.push(`${uid}.${field}`);
    }
    for (const field of Object.keys(PROFILE_ATTRIBUTES)) {
      if (labelOf("plugin::users-permissions.user", field) === null) missing.push(`user.${field}`);
    }
    expect(missing).toEqual([]);
  });

  it("names the three languages of a translated field and says which amounts are cents", () => {
    expect(labelOf("api::product.product", "name_es")).toBe("Nombre (español)");
    expect(labelOf("api::product.product", "seodescription_ca")).toBe("Descripción para buscadores (catalán)");
    expect(labelOf("api::faq.faq", "answer_pt")).toBe("Respuesta (portugués)");
    for (const [uid, fields] of Object.entries(MONEY_IN_CENTS)) {
      for (const field of fields) expect(labelOf(uid, field), `${uid}.${field}`).toMatch(/céntimos/);
    }
  });

  it("names records by a field they have", () => {
    const all = schemas();
    for (const [uid, field] of Object.entries(MAIN_FIELDS)) {
      const schema = all.get(uid);
      if (schema === undefined) continue; // the users-permissions plugin's user: e-mail, its own field
      expect(schema.attributes[field]?.type, `${uid}.${field}`).toMatch(/^(string|email|uid|date|enumeration)$/);
    }
  });
});

describe("filling a stored view configuration", () => {
  const model = {
    uid: "api::product.product",
    attributes: {
      id: { type: "integer" },
      name_es: { type: "string" },
      price: { type: "decimal" },
      tax_id: { type: "relation", relation: "manyToOne", target: "api::tax.tax" },
    },
  };
  const taxModel = { uid: "api::tax.tax", attributes: { id: { type: "integer" }, name: { type: "string" } } };
  const stored = (labels: { name: string; price: string }) => ({
    settings: { mainField: "name_es" },
    metadatas: {
      name_es: { edit: { label: labels.name, description: "" }, list: { label: labels.name } },
      price: { edit: { label: labels.price, description: "" }, list: { label: labels.price } },
      tax_id: { edit: { label: "tax_id", description: "", mainField: "name" }, list: { label: "tax_id" } },
    },
    layouts: { list: ["id", "name_es", "price", "tax_id"], edit: [] },
  });
  const modelOf = (uid: string) => (uid === taxModel.uid ? taxModel : undefined);

  it("replaces Strapi's raw names and keeps a label staff typed", () => {
    const configuration = stored({ name: "Nombre del producto", price: "price" });
    const { changed, written } = fillConfiguration(model.uid, model, configuration, {}, modelOf);
    expect(changed).toBe(true);
    expect(configuration.metadatas.name_es.edit.label).toBe("Nombre del producto");
    expect(configuration.metadatas.price.edit.label).toBe("Precio (€, sin IVA)");
    expect(configuration.metadatas.tax_id.edit.label).toBe("IVA");
    expect(configuration.layouts.list).toEqual(
      ["name_es", "type", "price", "isActive", "seasonal"].filter((f) => f in model.attributes),
    );
    expect(written.labels?.name_es).toBeUndefined();
    // A second start finds its own values and changes nothing.
    expect(fillConfiguration(model.uid, model, configuration, written, modelOf).changed).toBe(false);
  });

  it("updates a label it wrote itself when the shop's label changes, but not one staff changed since", () => {
    const configuration = stored({ name: "Nombre viejo de la tienda", price: "Precio cambiado por el equipo" });
    const before = { labels: { name_es: { edit: "Nombre viejo de la tienda", list: "Nombre viejo de la tienda" } } };
    fillConfiguration(model.uid, model, configuration, before, modelOf);
    expect(configuration.metadatas.name_es.edit.label).toBe("Nombre (español)");
    expect(configuration.metadatas.price.edit.label).toBe("Precio cambiado por el equipo");
  });
});
