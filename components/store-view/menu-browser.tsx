import { getFormatter, getTranslations } from "next-intl/server";
import { shortTime } from "@/lib/platform/store-api/hours";
import type {
  MenuCategory,
  MenuItem,
  MenuProperty,
  PizzaFlavor,
  PizzaSize,
  StoreMenu,
  WeeklyPeriod,
} from "@/lib/platform/store-api/types";
import { formatMoney, type Formatter, type StoreViewT } from "./format";

// The read-only menu: native disclosure widgets (details/summary), so it opens with a tap,
// works without JavaScript and is announced as expandable by screen readers.

const summaryClass =
  "flex min-h-12 cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-lg [&::-webkit-details-marker]:hidden";

/** The disclosure arrow (a flex summary loses the browser's own); turns when its own details opens. */
const Chevron = ({ group }: { group: "cat" | "item" | "size" }) => (
  <span
    aria-hidden
    className={`inline-block w-4 text-zinc-400 transition-transform ${
      group === "cat"
        ? "group-open/cat:rotate-90"
        : group === "item"
          ? "group-open/item:rotate-90"
          : "group-open/size:rotate-90"
    }`}
  >
    ▸
  </span>
);

export async function MenuBrowser({ menu }: { menu: StoreMenu }) {
  const [t, format] = await Promise.all([getTranslations("storeView"), getFormatter()]);
  const hasPizzaCategory = menu.categories.some((c) => c.isPizzaModule);
  return (
    <section aria-labelledby="menu-heading" className="flex flex-col gap-3">
      <h2 id="menu-heading" className="text-2xl font-bold">
        {t("menu")}
      </h2>
      <p className="text-zinc-300">{t("menuHint")}</p>
      {menu.categories.length === 0 && menu.pizzaSizes.length === 0 && <p className="text-lg">{t("menuEmpty")}</p>}
      <div className="flex flex-col gap-2">
        {menu.categories.map((category) => (
          <Category
            key={category.id}
            category={category}
            sizes={category.isPizzaModule ? menu.pizzaSizes : []}
            t={t}
            format={format}
          />
        ))}
        {!hasPizzaCategory && menu.pizzaSizes.length > 0 && (
          <Category
            category={{
              id: 0,
              name: t("pizzaSizes"),
              description: "",
              status: "ACTIVE",
              isPizzaModule: true,
              items: [],
            }}
            sizes={menu.pizzaSizes}
            t={t}
            format={format}
          />
        )}
      </div>
    </section>
  );
}

interface Words {
  t: StoreViewT;
  format: Formatter;
}

function Status({ status, t }: { status: string; t: StoreViewT }) {
  const value = status.toUpperCase();
  // Available is the rule: said quietly; anything else stands out, in words as well as colour.
  if (value === "AVAILABLE" || value === "ACTIVE" || value === "") {
    return <span className="text-base text-zinc-400">{t("available")}</span>;
  }
  const word = value === "UNAVAILABLE" || value === "INACTIVE" ? t("unavailableStatus") : t("otherStatus", { status });
  return <span className="rounded border border-overdue px-2 text-base font-semibold text-overdue">{word}</span>;
}

function Category({ category, sizes, t, format }: { category: MenuCategory; sizes: PizzaSize[] } & Words) {
  const count = category.items.length + sizes.length;
  return (
    <details className="group/cat rounded-lg bg-zinc-800">
      <summary className={`${summaryClass} font-bold`}>
        <Chevron group="cat" />
        <span className="text-xl">{category.name}</span>
        <span className="text-base font-normal text-zinc-400">
          {sizes.length > 0 ? t("pizzaSizes") : t("itemsCount", { count })}
        </span>
        {category.status.toUpperCase() !== "ACTIVE" && <Status status={category.status} t={t} />}
      </summary>
      <div className="flex flex-col gap-2 px-3 pb-3">
        {category.description && <p className="text-zinc-300">{category.description}</p>}
        {category.items.map((item) => (
          <Item key={item.id} item={item} t={t} format={format} />
        ))}
        {sizes.map((size) => (
          <Size key={size.id} size={size} t={t} format={format} />
        ))}
      </div>
    </details>
  );
}

