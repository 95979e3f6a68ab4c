"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";

/** The back-office sections, in the order a manager's day goes through them. */
export const MANAGER_SECTIONS = [
  "overview",
  "orders",
  "reports",
  "store",
  "staff",
  "customers",
  "integrations",
  "operations",
] as const;
export type ManagerSection = (typeof MANAGER_SECTIONS)[number];

export function ManagerNav() {
  const t = useTranslations("manager.nav");
  const pathname = usePathname();
  return (
    <nav aria-label={t("label")} className="flex flex-wrap gap-1">
      {MANAGER_SECTIONS.map((section) => {
        // The overview is the back office's home (/manager itself).
        const href = section === "overview" ? "/manager" : `/manager/${section}`;
        const current =
          section === "overview" ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
        return (
          <Link
            key={section}
            href={href}
            aria-current={current ? "page" : undefined}
            className={`flex min-h-12 items-center rounded-lg px-4 text-lg font-semibold ${current ? "bg-zinc-100 text-zinc-950" : "text-zinc-300 hover:bg-zinc-800"}`}
          >
            {t(section)}
          </Link>
        );
      })}
    </nav>
  );
}
