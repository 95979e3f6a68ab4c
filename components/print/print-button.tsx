"use client";

import { useTranslations } from "next-intl";
import { requestPrint } from "./print-request";

/** Prints the order's kitchen ticket (80 mm thermal paper). */
export function PrintButton({ orderId }: { orderId: string }) {
  const t = useTranslations("print");
  return (
    <button
      type="button"
      onClick={() => requestPrint(orderId)}
      className="flex min-h-12 min-w-12 shrink-0 items-center gap-2 rounded-lg border-2 border-zinc-400 px-4 text-xl font-semibold active:bg-zinc-700"
    >
      <span aria-hidden="true">⎙</span>
      {t("button")}
    </button>
  );
}
