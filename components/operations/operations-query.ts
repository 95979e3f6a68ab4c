import { queryOptions } from "@tanstack/react-query";
import type { StoreOperations } from "@/lib/integrations/operations";

export interface OperationsData {
  stores: StoreOperations[];
  syncError: string | null;
  /** The server's clock when it answered: relative times are counted from it, not the tablet's clock. */
  generatedAt: string;
}

/** How often the manager's operations page asks again (the board's no-polling rule is the board's). */
export const OPERATIONS_REFRESH_MS = 3_000;

export const operationsQueryOptions = queryOptions({
  queryKey: ["manager", "operations"],
  queryFn: async ({ signal }): Promise<OperationsData> => {
    const response = await fetch("/api/manager/operations", { signal, cache: "no-store" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return (await response.json()) as OperationsData;
  },
  refetchInterval: OPERATIONS_REFRESH_MS,
  refetchIntervalInBackground: false,
});
