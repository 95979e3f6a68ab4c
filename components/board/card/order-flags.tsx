import { useTranslations } from "next-intl";
import type { BoardOrder } from "@/lib/contract/board";

/**
 * What makes an order implausible (lib/orders/plausibility.ts), and that its texts were cut for
 * the board: said on the card in words, so nobody cooks or charges from a suspect order without
 * checking it with the platform first.
 */
export function OrderFlags({ order }: { order: Pick<BoardOrder, "flags" | "truncated"> }) {
  const t = useTranslations("orderFlags");
  const flags = order.flags ?? [];
  if (flags.length === 0 && !order.truncated) return null;
  return (
    <div className="flex flex-col gap-1">
      {flags.length > 0 && (
        <p role="note" className="rounded-md border-2 border-attention px-3 py-2 font-semibold text-attention">
          <span aria-hidden="true">⚠ </span>
          {t("suspect", { reasons: flags.map((flag) => t(flag)).join(", ") })}
        </p>
      )}
      {order.truncated && <p className="text-sm text-zinc-400 italic">{t("truncated")}</p>}
    </div>
  );
}
