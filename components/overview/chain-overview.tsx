"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { boardQueryOptions } from "@/components/board/stream/board-query";
import { useBoardStream } from "@/components/board/stream/use-board-stream";
import { useNow } from "@/components/board/stream/use-now";
import { formatMoney } from "@/components/order/details-format";
import { ACTIVE_COLUMNS, stageCounts } from "@/lib/overview/late";
import { liveChannelState, type OverviewChannel } from "@/lib/overview/channels";
import type { ChannelStatus } from "@/lib/contract/stream";

export interface OverviewStore {
  id: string;
  name: string;
  /** Null while the store's availability is not known (see lib/overview/availability.ts). */
  availability: "open" | "paused" | "closed" | null;
  today: { orders: number; revenue: number };
  lastWeek: { orders: number; revenue: number };
  /** Its channels (issue 28): label, platform and state. */
  channels: OverviewChannel[];
}

const CHANNEL_STATE_CLASS: Record<OverviewChannel["state"], string> = {
  enabled: "border-zinc-500 text-zinc-200",
  disabled: "border-zinc-600 text-zinc-400",
  down: "border-overdue text-overdue",
};

/** A restaurant's channels: each one's label on its colour, its platform, and whether it is down. */
function ChannelList({ channels, live }: { channels: OverviewChannel[]; live: readonly ChannelStatus[] | undefined }) {
  const t = useTranslations("overview");
  const stateText = { enabled: t("channelEnabled"), disabled: t("channelDisabled"), down: t("channelDown") };
  if (channels.length === 0) return <p className="text-zinc-400">{t("noChannels")}</p>;
  return (
    <ul aria-label={t("channels")} className="flex flex-col gap-1">
      {channels.map((channel) => {
        const state = liveChannelState(channel, live?.find((entry) => entry.id === channel.id)?.down);
        return (
          <li key={channel.id} className="flex flex-wrap items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block size-3 shrink-0 rounded-full"
              style={{ backgroundColor: channel.color }}
            />
            <span className="font-semibold">{channel.label}</span>{" "}
            {/* The platform beside the label, unless the label is its name already (the demo's). */}
            {channel.platform !== channel.label && (
              <span className="text-zinc-400">{channel.platform ?? t("ownChannel")}</span>
            )}{" "}
            <span className={`rounded border-2 px-2 text-sm font-semibold ${CHANNEL_STATE_CLASS[state]}`}>
              {stateText[state]}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Today's figures come from the server: re-read at most this often while orders change. */
const REFRESH_FIGURES_MS = 10_000;

const STAGE_COLOR: Record<string, string> = {
  new: "text-new",
  preparing: "text-preparing",
  ready: "text-ready",
  dispatched: "text-dispatched",
};

/**
 * Every store of the manager on one screen: availability, connection (last contact), orders now
 * per stage and late ones, today against the same weekday last week. Live: the board's snapshot
 * and stream (orders and connection), and the day's figures re-read from the server when orders change.
 */
export function ChainOverview({ stores }: { stores: OverviewStore[] }) {
  const t = useTranslations("overview");
  const tColumns = useTranslations("columns");
  const locale = useLocale();
  const format = useFormatter();
  const router = useRouter();
  const snapshot = useQuery(boardQueryOptions);
  const connection = useBoardStream(snapshot.isSuccess);
  const now = useNow();
  const orders = snapshot.data?.orders ?? [];

  // The day's figures follow the orders: a change on the stream re-reads them (throttled).
  const lastSeq = snapshot.data?.lastSeq;
  const firstSeq = useRef<number | undefined>(undefined);
  const lastRefresh = useRef(0);
  useEffect(() => {
    if (lastSeq === undefined) return;
    if (firstSeq.current === undefined) {
      firstSeq.current = lastSeq;
      return;
    }
    const wait = Math.max(0, lastRefresh.current + REFRESH_FIGURES_MS - Date.now());
    const timer = setTimeout(() => {
      lastRefresh.current = Date.now();
      router.refresh();
    }, wait);
    return () => clearTimeout(timer);
  }, [lastSeq, router]);

  const money = (value: number) => formatMoney(locale, value, "BRL") ?? "—";
  const change = (today: number, before: number) =>
    before === 0
      ? t("noComparison")
      : format.number((today - before) / before, { style: "percent", signDisplay: "always" });

  return (
    <ul aria-label={t("stores")} className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {stores.map((store) => {
        const counts = stageCounts(orders, store.id, now);
        const status = connection.status?.stores.find((entry) => entry.id === store.id);
        const contact =
          status === undefined
            ? t("contactUnknown")
            : status.lastContactAgeSeconds === null
              ? t("neverContacted")
              : t("lastContact", { seconds: String(Math.round(status.lastContactAgeSeconds)) });
        const headingId = `overview-${store.id}`;
        return (
          <li key={store.id}>
            <section aria-labelledby={headingId} className="flex h-full flex-col gap-3 rounded-xl bg-zinc-900 p-4">
              <header className="flex flex-wrap items-center justify-between gap-2">
                <h2 id={headingId} className="text-2xl font-bold">
                  {store.name}
                </h2>
                <div className="flex flex-wrap gap-2">
                  {store.availability && (
                    <span
                      className={`rounded border-2 px-2 font-semibold ${store.availability === "open" ? "border-go text-go" : "border-attention text-attention"}`}
                    >
                      {t(`availability.${store.availability}`)}
                    </span>
                  )}
                  <span
                    className={`rounded border-2 px-2 font-semibold ${status?.down ? "border-overdue text-overdue" : "border-zinc-500 text-zinc-200"}`}
                  >
                    {status?.down ? t("connectionDown") : status ? t("connectionUp") : t("connecting")}
                  </span>
                </div>
              </header>
              <p className="text-zinc-400">{contact}</p>
              <ChannelList channels={store.channels} live={connection.status?.channels} />
              <dl className="grid grid-cols-4 gap-2 text-center">
                {ACTIVE_COLUMNS.map((column) => (
                  <div key={column} className="rounded-lg bg-zinc-800 p-2">
                    <dt className="text-sm text-zinc-300">{tColumns(`${column}.title`)}</dt>
                    <dd className={`text-3xl font-bold tabular-nums ${STAGE_COLOR[column]}`}>
                      {snapshot.isSuccess ? counts.byColumn[column] : "…"}
                    </dd>
                  </div>
                ))}
              </dl>
              <p
                className={`text-lg font-semibold ${counts.late > 0 ? "text-overdue" : "text-zinc-300"}`}
                aria-live="polite"
              >
                {snapshot.isSuccess ? t("late", { count: counts.late }) : t("loading")}
              </p>
              <dl className="grid grid-cols-2 gap-2">
                <div>
                  <dt className="text-zinc-400">{t("ordersToday")}</dt>
                  <dd className="text-2xl font-bold tabular-nums">{store.today.orders}</dd>
                  <dd className="text-zinc-300">
                    {t("vsLastWeek", {
                      value: String(store.lastWeek.orders),
                      change: change(store.today.orders, store.lastWeek.orders),
                    })}
                  </dd>
                </div>
                <div>
                  <dt className="text-zinc-400">{t("revenueToday")}</dt>
                  <dd className="text-2xl font-bold tabular-nums">{money(store.today.revenue)}</dd>
                  <dd className="text-zinc-300">
                    {t("vsLastWeek", {
                      value: money(store.lastWeek.revenue),
                      change: change(store.today.revenue, store.lastWeek.revenue),
                    })}
                  </dd>
                </div>
              </dl>
              <p className="text-sm text-zinc-400">{t("revenueCaption")}</p>
              <div className="mt-auto flex flex-wrap gap-2">
                <Link
                  href="/board"
                  className="flex min-h-12 items-center rounded-lg border-2 border-zinc-500 px-4 font-semibold"
                >
                  {t("openBoard")}
                </Link>
                <Link
                  href={`/manager/orders?store=${encodeURIComponent(store.id)}`}
                  className="flex min-h-12 items-center rounded-lg border-2 border-zinc-500 px-4 font-semibold"
                >
                  {t("openHistory")}
                </Link>
              </div>
            </section>
          </li>
        );
      })}
    </ul>
  );
}
