import type { BoardOrder } from "@/lib/contract/board";
import { boardWrites } from "@/lib/realtime/bus";

export type CollectedChanges = BoardOrder[] & { stop(): void };

/**
 * The board changes this process announces from now on (every board write announces itself on
 * lib/realtime/bus.ts's boardWrites once committed), for a test to read what the app's streams
 * would receive, without passing anything to the code under test. Only the changes of `storeIds`,
 * so another test's database in the same process does not leak in; `stop()` ends the collection.
 */
export function collectBoardWrites(storeIds: Iterable<string>): CollectedChanges {
  const stores = new Set(storeIds);
  const changes = [] as unknown as CollectedChanges;
  const unsubscribe = boardWrites().subscribe((change) => {
    if (stores.has(change.storeId)) changes.push(change);
  });
  Object.defineProperty(changes, "stop", { value: unsubscribe, enumerable: false });
  return changes;
}
