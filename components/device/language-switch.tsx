"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { LOCALES, type AppLocale } from "@/lib/i18n/config";
import { writeLocaleCookie } from "@/lib/i18n/locale-cookie";
import { Button } from "@/components/ui/button";

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
        <Button
          key={locale}
          variant="ghost"
          size="sm"
          lang={locale}
          aria-pressed={locale === current}
          disabled={isPending}
          onClick={() => choose(locale)}
          className="aria-pressed:bg-zinc-100 aria-pressed:text-zinc-950"
        >
          {t(locale)}
        </Button>
      ))}
    </div>
  );
}
