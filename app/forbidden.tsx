import { getTranslations } from "next-intl/server";
import { linkButtonClass } from "@/components/ui/button";

/** Rendered with HTTP 403 when a signed-in person opens a page their role does not allow. */
export default async function Forbidden() {
  const t = await getTranslations("auth");
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-extrabold">{t("forbiddenTitle")}</h1>
      <p className="text-xl text-zinc-300">{t("forbidden")}</p>
      {/* A plain link: next/link here would ride on the first load of every page, since the
          root layout loads this boundary with it. */}
      <a href="/board" className={linkButtonClass("light")}>
        {t("backToBoard")}
      </a>
    </main>
  );
}
