import { useLocale, useTranslations } from "next-intl";
import type { AuditEntry } from "@/lib/history/order-audit";
import { useTimelineLabel } from "@/components/order/use-timeline-label";
import { flattenFields, isInstant, isKnownField } from "./audit-fields";
import { formatDateTime } from "./format";

const OUTCOMES = ["succeeded", "rejected", "failed"] as const;

function Json({ value }: { value: unknown }) {
  return (
    <pre className="mt-1 max-h-64 overflow-auto rounded-md bg-zinc-950 p-2 text-base whitespace-pre-wrap break-all">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/**
 * What was sent or answered as readable fields (known names in the viewer's words, times in the
 * store's zone), the raw JSON behind a toggle for whoever needs the exact text.
 */
function Fields({ value }: { value: unknown }) {
  const t = useTranslations("auditFields");
  const locale = useLocale();
  const fields = flattenFields(value);
  const label = (path: string[]) =>
    path.map((key) => (isKnownField(key) ? t(`field.${key}`) : /^\d+$/.test(key) ? `${key}º` : key)).join(" › ");
  const shown = (field: string | number | boolean | null) =>
    field === null
      ? "—"
      : typeof field === "boolean"
        ? t(field ? "yes" : "no")
        : isInstant(field)
          ? formatDateTime(locale, field, true)
          : typeof field === "number"
            ? new Intl.NumberFormat(locale).format(field)
            : field;
  return (
    <div className="mt-1 flex flex-col gap-1">
      {fields.length > 0 ? (
        <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1 rounded-md bg-zinc-950 p-2 text-base">
          {fields.map((field) => (
            <div key={field.path.join(".")} className="contents">
              <dt className="text-zinc-400">{label(field.path)}</dt>
              <dd className="break-words">{shown(field.value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-zinc-400">{t("noFields")}</p>
      )}
      <details>
        <summary className="min-h-12 cursor-pointer py-2 text-zinc-400">{t("rawJson")}</summary>
        <Json value={value} />
      </details>
    </div>
  );
}

/**
 * The whole life of an order, oldest first: platform events (when they happened and when Comanda
 * received them) and staff actions (who, when, what was sent, what the platform answered).
 */
export function OrderAuditView({ entries }: { entries: AuditEntry[] }) {
  const t = useTranslations("history.details");
  const name = useTimelineLabel();
  const locale = useLocale();
  if (entries.length === 0) return <p>{t("empty")}</p>;
  return (
    <ol className="flex flex-col gap-2">
      {entries.map((entry, index) => (
        <li key={index} className="rounded-lg bg-zinc-800 px-4 py-3 text-lg">
          <p className="flex flex-wrap items-baseline gap-x-3">
            <time dateTime={entry.at} className="tabular-nums text-zinc-400">
              {formatDateTime(locale, entry.at, true)}
            </time>
            {/* The platform's own type (CREATED…) only as the tooltip: the page says it in words. */}
            <span className="font-bold" title={entry.name}>
              {name(entry)}
            </span>
            <span className="text-zinc-400">{entry.kind === "event" ? t("event") : t("action")}</span>
          </p>
          {entry.kind === "event" && (
            <>
              <p className="text-zinc-400">
                {t("eventAt", { received: formatDateTime(locale, entry.receivedAt, true) })}
              </p>
              {entry.metadata && <Fields value={entry.metadata} />}
            </>
          )}
          {entry.kind === "action" && (
            <div className="flex flex-col gap-1">
              <p>
                <span className={entry.outcome === "succeeded" ? "text-go" : "text-overdue"}>
                  {(OUTCOMES as readonly string[]).includes(entry.outcome)
                    ? t(`outcome.${entry.outcome as (typeof OUTCOMES)[number]}`)
                    : entry.outcome}
                </span>
                {" · "}
                {entry.actor ? t("by", { name: entry.actor }) : t("byNobody")}
              </p>
              <details>
                <summary className="min-h-12 cursor-pointer py-2 font-semibold">{t("sent")}</summary>
                {entry.sent === null || entry.sent === undefined ? (
                  <p>{t("nothingSent")}</p>
                ) : (
                  <Fields value={entry.sent} />
                )}
              </details>
              <details open={entry.outcome !== "succeeded"}>
                <summary className="min-h-12 cursor-pointer py-2 font-semibold">
                  {entry.responseStatus === null
                    ? t("noAnswer")
                    : t("answer", { status: String(entry.responseStatus) })}
                </summary>
                {entry.response !== null && entry.response !== undefined && <Fields value={entry.response} />}
              </details>
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
