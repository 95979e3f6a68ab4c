import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PinGateProvider } from "@/components/auth/pin-gate";
import { SessionBar } from "@/components/auth/session-bar";
import { summarize } from "@/components/auth/session-summary";
import { Board } from "@/components/board/board";
import { ServedAt } from "@/components/board/stream/served-at";
import { requirePageViewer } from "@/lib/auth/page";
import { storeScope, type Viewer } from "@/lib/auth/sessions";
import { boardSnapshotSchema, type BoardSnapshot } from "@/lib/contract/board";
import { getDb } from "@/lib/db";
import { getBoardSnapshot } from "@/lib/db/board";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("board");
  return { title: t("title") };
}

/**
 * The board arrives with its orders (what GET /api/orders answers), not asked for once the scripts
 * have loaded; a board of usual size is painted with the page's HTML (board.tsx). The stream
 * resumes from the snapshot's position. `servedAt`: when it was read, where the board's clocks start.
 */
async function loadBoard(viewer: Viewer): Promise<{ snapshot: BoardSnapshot; servedAt: number }> {
  const snapshot = boardSnapshotSchema.parse(await getBoardSnapshot(await getDb(), storeScope(viewer)));
  return { snapshot, servedAt: Date.now() };
}

export default async function BoardPage() {
  const viewer = await requirePageViewer({ role: "kitchen" }, "/board");
  const { snapshot, servedAt } = await loadBoard(viewer);
  // The PIN keypad that board actions open in place when nobody has typed a PIN on this tablet.
  return (
    <PinGateProvider>
      <ServedAt at={servedAt}>
        <Board session={<SessionBar session={await summarize(viewer)} />} snapshot={snapshot} />
      </ServedAt>
    </PinGateProvider>
  );
}
