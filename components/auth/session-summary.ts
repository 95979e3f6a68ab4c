import "server-only";
import { storesForViewer } from "@/lib/auth/kitchen";
import { roleAtLeast } from "@/lib/contract/roles";
import type { Viewer } from "@/lib/auth/sessions";
import type { SessionSummary } from "./session-bar";

/** What the session bar may know about the viewer: names only, no ids of sessions or users. */
export async function summarize(viewer: Viewer): Promise<SessionSummary> {
  const stores = await storesForViewer(viewer);
  return {
    name: viewer.name,
    staffName: viewer.staff?.name ?? null,
    deviceStoreName: viewer.deviceStoreId
      ? (stores.find((s) => s.id === viewer.deviceStoreId)?.name ?? viewer.deviceStoreId)
      : null,
    tabletStores: !viewer.deviceStoreId && roleAtLeast(viewer.role, "manager") ? stores : [],
    opensBackOffice: !viewer.deviceStoreId && roleAtLeast(viewer.role, "manager"),
  };
}
