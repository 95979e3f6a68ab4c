import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Board } from "@/components/board/board";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("board");
  return { title: t("title") };
}

export default function BoardPage() {
  return <Board />;
}
