"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import { formatMoney } from "@/components/order/details-format";
import { formatPhone } from "@/lib/format/phone";
import { isKnownOrderType } from "@/components/board/card/order-format";
import { filtersQuery, type HistoryFilters } from "@/lib/contract/history";
import { DEFAULT_DIRECTION } from "@/lib/history/sorting";
import { type HistorySort, type SortDirection } from "@/lib/contract/history";
import { KNOWN_PLATFORM_STATUSES } from "@/lib/history/statuses";
import type { HistoryRow } from "@/lib/history/types";
import {
  COLUMNS_STORAGE_KEY,
  FIXED_COLUMNS,
  HISTORY_COLUMNS,
  readHiddenColumns,
  SORT_OF_COLUMN,
  waitText,
  type HistoryColumn,
} from "./history-columns";
import { formatDateTime } from "./format";
import { inPlaceClick, type NavigateInPlace } from "./in-place";

const COLUMN_COLOR: Record<string, string> = {
  new: "text-new",
  preparing: "text-preparing",
  ready: "text-ready",
  dispatched: "text-dispatched",
  done: "text-zinc-300",
  cancelled: "text-cancelled",
};

const COLUMNS_CHANGED = "comanda:history-columns";

// Where the table is wider than the screen (a phone) it scrolls sideways inside its frame, and
// the order's number stays at the left edge: every row still says which order it is. Opaque, so
// the cells scrolling under it do not show through.
const STICKY_NUMBER_HEAD = "left-0 z-20 shadow-[1px_0_0_var(--color-zinc-800)]";
const STICKY_NUMBER_CELL =
  "sticky left-0 z-[1] bg-zinc-950 shadow-[1px_0_0_var(--color-zinc-800)] group-hover:bg-zinc-800 group-focus:bg-zinc-800";

function subscribeToColumns(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(COLUMNS_CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(COLUMNS_CHANGED, onChange);
  };
}

const readSavedColumns = () => window.localStorage.getItem(COLUMNS_STORAGE_KEY);

interface Props {
  rows: HistoryRow[];
  filters: HistoryFilters;
  sort: HistorySort;
  dir: SortDirection;
  showStore: boolean;
  /** Sorting stays on the page (rows fetched as JSON) when given; else the links load a new page. */
  onNavigate?: NavigateInPlace;
}

/** The channel's label on its colour's dot, then its platform (or "own channel"), as on the board's cards. */
function ChannelCell({ row, ownChannel }: { row: HistoryRow; ownChannel: string }) {
  if (!row.channelLabel) return row.channelId ?? "—";
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        aria-hidden="true"
        className="inline-block size-2.5 shrink-0 rounded-full"
        style={{ backgroundColor: row.channelColor ?? undefined }}
      />
      <span className="font-semibold">{row.channelLabel}</span>
      {/* The platform, unless the label already says it (a new channel is labelled after it). */}
      {row.platformName !== row.channelLabel && <span className="text-zinc-400">{row.platformName ?? ownChannel}</span>}
    </span>
  );
}

/** Where a row leads: Comanda's order page, or the platform-only page with what its list says. */
export function rowHref(row: Pick<HistoryRow, "id" | "source" | "storeId" | "channelId" | "placedAt">): string {
  const channel = row.channelId ? `&channel=${encodeURIComponent(row.channelId)}` : "";
  return row.source === "platform"
    ? `/manager/orders/platform/${encodeURIComponent(row.storeId)}/${encodeURIComponent(row.id)}?at=${encodeURIComponent(row.placedAt)}${channel}`
    : `/manager/orders/${encodeURIComponent(row.id)}`;
}

/**
 * The orders found as a dense table: sortable headers (links: the sort lives in the URL and the
 * server sorts every page), a sticky header, columns the manager can hide (remembered in this
 * browser), and keyboard navigation (↑/↓/Home/End move between rows, Enter opens the order).
 * Its links never prefetch: each sort link's target is a whole history page rendered on the
 * server and each row's an order page, so a visible table would ask the server for ~55 pages,
 * which then compete with the rows the manager asked for (the same for pagination and Clear).
 */
