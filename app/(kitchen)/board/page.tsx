import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PinGateProvider } from "@/components/auth/pin-gate";
import { SessionBar } from "@/components/auth/session-bar";
import { summarize } from "@/components/auth/session-summary";
import { Board } from "@/components/board/board";
import { requirePageViewer } from "@/lib/auth/page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("board");
  return { title: t("title") };
}

export default async function BoardPage() {
  const viewer = await requirePageViewer({ role: "kitchen" }, "/board");
  // The PIN keypad that board actions open in place when nobody has typed a PIN on this tablet.
  return (
    <PinGateProvider>
      <Board session={<SessionBar session={await summarize(viewer)} />} />
    </PinGateProvider>
  );
}
