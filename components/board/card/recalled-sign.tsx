import { useTranslations } from "next-intl";
import type { BoardOrder } from "@/lib/contract/board";

/**
 * A recalled card says so (issue 27, docs/kitchen.md): it is back here on the board, while the
 * platform, which cannot undo a step, still shows the customer the step it reached.
 */
export function RecalledSign({ order }: { order: BoardOrder }) {
  const t = useTranslations();
  if (!order.recalled) return null;
  return (
    <p className="text-sm font-semibold text-zinc-200" data-recalled>
      <span aria-hidden="true">↶ </span>
      {t("kitchen.recalled", { platform: t(`columns.${order.recalled.platformColumn}.title`) })}
    </p>
  );
}
