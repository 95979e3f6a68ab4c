import type { Metadata } from "next";
import Link from "next/link";
import { forbidden, notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { isKnownOrderType } from "@/components/board/card/order-format";
import { formatDateTime } from "@/components/history/format";
import { LiveOrderWatch } from "@/components/history/live-order-watch";
import { EditOrderButton } from "@/components/own-order/edit-order-button";
import { OrderAuditView } from "@/components/history/order-audit-view";
import { OrderInfo } from "@/components/order/order-info";
import { OrderItems } from "@/components/order/order-items";
import { ChannelChip, samePlatform } from "@/components/board/channels/channel-chip";
import { linkButtonClass } from "@/components/ui/button";
import { decodedPageParam } from "@/lib/api/page-params";
import { requirePageViewer } from "@/lib/auth/page";
import { canSeeStore } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db";
import { loadOrderAudit } from "@/lib/history/order-audit";
import { toOrderReview } from "@/lib/orders/order-review";

type Params = Promise<{ orderId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const t = await getTranslations("history");
  return { title: `${t("title")} · ${(decodedPageParam((await params).orderId) ?? "").slice(0, 8)}` };
}

/** One order for the manager: what was ordered, by whom, and its whole timeline with the audit. */
export default async function OrderHistoryDetailsPage({ params }: { params: Params }) {
  const orderId = decodedPageParam((await params).orderId);
  if (orderId === null) notFound();
  const viewer = await requirePageViewer({ role: "manager" }, `/manager/orders/${encodeURIComponent(orderId)}`);
  if (orderId.length > 100) notFound();
  const audit = await loadOrderAudit(await getDb(), orderId);
  if (!audit) notFound();
  if (!canSeeStore(viewer, audit.storeId)) forbidden();
  const [t, tColumns, tTypes, tChannels, locale] = await Promise.all([
    getTranslations("history"),
    getTranslations("columns"),
    getTranslations("orderType"),
    getTranslations("channels"),
    getLocale(),
  ]);
  const { order } = audit;
  const review = toOrderReview(audit.details);
  return (
    <div className="flex flex-col gap-4">
      <Link href="/manager/orders" className={linkButtonClass("outline", "md", "self-start")}>
        ← {t("details.back")}
      </Link>
      <header className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 className="text-3xl font-extrabold tabular-nums">
          {order.displayId ? t("order", { displayId: order.displayId }) : t("orderWithoutNumber")}
        </h1>
        <span className="text-xl font-semibold uppercase">
          {isKnownOrderType(order.type) ? tTypes(order.type) : order.type}
        </span>
        <span className="text-xl">{tColumns(`${order.column}.title`)}</span>
        <span className="text-lg text-zinc-300">
          {audit.storeName} · {t("details.placedAt", { time: formatDateTime(locale, order.placedAt) })}
        </span>
        {audit.channel && (
          // Which channel, and on which platform: the number above is that platform's (issue 28).
          <span className="flex items-center gap-1.5 text-lg text-zinc-300" data-testid="order-channel">
            <ChannelChip channel={audit.channel} className="text-sm leading-6" />
            {!samePlatform(audit.channel) && (
              <span aria-hidden="true">{audit.channel.platform ?? tChannels("ownPlatform")}</span>
            )}
          </span>
        )}
      </header>
      <LiveOrderWatch orderId={order.id} seq={order.seq} />
      {/* An own order still New can be corrected from the office too (issue 30). */}
      <EditOrderButton order={order} refresh className="self-start" />
      {(order.detailsUnreadable || audit.detailsError) && (
        <p className="rounded-md border-2 border-attention px-3 py-2 text-lg font-semibold text-attention">
          ⚠ {t("details.detailsUnreadable")}
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {review && (
          <section aria-labelledby="order-items-heading" className="flex flex-col gap-3">
            <h2 id="order-items-heading" className="text-2xl font-bold">
              {t("details.items")}
            </h2>
            <OrderItems items={review.items} />
            <OrderInfo review={review} />
          </section>
        )}
        <section aria-labelledby="order-audit-heading" className="flex flex-col gap-3">
          <h2 id="order-audit-heading" className="text-2xl font-bold">
            {t("details.timeline")}
          </h2>
          <OrderAuditView entries={audit.entries} />
        </section>
      </div>
    </div>
  );
}
