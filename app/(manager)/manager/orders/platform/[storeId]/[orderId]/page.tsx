import type { Metadata } from "next";
import Link from "next/link";
import { forbidden, notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { isKnownOrderType } from "@/components/board/card/order-format";
import { formatDateTime } from "@/components/history/format";
import { formatMoney } from "@/components/order/details-format";
import { linkButtonClass } from "@/components/ui/button";
import { decodedPageParam } from "@/lib/api/page-params";
import { requirePageViewer } from "@/lib/auth/page";
import { canSeeStore } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db";
import { findPlatformOrder } from "@/lib/history/platform-order";
import { KNOWN_PLATFORM_STATUSES } from "@/lib/history/statuses";
import { findStoreName } from "@/lib/stores/directory";

type Params = Promise<{ storeId: string; orderId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("platformOrder");
  return { title: t("title") };
}

/** An order only the platform has: what its admin list says (Comanda has no events or audit for it). */
export default async function PlatformOrderPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const encoded = await params;
  const storeId = decodedPageParam(encoded.storeId);
  const orderId = decodedPageParam(encoded.orderId);
  if (storeId === null || orderId === null) notFound();
  const { at, channel } = await searchParams;
  const path = `/manager/orders/platform/${encodeURIComponent(storeId)}/${encodeURIComponent(orderId)}`;
  const viewer = await requirePageViewer({ role: "manager" }, path);
  if (orderId.length > 100 || storeId.length > 100) notFound();
  // The channel whose list named it (absent on links of before channels: the store's own id).
  const channelId = typeof channel === "string" && channel.length > 0 && channel.length <= 100 ? channel : storeId;
  if (!canSeeStore(viewer, storeId)) forbidden();
  const placedAt = typeof at === "string" ? new Date(at) : null;
  if (!placedAt || Number.isNaN(placedAt.getTime())) notFound();
  const db = await getDb();
  const [lookup, storeName, t, tHistory, tTypes, locale] = await Promise.all([
    findPlatformOrder(db, storeId, orderId, placedAt, channelId),
    findStoreName(db, storeId),
    getTranslations("platformOrder"),
    getTranslations("history"),
    getTranslations("orderType"),
    getLocale(),
  ]);
  const back = (
    <Link href="/manager/orders" className={linkButtonClass("outline", "md", "self-start")}>
      ← {tHistory("details.back")}
    </Link>
  );
  if (!lookup.found) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <h1 className="text-3xl font-extrabold">{t("title")}</h1>
        <p role="status" className="rounded-md border-2 border-attention px-3 py-2 text-lg text-attention">
          {t(`lookup.${lookup.reason}`)}
        </p>
      </div>
    );
  }
  const { order } = lookup;
  const status = (KNOWN_PLATFORM_STATUSES as readonly string[]).includes(order.status)
    ? tHistory(`platformStatus.${order.status as "DONE"}`)
    : order.status;
  const rows: Array<[string, string]> = [
    [t("store"), storeName ?? storeId],
    [t("status"), status],
    [t("type"), order.type ? (isKnownOrderType(order.type) ? tTypes(order.type) : order.type) : "—"],
    [t("placedAt"), formatDateTime(locale, order.createdAt)],
    [t("customer"), order.customerName ?? "—"],
    [t("total"), order.total ? (formatMoney(locale, order.total.value, order.total.currency) ?? "—") : "—"],
    [t("lastEvent"), order.lastEvent ?? "—"],
    [t("orderId"), order.id],
  ];
  return (
    <div className="flex flex-col gap-4">
      {back}
      <h1 className="text-3xl font-extrabold tabular-nums">
        {order.displayId ? tHistory("order", { displayId: order.displayId }) : tHistory("orderWithoutNumber")}
      </h1>
      <p className="rounded-md border-2 border-attention px-3 py-2 text-lg text-attention">{t("explain")}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg bg-zinc-900 p-4 text-lg">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-400">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
