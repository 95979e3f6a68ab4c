// The columns the history can be sorted by, and the directions. Their own module: a page names its
// sort with them (types.ts), and the comparator that sorts rows (sorting.ts) imports those types.

export const HISTORY_SORTS = ["placedAt", "store", "type", "status", "total"] as const;
export type HistorySort = (typeof HISTORY_SORTS)[number];
export type SortDirection = "asc" | "desc";
