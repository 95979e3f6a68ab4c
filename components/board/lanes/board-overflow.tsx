import { useTranslations } from "next-intl";
import type { BoardOverflow } from "@/lib/contract/board";

/**
 * Says that the board holds back some of a store's oldest cards (more than the cap in
 * lib/orders/card-bounds.ts are open at once — in practice a platform flooding the store), so
 * they are not silently missing. Nothing when none is held back.
 */
export function BoardOverflowNotice({ overflow }: { overflow: readonly BoardOverflow[] | undefined }) {
  const t = useTranslations("orderFlags");
  const count = (overflow ?? []).reduce((sum, store) => sum + store.omitted, 0);
  if (count === 0) return null;
  return (
    <p role="status" className="mx-2 mt-2 rounded-md border-2 border-attention px-3 py-2 font-semibold text-attention">
      {t("overflow", { count })}
    </p>
  );
}
