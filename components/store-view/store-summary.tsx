import { getFormatter, getTranslations } from "next-intl/server";
import { Notice } from "@/components/ui/notice";
import { shortTime, storeOffset, storeWeekday } from "@/lib/platform/store-api/hours";
import type { PaymentForm, StoreInfo } from "@/lib/platform/store-api/types";
import { formatPhone } from "@/lib/format/phone";
import { formatMoney, weekdayName, type Formatter, type StoreViewT } from "./format";

/** The store's data as the platform shows it: open or closed (in words), minimums, hours, payments. */
export async function StoreSummary({
  store,
  paymentForms,
  now,
}: {
  store: StoreInfo;
  paymentForms: PaymentForm[];
  now: Date;
}) {
  const [t, format] = await Promise.all([getTranslations("storeView"), getFormatter()]);
  const status = store.status.toUpperCase();
  const badge =
    status === "OPEN"
      ? { text: t("statusOpen"), className: "border-go text-go" }
      : status === "CLOSED"
        ? { text: t("statusClosed"), className: "border-overdue text-overdue" }
        : { text: t("statusOther", { status: store.status }), className: "border-attention text-attention" };
  const delivery = formatMoney(format, store.minimumOrder);
  const takeout = formatMoney(format, store.takeoutMinimumOrder);
  return (
    <section aria-labelledby="store-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="store-heading" className="text-3xl font-extrabold">
          {store.name}
        </h2>
        <p className={`rounded-lg border-2 px-3 py-1 text-xl font-bold ${badge.className}`}>{badge.text}</p>
      </div>
      {store.description && <p className="text-lg text-zinc-300">{store.description}</p>}
      {store.receivesOrders === false && <Notice tone="error">{t("notReceivingOrders")}</Notice>}
      <div className="grid gap-4 md:grid-cols-2">
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 rounded-lg bg-zinc-800 p-4 text-lg sm:grid-cols-[auto_1fr] sm:gap-y-2">
          <dt className="text-zinc-400">{t("address")}</dt>
          <dd>{store.address || "—"}</dd>
          <dt className="text-zinc-400">{t("telephone")}</dt>
          <dd>{store.telephone ? formatPhone(store.telephone) : "—"}</dd>
          {store.companyName && (
            <>
              <dt className="text-zinc-400">{t("company")}</dt>
              <dd>{store.companyName}</dd>
            </>
          )}
          <dt className="text-zinc-400">{t("minimumOrder")}</dt>
          <dd>
            {[
              delivery && t("minimumDelivery", { amount: delivery }),
              takeout && t("minimumTakeout", { amount: takeout }),
            ]
              .filter(Boolean)
              .join(" · ") || "—"}
          </dd>
          <dt className="text-zinc-400">{t("waiting")}</dt>
          <dd>
            {store.waitingMinutes
              ? t("waitingRange", { min: String(store.waitingMinutes.min), max: String(store.waitingMinutes.max) })
              : "—"}
          </dd>
          <dt className="text-zinc-400">{t("payments")}</dt>
          <dd>
            <ul aria-label={t("payments")}>
              {paymentForms.map((form) => (
                <li key={form.id}>
                  <span className="font-semibold">{form.name}</span>{" "}
                  <span className="text-zinc-400">
                    — {form.online ? t("paymentOnline") : t("paymentOffline")}
                    {form.askForChange ? ` · ${t("paymentChange")}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          </dd>
        </dl>
        <BusinessHours store={store} now={now} t={t} format={format} />
      </div>
    </section>
  );
}

function BusinessHours({ store, now, t, format }: { store: StoreInfo; now: Date; t: StoreViewT; format: Formatter }) {
  const offset = storeOffset(store.businessHours);
  const today = storeWeekday(now, offset);
  const sign = offset < 0 ? "−" : "+";
  const zone = `${sign}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0")}:${String(Math.abs(offset) % 60).padStart(2, "0")}`;
  return (
    <div className="rounded-lg bg-zinc-800 p-4">
      <h3 className="text-xl font-semibold">{t("hours")}</h3>
      <p className="mb-2 text-zinc-400">{t("hoursZone", { offset: zone })}</p>
      <table className="w-full text-lg">
        <tbody>
          {[0, 1, 2, 3, 4, 5, 6].map((weekday) => {
            const shifts = store.businessHours
              .filter((h) => h.weekday === weekday)
              .sort((a, b) => a.start.localeCompare(b.start))
              .map((h) => t("shift", { start: shortTime(h.start), end: shortTime(h.end) }));
            const isToday = weekday === today;
            return (
              <tr
                key={weekday}
                aria-current={isToday ? "date" : undefined}
                className={isToday ? "bg-zinc-100 font-bold text-zinc-950" : ""}
              >
                <th scope="row" className="px-2 py-1 text-left font-semibold">
                  {weekdayName(format, weekday)}
                  {isToday ? ` (${t("today")})` : ""}
                </th>
                <td className="px-2 py-1">{shifts.length > 0 ? shifts.join(" · ") : t("closedAllDay")}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