function Item({ item, t, format }: { item: MenuItem } & Words) {
  const old = formatMoney(format, item.oldPrice);
  return (
    <details className="group/item rounded-lg border border-zinc-700 bg-zinc-900">
      <summary className={summaryClass}>
        <Chevron group="item" />
        <span className="font-semibold">{item.name}</span>
        <span>{formatMoney(format, item.price) ?? t("noPrice")}</span>
        {old && <span className="text-zinc-400 line-through">{t("oldPrice", { price: old })}</span>}
        <Status status={item.status} t={t} />
      </summary>
      <div className="flex flex-col gap-2 px-3 pb-3">
        {item.description && <p className="text-zinc-300">{item.description}</p>}
        {item.availabilities.length > 0 && (
          <p className="text-late">{t("onlyAt", { periods: periodsText(item.availabilities, format) })}</p>
        )}
        {item.properties.map((property) => (
          <Property key={property.id} property={property} t={t} format={format} />
        ))}
      </div>
    </details>
  );
}

function Property({ property, t, format }: { property: MenuProperty } & Words) {
  const range = t("choiceRange", { min: property.minChoices, max: String(property.maxChoices) });
  return (
    <div>
      <p className="font-semibold">{t("options", { name: property.name, range })}</p>
      <ul className="ml-4 list-disc">
        {property.options.map((option) => (
          <li key={option.id}>
            {option.name} —{" "}
            {option.price && option.price.value > 0 ? `+ ${formatMoney(format, option.price)}` : t("optionFree")}
            {option.status && option.status.toUpperCase() !== "AVAILABLE" ? (
              <>
                {" "}
                · <Status status={option.status} t={t} />
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Size({ size, t, format }: { size: PizzaSize } & Words) {
  const savory = size.flavors.filter((f) => !f.sweet);
  const sweet = size.flavors.filter((f) => f.sweet);
  return (
    <details className="group/size rounded-lg border border-zinc-700 bg-zinc-900">
      <summary className={summaryClass}>
        <Chevron group="size" />
        <span className="font-semibold">{size.name}</span>
        {/* The platform's description when it has one (it usually says the same), else ours. */}
        <span className="text-zinc-300">
          {size.description ||
            (size.slices
              ? t("pizzaSizeSummary", { slices: size.slices, flavors: size.maximumFlavors ?? 1 })
              : t("pizzaSizeFlavors", { flavors: size.maximumFlavors ?? 1 }))}
        </span>
        <Status status={size.status} t={t} />
      </summary>
      <div className="flex flex-col gap-3 px-3 pb-3">
        {size.priceCalculationType && <p>{t("priceRule", { rule: size.priceCalculationType })}</p>}
        <Flavors title={t("savoryFlavors")} flavors={savory} t={t} format={format} />
        <Flavors title={t("sweetFlavors")} flavors={sweet} t={t} format={format} />
        {size.properties.map((property) => (
          <Property key={property.id} property={property} t={t} format={format} />
        ))}
      </div>
    </details>
  );
}

function Flavors({ title, flavors, t, format }: { title: string; flavors: PizzaFlavor[] } & Words) {
  if (flavors.length === 0) return null;
  return (
    <div>
      <h4 className="font-semibold">{title}</h4>
      <ul aria-label={title} className="grid gap-1 sm:grid-cols-2">
        {flavors.map((flavor) => (
          <li key={flavor.id} className="flex flex-wrap items-baseline gap-x-2 rounded bg-zinc-800 px-2 py-1">
            <span className="font-semibold">{flavor.name}</span>
            <span>{formatMoney(format, flavor.price) ?? t("noPrice")}</span>
            <Status status={flavor.status} t={t} />
            {flavor.description && <span className="w-full text-zinc-400">{flavor.description}</span>}
            {flavor.availabilities.length > 0 && (
              <span className="w-full text-late">
                {t("onlyAt", { periods: periodsText(flavor.availabilities, format) })}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "seg., ter., qua. 11:00–15:00": weekdays grouped by their time span. */
function periodsText(periods: WeeklyPeriod[], format: Formatter): string {
  const groups = new Map<string, number[]>();
  for (const period of periods) {
    const key = `${shortTime(period.start)}–${shortTime(period.end)}`;
    groups.set(key, [...(groups.get(key) ?? []), period.weekday]);
  }
  const day = (weekday: number) =>
    format.dateTime(new Date(Date.UTC(2026, 0, 4 + weekday, 12)), { weekday: "short", timeZone: "UTC" });
  return [...groups].map(([span, days]) => `${days.sort().map(day).join(", ")} ${span}`).join("; ");
}
