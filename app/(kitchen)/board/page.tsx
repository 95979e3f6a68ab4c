import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { PinGateProvider } from "@/components/auth/pin-gate";
import { SessionBar } from "@/components/auth/session-bar";
import { summarize } from "@/components/auth/session-summary";
import { Board } from "@/components/board/board";
import { ServedAt } from "@/components/board/served-at";
import { requirePageViewer } from "@/lib/auth/page";
import { storeScope } from "@/lib/auth/sessions";
import { boardSnapshotSchema } from "@/lib/contract/board";
import { getDb } from "@/lib/db";
import { getBoardSnapshot } from "@/lib/db/board";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("board");
  return { title: t("title") };
}

export default async function BoardPage() {
  const viewer = await requirePageViewer({ role: "kitchen" }, "/board");
  // The board arrives with its orders (what GET /api/orders answers), not asked for once the scripts
  // have loaded; a board of usual size is painted with the page's HTML (board.tsx). The stream
  // resumes from the snapshot's position.
  const snapshot = z.parse(boardSnapshotSchema, await getBoardSnapshot(await getDb(), storeScope(viewer)));
  // The PIN keypad that board actions open in place when nobody has typed a PIN on this tablet.
  return (
    <PinGateProvider>
      <ServedAt at={Date.now()}>
        <Board session={<SessionBar session={await summarize(viewer)} />} snapshot={snapshot} />
      </ServedAt>
    </PinGateProvider>
  );
}
