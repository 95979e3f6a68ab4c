import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/contract/client";
import { operationsSchema } from "@/lib/contract/manager";

/** How often the manager's operations page asks again (the board's no-polling rule is the board's). */
export const OPERATIONS_REFRESH_MS = 3_000;

export const operationsQueryOptions = queryOptions({
  queryKey: ["manager", "operations"],
  queryFn: ({ signal }) => apiRequest(operationsSchema, "/api/manager/operations", { signal }),
  refetchInterval: OPERATIONS_REFRESH_MS,
  refetchIntervalInBackground: false,
});
