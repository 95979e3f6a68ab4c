"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { StoreOperations } from "@/lib/contract/manager";

/** A store's quarantined events: what could not be stored, when, and why. */
export function QuarantinedEvents({ store, headingId }: { store: StoreOperations; headingId: string }) {
  const t = useTranslations("operations");
  const format = useFormatter();
  return (
    <section aria-labelledby={`${headingId}-quarantined`} className="flex flex-col gap-2">
      <h3 id={`${headingId}-quarantined`} className="text-xl font-bold">
        {t("quarantined")} ({store.quarantined.length})
      </h3>
      <p className="text-zinc-400">{t("quarantinedIntro")}</p>
      {store.quarantined.length === 0 && <p className="text-lg">{t("noQuarantined")}</p>}
      <ul className="flex flex-col gap-2">
        {store.quarantined.map((event) => (
          <li key={event.eventId} className="rounded-lg bg-zinc-800 px-4 py-2">
            <p className="break-words text-lg font-bold">
              {t("quarantinedEvent", { eventId: event.eventId, orderId: event.orderId ?? "—" })}
            </p>
            <p className="text-zinc-300">
              {format.dateTime(new Date(event.receivedAt), { dateStyle: "short", timeStyle: "short" })}
            </p>
            <p className="break-words text-base text-zinc-400">{event.reason}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
