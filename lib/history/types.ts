import type { HistorySort, SortDirection } from "@/lib/contract/history";
import type { BoardColumn, Money } from "@/lib/contract/board";

/** Where a history row comes from: Comanda's records, the platform's admin list, or both. */
export type HistorySource = "comanda" | "platform" | "both";

/** One order in the manager's history. */
export interface HistoryRow {
  id: string;
  storeId: string;
  storeName: string;
  /** The channel the order came from (issue 28); null when not known. */
  channelId: string | null;
  /** The channel's label, colour (#rrggbb) and platform's name (null for the restaurant's own channel). */
  channelLabel: string | null;
  channelColor: string | null;
  platformName: string | null;
  displayId: string | null;
  /** ISO 8601. */
  placedAt: string;
  type: string | null;
  /** The order's column in Comanda; null for an order only the platform has. */
  column: BoardColumn | null;
  /** The platform's status from its admin list, when it listed the order. */
  platformStatus: string | null;
  /** Both statuses are known and tell different stories: show both. */
  statusesDiffer: boolean;
  customerName: string | null;
  phone: string | null;
  total: Money | null;
  /** The total in cents as the database rounds it (Comanda's rows; the sort's key). Server-side only. */
  totalCents?: number | null;
  source: HistorySource;
  /** When the order was confirmed and by whom (history pages only; absent in exports). */
  confirmedAt?: string | null;
  /** The store's IANA time zone: the row's times show in it. */
  timeZone?: string;
  confirmedBy?: string | null;
}

/** Why the platform's list is missing or partial for a store, to tell the manager. */
export interface HistoryWarning {
  storeId: string;
  storeName: string;
  kind: "failed" | "notConfigured" | "truncated";
  /** A sentence for logs and API clients (the page words it in the viewer's language). */
  message: string;
}

export interface HistoryPage {
  rows: HistoryRow[];
  /** Matching orders; when totalCapped, at least this many (counting stopped there). */
  total: number;
  totalCapped: boolean;
  /** The page's ordinal as the manager walked to it (shown only). */
  page: number;
  /** Cursors of the next and previous pages (null at either end). */
  next: string | null;
  previous: string | null;
  pageSize: number;
  /** Pages; when totalCapped, at least this many. */
  pageCount: number;
  /** The sort the rows follow. */
  sort: HistorySort;
  dir: SortDirection;
  /** The days shown (store time zone), inclusive. */
  fromDay: string;
  toDay: string;
  warnings: HistoryWarning[];
}
