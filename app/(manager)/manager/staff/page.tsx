import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { StaffAdmin } from "@/components/manager/staff-admin";
import { LanguageSwitch } from "@/components/board/language-switch";
import { storesForViewer } from "@/lib/auth/kitchen";
import { requirePageViewer } from "@/lib/auth/page";
import { listStaff } from "@/lib/auth/staff";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("staff");
  return { title: t("title") };
}

export default async function StaffPage() {
  const viewer = await requirePageViewer({ role: "manager" }, "/manager/staff");
  const [t, staff, stores] = await Promise.all([getTranslations(), listStaff(viewer), storesForViewer(viewer)]);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex flex-wrap items-center justify-between gap-4 border-b border-zinc-800 px-4 py-1">
        <p className="text-lg">
          <span className="font-bold">{t("app.name")}</span>
          <span className="text-zinc-400"> · {t("staff.title")}</span>
        </p>
        <Link href="/board" className="flex min-h-12 items-center rounded-lg border-2 border-zinc-500 px-4 text-lg font-semibold">
          {t("auth.backToBoard")}
        </Link>
        <LanguageSwitch />
      </header>
      <main className="mx-auto w-full max-w-5xl p-4">
        <h1 className="mb-4 text-3xl font-extrabold">{t("staff.title")}</h1>
        <StaffAdmin staff={staff} stores={stores} selfId={viewer.userId} />
      </main>
    </div>
  );
}
