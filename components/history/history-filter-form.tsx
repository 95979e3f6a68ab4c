import Link from "next/link";
import { useTranslations } from "next-intl";
import { HISTORY_STATUSES, HISTORY_TYPES, type HistoryFilters } from "@/lib/history/filters";
import { buttonClass, fieldClass } from "./format";

interface Props {
  filters: HistoryFilters;
  /** The days actually shown (defaults filled in). */
  fromDay: string;
  toDay: string;
  stores: ReadonlyArray<{ id: string; name: string }>;
  exportHref: string;
}

/**
 * The history's filters as a plain GET form: the URL carries them, so a filtered view can be
 * shared or bookmarked, and it works before (or without) any JavaScript.
 */
export function HistoryFilterForm({ filters, fromDay, toDay, stores, exportHref }: Props) {
  const t = useTranslations("history");
  const tColumns = useTranslations("columns");
  const tTypes = useTranslations("orderType");
  return (
    <form method="get" action="/manager/orders" aria-label={t("filters")} className="grid grid-cols-2 gap-3 rounded-xl bg-zinc-900 p-4 lg:grid-cols-6">
      <label className="col-span-2 flex flex-col gap-1">
        <span className="text-zinc-300">{t("search")}</span>
        <input type="search" name="q" defaultValue={filters.q ?? ""} placeholder={t("searchHint")} className={fieldClass} />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-zinc-300">{t("from")}</span>
        <input type="date" name="from" defaultValue={fromDay} className={fieldClass} />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-zinc-300">{t("to")}</span>
        <input type="date" name="to" defaultValue={toDay} className={fieldClass} />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-zinc-300">{t("status")}</span>
        <select name="status" defaultValue={filters.status ?? ""} className={fieldClass}>
          <option value="">{t("any")}</option>
          {HISTORY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {tColumns(`${status}.title`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-zinc-300">{t("type")}</span>
        <select name="type" defaultValue={filters.type ?? ""} className={fieldClass}>
          <option value="">{t("any")}</option>
          {HISTORY_TYPES.map((type) => (
            <option key={type} value={type}>
              {tTypes(type)}
            </option>
          ))}
        </select>
      </label>
      {stores.length > 1 && (
        <label className="col-span-2 flex flex-col gap-1">
          <span className="text-zinc-300">{t("store")}</span>
          <select name="store" defaultValue={filters.store ?? ""} className={fieldClass}>
            <option value="">{t("allStores")}</option>
            {stores.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className={`col-span-2 flex flex-wrap items-end gap-2 lg:justify-end ${stores.length > 1 ? "lg:col-span-4" : "lg:col-span-6"}`}>
        <button type="submit" className={`${buttonClass} border-zinc-100 bg-zinc-100 text-zinc-950`}>
          {t("apply")}
        </button>
        <Link href="/manager/orders" className={buttonClass}>
          {t("clear")}
        </Link>
        <a href={exportHref} download className={buttonClass}>
          {t("export")}
        </a>
      </div>
    </form>
  );
}
