import type { ReactNode } from "react";

const NUMBER_CELL = "px-3 py-2 text-right";

/** One figure column: its heading and how a row's summary shows in it. */
export interface FigureColumn<Summary> {
  key: string;
  label: string;
  cell: (summary: Summary) => string | number;
}

/**
 * The reports' comparison frame (restaurants side by side, a restaurant's channels side by side):
 * a titled section with a plain table — one row per entry, named by its row header, a figure per
 * column, and an optional total row — so every figure is read by a screen reader with its row and
 * column, and both tables look alike.
 */
export function FiguresTable<Summary>({
  headingId,
  heading,
  nameHeader,
  columns,
  rows,
  total,
  caption,
}: {
  headingId: string;
  heading: string;
  /** The first column's heading: what a row is. */
  nameHeader: string;
  columns: ReadonlyArray<FigureColumn<Summary>>;
  rows: ReadonlyArray<{ key: string; name: ReactNode; summary: Summary }>;
  /** A total row below the others (in the table's footer). */
  total?: { name: ReactNode; summary: Summary };
  caption?: string;
}) {
  const figures = (summary: Summary) =>
    columns.map((column) => (
      <td key={column.key} className={NUMBER_CELL}>
        {column.cell(summary)}
      </td>
    ));
  return (
    <section aria-labelledby={headingId} className="mb-6 flex flex-col gap-2">
      <h2 id={headingId} className="text-2xl font-bold">
        {heading}
      </h2>
      <div className="overflow-x-auto rounded-lg border border-zinc-800">
        <table className="w-full border-collapse text-left text-base tabular-nums">
          <thead className="bg-zinc-900 text-zinc-300">
            <tr>
              <th scope="col" className="px-3 py-2">
                {nameHeader}
              </th>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={NUMBER_CELL}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-zinc-800">
                <th scope="row" className="px-3 py-2 font-semibold">
                  {row.name}
                </th>
                {figures(row.summary)}
              </tr>
            ))}
          </tbody>
          {total && (
            <tfoot>
              <tr className="border-t-2 border-zinc-600 font-bold">
                <th scope="row" className="px-3 py-2">
                  {total.name}
                </th>
                {figures(total.summary)}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      {caption && <p className="text-sm text-zinc-400">{caption}</p>}
    </section>
  );
}
