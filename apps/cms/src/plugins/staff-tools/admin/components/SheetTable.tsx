import type { ReactNode } from "react";
import { Table, Tbody, Td, Th, Thead, Tr, Typography } from "@strapi/design-system";

export interface Column<Row> {
  /** Translated column heading. */
  heading: string;
  cell(row: Row): ReactNode;
  /** Kept on one line: numbers, codes and times that mean nothing broken in two. */
  nowrap?: boolean;
}

/** A sheet as a table: one heading per column, one row per entry; long text (addresses, notes) wraps. */
export function SheetTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
}) {
  return (
    <Table colCount={columns.length} rowCount={rows.length + 1} aria-label={caption}>
      <Thead>
        <Tr>
          {columns.map((column) => (
            <Th key={column.heading}>
              <Typography variant="sigma">{column.heading}</Typography>
            </Th>
          ))}
        </Tr>
      </Thead>
      <Tbody>
        {rows.map((row) => (
          <Tr key={rowKey(row)}>
            {columns.map((column) => (
              <Td key={column.heading} style={{ whiteSpace: column.nowrap ? "nowrap" : "normal" }}>
                <Typography textColor="neutral800">{column.cell(row)}</Typography>
              </Td>
            ))}
          </Tr>
        ))}
      </Tbody>
    </Table>
  );
}
