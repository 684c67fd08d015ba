import type { Core } from "@strapi/strapi";
import { LIST_COLUMNS } from "./columns";
import { descriptionOf } from "./descriptions";
import { labelOf, MAIN_FIELDS } from "./labels";

/**
 * Writes the shop's Spanish labels, main fields and list columns into the content manager's stored
 * view configuration (strapi_core_store_settings, `plugin_content_manager_configuration_*`), the
 * same place "Configure the view" saves to, at every start.
 *
 * Staff's own changes win: a value is written only while it is still what Strapi generated (a
 * label equal to the attribute's name, Strapi's default main field or columns) or what this step
 * wrote the last time (remembered in the core store), so a better label shipped later still
 * reaches existing databases, and a label a member of staff typed is never undone.
 */

interface Metadata {
  edit?: { label?: string; description?: string; mainField?: string; [key: string]: unknown };
  list?: { label?: string; [key: string]: unknown };
}

interface ViewConfiguration {
  settings: { mainField?: string; defaultSortBy?: string; defaultSortOrder?: string; [key: string]: unknown };
  metadatas: Record<string, Metadata>;
  layouts: { list: string[]; edit: unknown[] };
}

/** What this step wrote for one content type or component, to tell it apart from staff's edits. */
interface Written {
  labels?: Record<string, { edit?: string; list?: string; description?: string }>;
  mainField?: string;
  relations?: Record<string, string>;
  list?: string[];
}

interface ConfigurationService {
  findContentType?(uid: string): Model | undefined;
  findComponent?(uid: string): Model | undefined;
  findConfiguration(model: { uid: string }): Promise<ViewConfiguration>;
  updateConfiguration(model: { uid: string }, configuration: Partial<ViewConfiguration>): Promise<unknown>;
}

interface Attribute {
  type: string;
  relation?: string;
  target?: string;
}

interface Model {
  uid: string;
  attributes: Record<string, Attribute>;
  /** The schema's own view settings (schema.json "config"), which Strapi starts a view from. */
  config?: {
    settings?: { mainField?: string };
    layouts?: { list?: string[] };
    metadatas?: Record<string, { edit?: { label?: string; description?: string }; list?: { label?: string } }>;
  };
}

const WRITTEN = { type: "core", name: "imperfecta", key: "admin-labels" } as const;

/** Strapi's own choice of main field: the schema's, else the model's first string attribute, else id. */
function strapiMainFields(model: Model): string[] {
  const firstString = Object.entries(model.attributes).find(([, attribute]) => attribute.type === "string")?.[0];
  return ["id", firstString, model.config?.settings?.mainField].filter((field) => field !== undefined);
}

const NOT_LISTABLE = new Set(["json", "password", "richtext", "dynamiczone", "blocks"]);

