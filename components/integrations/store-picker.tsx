import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";

/** Chooses the store to set up: a plain GET form, so it works before any script loads. */
export function StorePicker({ stores, selected }: { stores: Array<{ id: string; name: string }>; selected: string }) {
  const t = useTranslations("integrations");
  return (
    <form method="get" className="flex flex-wrap items-end gap-2">
      <Field label={t("store")} className="min-w-64 flex-1">
        {(control) => <Select {...control} name="store" defaultValue={selected} choices={stores} />}
      </Field>
      <Button variant="outline" type="submit">
        {t("open")}
      </Button>
    </form>
  );
}
