"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

export interface TableSpec {
  headers: string[];
  rows: Array<Array<string | number>>;
}

interface Props {
  id: string;
  title: string;
  /** One or two sentences saying what the chart shows: the text alternative read first. */
  summary: ReactNode;
  table: TableSpec;
  children: ReactNode;
}

/**
 * A chart with its text alternatives: the caption's summary, and the same figures as a table
 * behind a toggle. The drawing itself is hidden from screen readers (the table says it all).
 */
export function ChartFigure({ id, title, summary, table, children }: Props) {
  const t = useTranslations("reports.charts");
  return (
    <figure aria-labelledby={`${id}-title`} className="min-w-0 rounded-xl border border-zinc-800 bg-zinc-900 p-4">
      <figcaption>
        <h3 id={`${id}-title`} className="text-xl font-bold">
          {title}
        </h3>
        <p className="text-base text-zinc-300">{summary}</p>
      </figcaption>
      <div aria-hidden="true" className="mt-3">
        {children}
      </div>
      <details className="mt-2">
        <summary className="flex min-h-12 cursor-pointer items-center text-base font-semibold text-zinc-200">
          {t("showTable")}
        </summary>
        <div className="max-h-80 overflow-auto">
          <table className="w-full text-left text-base tabular-nums">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-zinc-700 text-zinc-300">
                {table.headers.map((header) => (
                  <th key={header} scope="col" className="py-1 pr-4 font-semibold">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, index) => (
                <tr key={index} className="border-b border-zinc-800">
                  {row.map((cell, cellIndex) =>
                    cellIndex === 0 ? (
                      <th key={cellIndex} scope="row" className="py-1 pr-4 font-normal">
                        {cell}
                      </th>
                    ) : (
                      <td key={cellIndex} className="py-1 pr-4">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
