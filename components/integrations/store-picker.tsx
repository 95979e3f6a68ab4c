import { useTranslations } from "next-intl";
import { inputClass } from "./field";

/** Chooses the store to set up: a plain GET form, so it works before any script loads. */
export function StorePicker({ stores, selected }: { stores: Array<{ id: string; name: string }>; selected: string }) {
  const t = useTranslations("integrations");
  return (
    <form method="get" className="flex flex-wrap items-end gap-2">
      <label className="flex min-w-64 flex-1 flex-col gap-1 text-lg font-semibold">
        {t("store")}
        <select name="store" defaultValue={selected} className={inputClass}>
          {stores.map((store) => (
            <option key={store.id} value={store.id}>
              {store.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="min-h-12 rounded-lg border-2 border-zinc-500 px-5 text-lg font-semibold active:bg-zinc-800">
        {t("open")}
      </button>
    </form>
  );
}
