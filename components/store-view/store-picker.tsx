import { getTranslations } from "next-intl/server";

/**
 * Which store to show, for managers of several: a plain GET form (?store=…), so the choice is in
 * the address, survives a reload and works before any JavaScript has loaded.
 */
export async function StorePicker({ stores, selected }: { stores: Array<{ id: string; name: string }>; selected: string }) {
  const t = await getTranslations("storeView");
  return (
    <form method="get" action="/manager/store" className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1 text-lg">
        <label htmlFor="store-picker" className="text-zinc-300">
          {t("pickerLabel")}
        </label>
        <select id="store-picker" name="store" defaultValue={selected} className="min-h-12 rounded-lg border-2 border-zinc-600 bg-zinc-900 px-3 text-lg">
          {stores.map((store) => (
            <option key={store.id} value={store.id}>
              {store.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="min-h-12 rounded-lg border-2 border-zinc-500 px-4 text-lg font-semibold active:bg-zinc-800">
        {t("pickerShow")}
      </button>
    </form>
  );
}