/** Strapi's default list columns: the first four listable fields of its model, id first (content-manager's layouts). */
function strapiListColumns(model: Model): string[] {
  const listable = Object.entries(model.attributes)
    .filter(([name, attribute]) => !NOT_LISTABLE.has(attribute.type) && name !== "documentId")
    .filter(([, attribute]) => !(attribute.type === "relation" && attribute.relation?.toLowerCase().includes("morph")))
    .map(([name]) => name);
  return listable.slice(0, 4);
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** The configuration with the shop's values filled in, and what was written. */
export function fillConfiguration(
  uid: string,
  model: Model,
  configuration: ViewConfiguration,
  before: Written,
  modelOf: (uid: string) => Model | undefined,
): { changed: boolean; written: Written } {
  let changed = false;
  const written: Written = { labels: {}, relations: {} };
  const mayWrite = (current: string | undefined, raw: readonly string[], previous: string | undefined) =>
    current === undefined || raw.includes(current) || (previous !== undefined && current === previous);

  for (const [field, metadata] of Object.entries(configuration.metadatas)) {
    const attribute = model.attributes[field];
    // Strapi's starting values: the attribute's name, or what the schema's own config says (in English).
    const schemaView = model.config?.metadatas?.[field];
    const label = labelOf(uid, field);
    const previous = before.labels?.[field];
    const wrote: { edit?: string; list?: string; description?: string } = {};
    if (label !== null) {
      const rawEdit = [field, schemaView?.edit?.label].filter((value) => value !== undefined);
      if (metadata.edit && mayWrite(metadata.edit.label, rawEdit, previous?.edit)) {
        if (metadata.edit.label !== label) changed = true;
        metadata.edit.label = label;
        wrote.edit = label;
      }
      const rawList = [field, schemaView?.list?.label].filter((value) => value !== undefined);
      if (metadata.list && mayWrite(metadata.list.label, rawList, previous?.list)) {
        if (metadata.list.label !== label) changed = true;
        metadata.list.label = label;
        wrote.list = label;
      }
    }
    const description = descriptionOf(uid, field);
    if (description !== null && metadata.edit) {
      const rawDescription = ["", schemaView?.edit?.description].filter((value) => value !== undefined);
      if (mayWrite(metadata.edit.description, rawDescription, previous?.description)) {
        if (metadata.edit.description !== description) changed = true;
        metadata.edit.description = description;
        wrote.description = description;
      }
    }
    if (Object.keys(wrote).length > 0) written.labels![field] = wrote;
    // A relation shows the related record by its name rather than its id.
    const targetUid = attribute?.type === "relation" ? attribute.target : undefined;
    const targetMain = targetUid !== undefined ? MAIN_FIELDS[targetUid] : undefined;
    if (targetUid !== undefined && targetMain !== undefined && metadata.edit) {
      const target = modelOf(targetUid);
      const raw = target ? strapiMainFields(target) : ["id"];
      if (mayWrite(metadata.edit.mainField, raw, before.relations?.[field])) {
        if (metadata.edit.mainField !== targetMain) changed = true;
        metadata.edit.mainField = targetMain;
        written.relations![field] = targetMain;
      }
    }
  }

  const mainField = MAIN_FIELDS[uid];
  if (mainField !== undefined && model.attributes[mainField]) {
    if (mayWrite(configuration.settings.mainField, strapiMainFields(model), before.mainField)) {
      if (configuration.settings.mainField !== mainField) changed = true;
      configuration.settings.mainField = mainField;
      written.mainField = mainField;
    }
  }

  const columns = LIST_COLUMNS[uid]?.filter((name) => name === "id" || model.attributes[name]);
  if (columns !== undefined) {
    const current = configuration.layouts.list;
    const strapiDefault = model.config?.layouts?.list ?? strapiListColumns(model);
    if (sameList(current, strapiDefault) || (before.list !== undefined && sameList(current, before.list))) {
      if (!sameList(current, columns)) changed = true;
      configuration.layouts.list = [...columns];
      written.list = [...columns];
    }
  }
  return { changed, written };
}

interface Store {
  get(key: typeof WRITTEN): Promise<unknown>;
  set(entry: typeof WRITTEN & { value: unknown }): Promise<unknown>;
}

/**
 * Fills every content type's and component's view configuration; runs in the startup lock. Labels
 * are the panel's wording, not the shop's working: a failure is logged and the CMS starts anyway.
 */
export async function applyAdminLabels(strapi: Core.Strapi): Promise<number> {
  try {
    return await fillEveryConfiguration(strapi);
  } catch (error) {
    strapi.log.warn(`The admin panel's Spanish labels were not written: ${(error as Error).message}`);
    return 0;
  }
}

async function fillEveryConfiguration(strapi: Core.Strapi): Promise<number> {
  const contentManager = strapi.plugin("content-manager");
  const contentTypes = contentManager.service("content-types") as unknown as ConfigurationService;
  const components = contentManager.service("components") as unknown as ConfigurationService;
  // The content manager's view of each model (id first, timestamps and creators added), which its
  // defaults are worked out from.
  const modelOf = (uid: string) => contentTypes.findContentType!(uid);
  const targets: [ConfigurationService, Model][] = [
    ...Object.keys(strapi.contentTypes)
      .filter((uid) => uid.startsWith("api::") || uid === "plugin::users-permissions.user")
      .map((uid): [ConfigurationService, Model] => [contentTypes, modelOf(uid)!]),
    ...Object.keys(strapi.components).map((uid): [ConfigurationService, Model] => [
      components,
      components.findComponent!(uid)!,
    ]),
  ];
  const store = strapi.store as unknown as Store;
  const before = ((await store.get(WRITTEN)) ?? {}) as Record<string, Written>;
  const after: Record<string, Written> = {};
  let updated = 0;
  for (const [service, model] of targets) {
    const configuration = await service.findConfiguration(model);
    const { changed, written } = fillConfiguration(model.uid, model, configuration, before[model.uid] ?? {}, modelOf);
    after[model.uid] = written;
    if (!changed) continue;
    await service.updateConfiguration(model, {
      settings: configuration.settings,
      metadatas: configuration.metadatas,
      layouts: configuration.layouts,
    });
    updated++;
  }
  await store.set({ ...WRITTEN, value: after });
  return updated;
}
