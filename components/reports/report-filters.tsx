import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";

interface Props {
  from: string;
  to: string;
  store: string | undefined;
  stores: Array<{ id: string; name: string }>;
}

/** A plain GET form: the filters live in the URL, so a report can be bookmarked and shared. */
export async function ReportFilters({ from, to, store, stores }: Props) {
  const t = await getTranslations("reports.filters");
  return (
    <form
      method="get"
      action="/manager/reports"
      aria-label={t("label")}
      className="mb-4 flex flex-wrap items-end gap-3"
    >
      <Field label={t("from")} id="report-from" quiet className="text-base">
        {(control) => <input {...control} type="date" name="from" defaultValue={from} required />}
      </Field>
      <Field label={t("to")} id="report-to" quiet className="text-base">
        {(control) => <input {...control} type="date" name="to" defaultValue={to} required />}
      </Field>
      {stores.length > 1 && (
        <Field label={t("store")} id="report-store" quiet className="text-base">
          {(control) => (
            <Select {...control} name="store" defaultValue={store ?? ""} choices={stores} anyLabel={t("allStores")} />
          )}
        </Field>
      )}
      <Button variant="light" type="submit">
        {t("apply")}
      </Button>
    </form>
  );
}
