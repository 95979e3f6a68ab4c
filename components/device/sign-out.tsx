"use client";

import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";

const DANGER = buttonClass("danger", "md", "w-full");
const DANGER_SOLID = buttonClass("dangerSolid", "md", "w-full");
const SECONDARY = buttonClass("secondary", "md", "w-full");

/**
 * Signing this board out, in the tablet's settings and asked twice: a wall board signed out by
 * one stray tap stops ringing for new orders, and nobody may notice until a customer calls.
 */
export function SignOutSection() {
  const t = useTranslations("device.signOut");
  const router = useRouter();
  const [sure, setSure] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  async function doSignOut() {
    setSigningOut(true);
    await signOut({ redirect: false }).catch(() => undefined);
    router.replace("/sign-in");
    router.refresh();
  }

  if (!sure) {
    return (
      <button type="button" onClick={() => setSure(true)} className={DANGER}>
        {t("open")}
      </button>
    );
  }
  return (
    <div role="group" aria-label={t("sure")} className="flex flex-col gap-2 rounded-lg border-2 border-overdue p-3">
      <p className="font-bold text-overdue">{t("sure")}</p>
      <p className="text-base text-zinc-200">{t("warning")}</p>
      <button
        type="button"
        disabled={signingOut}
        aria-busy={signingOut}
        onClick={() => void doSignOut()}
        className={DANGER_SOLID}
      >
        {signingOut ? t("signingOut") : t("yes")}
      </button>
      <button type="button" onClick={() => setSure(false)} className={SECONDARY}>
        {t("keep")}
      </button>
    </div>
  );
}
