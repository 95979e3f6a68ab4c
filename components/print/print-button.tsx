"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { requestPrint } from "./print-request";

/** Prints the order's kitchen ticket (80 mm thermal paper). */
export function PrintButton({ orderId }: { orderId: string }) {
  const t = useTranslations("print");
  return (
    <Button
      variant="secondary"
      size="tool"
      onClick={() => requestPrint(orderId)}
      className="flex shrink-0 items-center gap-2"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-none stroke-current stroke-2">
        <path
          d="M6 9V3h12v6M6 18H4a1 1 0 0 1-1-1v-6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v6a1 1 0 0 1-1 1h-2M6 14h12v7H6z"
          strokeLinejoin="round"
        />
      </svg>
      {t("button")}
    </Button>
  );
}
