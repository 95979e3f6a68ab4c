import Link from "next/link";
import { getMessages, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { LanguageSwitch } from "@/components/device/language-switch";
import { ManagerNav } from "@/components/manager/manager-nav";
import { MoreMessages } from "@/components/providers";
import { linkButtonClass } from "@/components/ui/button";
import { requirePageViewer } from "@/lib/auth/page";
import { splitMessages } from "@/lib/i18n/namespaces";

/**
 * The back-office frame. Each page still calls requirePageViewer itself with its own path (a
 * layout does not re-run on client navigation, and the sign-in page should come back to the
 * page asked for); this check keeps the frame from rendering for anyone else.
 */
export default async function ManagerLayout({ children }: { children: ReactNode }) {
  await requirePageViewer({ role: "manager" }, "/manager");
  const [t, messages] = await Promise.all([getTranslations(), getMessages()]);
  return (
    <MoreMessages messages={splitMessages(messages).backOffice}>
      <div className="flex min-h-dvh flex-col">
        <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-zinc-800 px-4 py-2">
          <p className="text-lg">
            <span className="font-bold">{t("app.name")}</span>
            <span className="text-zinc-400"> · {t("manager.title")}</span>
          </p>
          <ManagerNav />
          <div className="flex items-center gap-3">
            <Link href="/board" className={linkButtonClass("outline")}>
              {t("auth.backToBoard")}
            </Link>
            <LanguageSwitch />
          </div>
        </header>
        {/* 80rem: the history table's columns fit a 1366 px laptop without scrolling sideways. */}
        <main className="mx-auto w-full max-w-7xl p-4">{children}</main>
      </div>
    </MoreMessages>
  );
}
