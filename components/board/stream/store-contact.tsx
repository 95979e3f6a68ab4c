"use client";

import { useTranslations } from "next-intl";
import { useAgo } from "../alerts/alert-banners";
import { contactAge } from "./connection-state";
import type { BoardConnection } from "./use-board-stream";

/**
 * "Platform: 2 s ago" per store, in the status bar: the last time the platform answered. While
 * the stream is down the server cannot tell us, so the figures are marked as old.
 */
export function StoreContact({ connection, now }: { connection: BoardConnection; now: number }) {
  const t = useTranslations("alerts.contact");
  const ago = useAgo();
  const status = connection.status;
  if (!status || status.stores.length === 0) return null;
  const stale = connection.state !== "live";
  const single = status.stores.length === 1;

  return (
    <p
      data-testid="platform-contact"
      // Several stores get a line of their own under the bar, so the bar itself does not wrap.
      className={`flex flex-wrap items-center gap-x-4 text-lg ${single ? "" : "order-last basis-full"} ${stale ? "text-zinc-500" : "text-zinc-300"}`}
    >
      <span>{t("label")}</span>{" "}
      {status.stores.map((store) => (
        <span
          key={store.id}
          // Fixed-width digits, one line: "9 s" → "48 s (no contact)" must not re-wrap the bar.
          className={`whitespace-nowrap tabular-nums ${store.down && !stale ? "font-bold text-overdue" : ""}`}
          data-store={store.id}
        >
          {single ? null : `${store.name}: `}
          {ago(contactAge(store, status.receivedAt, now))}
          {store.down && !stale ? ` (${t("down")})` : null}
        </span>
      ))}
      {stale && <span className="sr-only">{t("stale")}</span>}
    </p>
  );
}
