import { getTranslations } from "next-intl/server";

interface Props {
  from: string;
  to: string;
  store: string | undefined;
  stores: Array<{ id: string; name: string }>;
}

// Labels beside (not around) their fields: a wrapping label would put the chosen option in the name.
const group = "flex flex-col gap-1 text-base text-zinc-300";
const field = "min-h-12 rounded-lg border-2 border-zinc-600 bg-zinc-900 px-3 text-lg text-zinc-100";

/** A plain GET form: the filters live in the URL, so a report can be bookmarked and shared. */
export async function ReportFilters({ from, to, store, stores }: Props) {
  const t = await getTranslations("reports.filters");
  return (
    <form method="get" action="/manager/reports" aria-label={t("label")} className="mb-4 flex flex-wrap items-end gap-3">
      <div className={group}>
        <label htmlFor="report-from">{t("from")}</label>
        <input id="report-from" type="date" name="from" defaultValue={from} required className={field} />
      </div>
      <div className={group}>
        <label htmlFor="report-to">{t("to")}</label>
        <input id="report-to" type="date" name="to" defaultValue={to} required className={field} />
      </div>
      {stores.length > 1 && (
        <div className={group}>
          <label htmlFor="report-store">{t("store")}</label>
          <select id="report-store" name="store" defaultValue={store ?? ""} className={field}>
            <option value="">{t("allStores")}</option>
            {stores.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <button type="submit" className="min-h-12 rounded-lg bg-zinc-100 px-6 text-lg font-bold text-zinc-950">
        {t("apply")}
      </button>
    </form>
  );
}