export function HistoryTable({ rows, filters, sort, dir, showStore, onNavigate }: Props) {
  const t = useTranslations("historyTable");
  const tHistory = useTranslations("history");
  const tColumns = useTranslations("columns");
  const tTypes = useTranslations("orderType");
  const locale = useLocale();
  const router = useRouter();
  // The browser's saved choice; the server renders every column (null snapshot), then the client applies it.
  const saved = useSyncExternalStore(subscribeToColumns, readSavedColumns, () => null);
  const hidden = useMemo(() => readHiddenColumns(saved), [saved]);
  const [active, setActive] = useState(0);
  const body = useRef<HTMLTableSectionElement>(null);

  const toggle = (column: HistoryColumn) => {
    const next = new Set(hidden);
    if (next.has(column)) next.delete(column);
    else next.add(column);
    window.localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify([...next]));
    window.dispatchEvent(new Event(COLUMNS_CHANGED));
  };

  const columns = HISTORY_COLUMNS.filter((column) => (column !== "store" || showStore) && !hidden.has(column));
  const choosable = HISTORY_COLUMNS.filter(
    (column) => !FIXED_COLUMNS.includes(column) && (column !== "store" || showStore),
  );

  const platformStatus = (status: string) =>
    (KNOWN_PLATFORM_STATUSES as readonly string[]).includes(status)
      ? tHistory(`platformStatus.${status as (typeof KNOWN_PLATFORM_STATUSES)[number]}`)
      : status;

  const sortHref = (key: HistorySort) => {
    const nextDir: SortDirection = key === sort ? (dir === "asc" ? "desc" : "asc") : DEFAULT_DIRECTION[key];
    const query = filtersQuery(
      { ...filters, sort: key === "placedAt" && nextDir === "desc" ? undefined : key },
      { cursor: undefined, dir: key === "placedAt" && nextDir === "desc" ? undefined : nextDir },
    );
    return query ? `/manager/orders?${query}` : "/manager/orders";
  };

  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    setActive(target);
    body.current?.querySelectorAll<HTMLTableRowElement>("tr")[target]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: HistoryRow) => {
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: rows.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      focusRow(moves[event.key]!);
    } else if (event.key === "Enter" && event.target === event.currentTarget) {
      event.preventDefault();
      router.push(rowHref(row));
    }
  };

  const cell = (column: HistoryColumn, row: HistoryRow) => {
    switch (column) {
      case "placedAt":
        return <time dateTime={row.placedAt}>{formatDateTime(locale, row.placedAt, false, row.timeZone)}</time>;
      case "displayId":
        return (
          <Link href={rowHref(row)} prefetch={false} tabIndex={-1} className="font-bold underline underline-offset-4">
            {row.displayId ? `#${row.displayId}` : t("noNumber")}
          </Link>
        );
      case "store":
        return row.storeName;
      case "channel":
        return <ChannelCell row={row} ownChannel={t("ownChannel")} />;
      case "customer":
        return row.customerName ?? "—";
      case "phone":
        return row.phone ? <span className="whitespace-nowrap tabular-nums">{formatPhone(row.phone)}</span> : "—";
      case "type":
        return row.type ? (isKnownOrderType(row.type) ? tTypes(row.type) : row.type) : "—";
      case "status":
        return (
          <span className="flex flex-wrap items-center gap-x-2">
            {row.column && (
              <span className={`font-semibold ${COLUMN_COLOR[row.column] ?? ""}`}>
                {tColumns(`${row.column}.title`)}
              </span>
            )}
            {row.source === "platform" && (
              <span
                title={tHistory("platformOnlyHint")}
                className="rounded border border-attention px-1 text-attention"
              >
                {tHistory("platformOnly")} · {row.platformStatus ? platformStatus(row.platformStatus) : ""}
              </span>
            )}
            {row.statusesDiffer && row.platformStatus && (
              <span className="rounded border border-late px-1 text-late">
                {tHistory("onPlatform", { status: platformStatus(row.platformStatus) })}
              </span>
            )}
          </span>
        );
      case "total":
        return row.total ? formatMoney(locale, row.total.value, row.total.currency) : "—";
      case "toConfirm":
        return waitText(row.placedAt, row.confirmedAt) ?? "—";
      case "confirmedBy":
        return row.confirmedBy ?? (row.confirmedAt ? t("confirmedElsewhere") : "—");
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <details className="self-end">
        <summary className="flex min-h-12 cursor-pointer items-center px-2 font-semibold">{t("chooseColumns")}</summary>
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1 rounded-lg bg-zinc-900 p-3">
          <legend className="sr-only">{t("chooseColumns")}</legend>
          {choosable.map((column) => (
            <label key={column} className="flex min-h-12 items-center gap-2">
              <input type="checkbox" className="size-5" checked={!hidden.has(column)} onChange={() => toggle(column)} />
              {t(`column.${column}`)}
            </label>
          ))}
        </fieldset>
      </details>
      <div className="max-h-[75dvh] overflow-auto rounded-lg border border-zinc-800">
        <table aria-label={tHistory("list")} className="w-full border-collapse text-left text-base tabular-nums">
          <thead>
            <tr>
              {columns.map((column) => {
                const key = SORT_OF_COLUMN[column];
                const sorted = key !== undefined && key === sort;
                return (
                  <th
                    key={column}
                    scope="col"
                    aria-sort={sorted ? (dir === "asc" ? "ascending" : "descending") : undefined}
                    className={`sticky top-0 whitespace-nowrap bg-zinc-900 px-2.5 py-2 font-semibold text-zinc-300 ${column === "displayId" ? STICKY_NUMBER_HEAD : "z-10"} ${column === "total" || column === "toConfirm" ? "text-right" : ""}`}
                  >
                    {key ? (
                      <Link
                        href={sortHref(key)}
                        prefetch={false}
                        onClick={inPlaceClick(sortHref(key), onNavigate)}
                        className="inline-flex min-h-10 items-center gap-1 underline-offset-4 hover:underline"
                      >
                        {t(`column.${column}`)}
                        <span aria-hidden="true">{sorted ? (dir === "asc" ? "▲" : "▼") : "↕"}</span>
                        {sorted && <span className="sr-only">{t(dir === "asc" ? "sortedAsc" : "sortedDesc")}</span>}
                      </Link>
                    ) : (
                      t(`column.${column}`)
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody ref={body}>
            {rows.map((row, index) => (
              <tr
                key={`${row.source}-${row.id}`}
                tabIndex={index === active ? 0 : -1}
                aria-label={
                  row.displayId ? tHistory("order", { displayId: row.displayId }) : tHistory("orderWithoutNumber")
                }
                onKeyDown={(event) => onKeyDown(event, index, row)}
                onFocus={() => setActive(index)}
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest("a")) return;
                  router.push(rowHref(row));
                }}
                className="group cursor-pointer border-t border-zinc-800 odd:bg-zinc-900/40 hover:bg-zinc-800 focus:bg-zinc-800 focus:outline-2 focus:outline-offset-[-2px] focus:outline-zinc-100"
              >
                {columns.map((column) => (
                  <td
                    key={column}
                    className={`whitespace-nowrap px-2.5 py-1.5 ${column === "displayId" ? STICKY_NUMBER_CELL : ""} ${column === "total" || column === "toConfirm" ? "text-right" : ""} ${column === "total" ? "font-bold" : ""}`}
                  >
                    {cell(column, row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
