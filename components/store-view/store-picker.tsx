import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";

/**
 * Which store to show, for managers of several: a plain GET form (?store=…), so the choice is in
 * the address, survives a reload and works before any JavaScript has loaded.
 */
export async function StorePicker({
  stores,
  selected,
}: {
  stores: Array<{ id: string; name: string }>;
  selected: string;
}) {
  const t = await getTranslations("storeView");
  return (
    <form method="get" action="/manager/store" className="flex flex-wrap items-end gap-3">
      <Field label={t("pickerLabel")} id="store-picker" quiet className="text-lg">
        {(control) => <Select {...control} name="store" defaultValue={selected} choices={stores} />}
      </Field>
      <Button variant="outline" type="submit">
        {t("pickerShow")}
      </Button>
    </form>
  );
}
