import type { Core } from "@strapi/strapi";
import { newDocumentId, type Sql } from "./sql";

/**
 * Many rows of a content type written at once, as the document service would write them one by one:
 * the row (through the query engine's createMany, which maps the attributes to columns, JSON and
 * dates as its create does, with the schema's defaults), its relations' link rows and its repeatable
 * components with their link rows. For the jobs whose cost is their writes (the renewals,
 * docs/decisions/030): a handful of statements for a page of rows instead of some twenty per row.
 * Inside the caller's transaction (`strapi.db.transaction`), so a page is written whole or not at all.
 */

interface JoinTable {
  name: string;
  joinColumn: { name: string };
  inverseJoinColumn: { name: string };
  orderColumnName?: string;
  inverseOrderColumnName?: string;
  on?: Record<string, unknown>;
  pivotColumns?: string[];
}

interface AttributeMeta {
  type: string;
  target?: string;
  joinTable?: JoinTable;
}

function attributeOf(strapi: Core.Strapi, uid: string, attribute: string): AttributeMeta {
  const meta = strapi.db.metadata.get(uid as never) as unknown as { attributes: Record<string, AttributeMeta> };
  const found = meta.attributes[attribute];
  if (!found?.joinTable) throw new Error(`${uid}.${attribute} has no link table`);
  return found;
}

/** Links each `rowId` to its `targetId` through `attribute`'s link table (a relation to one row). */
export async function insertLinks(
  strapi: Core.Strapi,
  sql: Sql,
  { uid, attribute, rows }: { uid: string; attribute: string; rows: readonly { rowId: number; targetId: number }[] },
): Promise<void> {
  if (rows.length === 0) return;
  const table = attributeOf(strapi, uid, attribute).joinTable!;
  await sql(table.name).insert(
    rows.map(({ rowId, targetId }) => ({
      [table.joinColumn.name]: rowId,
      [table.inverseJoinColumn.name]: targetId,
      // The row's place among the target's rows (the admin panel's order): by when it was written.
      ...(table.inverseOrderColumnName ? { [table.inverseOrderColumnName]: rowId } : {}),
      ...(table.orderColumnName ? { [table.orderColumnName]: 1 } : {}),
    })),
  );
}

/**
 * Writes each row's repeatable component `attribute` (its items, in order) and links them to the
 * row, as the document service does: the items in the component's table, then one link row each
 * with the field's name, the component's uid and the item's position.
 */
export async function insertComponents(
  strapi: Core.Strapi,
  sql: Sql,
  {
    uid,
    attribute,
    rows,
  }: { uid: string; attribute: string; rows: readonly { rowId: number; items: readonly Record<string, unknown>[] }[] },
): Promise<void> {
  const { target, joinTable } = attributeOf(strapi, uid, attribute);
  const items = rows.flatMap((row) => row.items);
  if (items.length === 0) return;
  const { ids } = (await strapi.db.query(target as never).createMany({ data: items as never })) as { ids: number[] };
  if (ids.length !== items.length) throw new Error(`${uid}.${attribute}: ${ids.length} of ${items.length} written`);
  const table = joinTable!;
  const typeColumn = table.pivotColumns?.[3] ?? "component_type";
  let next = 0;
  await sql(table.name).insert(
    rows.flatMap((row) =>
      row.items.map((_, index) => ({
        [table.joinColumn.name]: row.rowId,
        [table.inverseJoinColumn.name]: ids[next++],
        ...table.on,
        [typeColumn]: target,
        ...(table.orderColumnName ? { [table.orderColumnName]: index + 1 } : {}),
      })),
    ),
  );
}

/**
 * Writes the rows (attributes only: no relations, no components) and returns their ids in the same
 * order. Each gets a new documentId and is published at `now` (none of the shop's own content types
 * has drafts).
 */
export async function insertRows(
  strapi: Core.Strapi,
  { uid, rows, now }: { uid: string; rows: readonly Record<string, unknown>[]; now: Date },
): Promise<number[]> {
  if (rows.length === 0) return [];
  const { ids } = (await strapi.db.query(uid as never).createMany({
    data: rows.map((row) => ({ documentId: newDocumentId(), publishedAt: now, ...row })) as never,
  })) as { ids: number[] };
  if (ids.length !== rows.length) throw new Error(`${uid}: ${ids.length} of ${rows.length} rows written`);
  return ids;
}
