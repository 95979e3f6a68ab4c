"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { LOCALES, type AppLocale } from "@/lib/i18n/config";
import { writeLocaleCookie } from "@/lib/i18n/locale-cookie";

/** Stores the choice, then re-renders the server tree, which reads it (lib/i18n/request.ts). */
export function LanguageSwitch() {
  const t = useTranslations("language");
  const current = useLocale();
  const router = useRouter();
  const [isPending, startTransition] = useTransition();

  function choose(locale: AppLocale) {
    writeLocaleCookie(locale);
    startTransition(() => router.refresh());
  }

  return (
    <div role="group" aria-label={t("label")} className="flex gap-1" aria-busy={isPending}>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === current}
          disabled={isPending}
          onClick={() => choose(locale)}
          className="min-h-12 min-w-12 rounded-md px-3 text-base font-semibold text-zinc-300 aria-pressed:bg-zinc-100 aria-pressed:text-zinc-950"
        >
          {t(locale)}
        </button>
      ))}
    </div>
  );
}
