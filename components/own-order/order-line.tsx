"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import type { OwnOrderMenu } from "@/lib/contract/own-order-form";
import { formatCents } from "@/lib/own-orders/money";
import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";
import type { DraftLine } from "./draft";
import { SearchPicker } from "./search-picker";

type Property = OwnOrderMenu["items"][number]["properties"][number];

/**
 * One line of the order: a pizza's flavours (the second one makes it half-and-half), the
 * item's choices, quantity and note. Picking a flavour moves on (to the next flavour, then the
 * note); Enter in the note goes back to the item search (onDone), so the keyboard never stops.
 */
export function OrderLine({
  line,
  menu,
  focusFlavor,
  onChange,
  onRemove,
  onDone,
  onRefused,
}: {
  line: DraftLine;
  menu: OwnOrderMenu;
  /** Just added: its first flavour's search takes the focus. */
  focusFlavor: boolean;
  onChange: (line: DraftLine) => void;
  onRemove: () => void;
  onDone: () => void;
  onRefused: (name: string) => void;
}) {
  const t = useTranslations("ownOrder.form");
  const flavorInput = useRef<HTMLInputElement>(null);
  const noteInput = useRef<HTMLInputElement>(null);
  const size = line.kind === "pizza" ? menu.pizzaSizes.find((entry) => entry.id === line.menuId) : undefined;
  const item = line.kind === "item" ? menu.items.find((entry) => entry.id === line.menuId) : undefined;
  const name = size?.name ?? item?.name ?? "?";
  const properties: readonly Property[] = size?.properties ?? item?.properties ?? [];
  const maxFlavors = size?.maxFlavors ?? 1;
  const flavorName = (id: number) => size?.flavors.find((flavor) => flavor.id === id)?.name ?? "?";
  const choosing = size && line.flavorIds.length < maxFlavors;

  useEffect(() => {
    if (focusFlavor) flavorInput.current?.focus();
  }, [focusFlavor]);

  return (
    <li className="flex flex-col gap-2 rounded-lg border-2 border-zinc-700 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xl font-bold">{name}</p>
        <Button variant="danger" size="sm" onClick={onRemove}>
          {t("remove", { name })}
        </Button>
      </div>
      {size && line.flavorIds.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {line.flavorIds.map((id, index) => (
            <li
              key={`${id}-${index}`}
              className="flex items-center gap-2 rounded-md bg-zinc-800 py-1 pr-1 pl-3 text-lg"
            >
              {t("flavorChosen", { n: String(index + 1), name: flavorName(id) })}
              <Button
                variant="ghost"
                size="sm"
                aria-label={`${t("changeFlavor")} ${t("flavorChosen", { n: String(index + 1), name: flavorName(id) })}`}
                onClick={() => {
                  onChange({ ...line, flavorIds: line.flavorIds.filter((_, at) => at !== index) });
                  requestAnimationFrame(() => flavorInput.current?.focus());
                }}
              >
                {t("changeFlavor")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {size && choosing && (
        <SearchPicker
          key={line.flavorIds.length}
          label={
            line.flavorIds.length === 0
              ? t("flavor", { n: "1" })
              : t("flavorHalf", { n: String(line.flavorIds.length + 1) })
          }
          inputRef={flavorInput}
          entries={size.flavors.map((flavor) => ({
            id: String(flavor.id),
            label: flavor.name,
            detail: "",
            aside: formatCents(flavor.priceCents),
            soldOut: flavor.soldOut,
          }))}
          noResults={t("noResults")}
          soldOutTag={t("soldOutTag")}
          onEmptyEnter={line.flavorIds.length > 0 ? () => noteInput.current?.focus() : undefined}
          onPick={(entry) => {
            if (entry.soldOut) return onRefused(entry.label);
            const flavorIds = [...line.flavorIds, Number(entry.id)];
            onChange({ ...line, flavorIds });
            // The next flavour's search (a new field), or the note when the size takes no more.
            if (flavorIds.length >= maxFlavors) requestAnimationFrame(() => noteInput.current?.focus());
            else requestAnimationFrame(() => flavorInput.current?.focus());
          }}
        />
      )}
      {properties.length > 0 && (
        <div className="flex min-w-0 flex-wrap gap-3">
          {properties.map((property) => (
            <PropertyChoice
              key={property.id}
              property={property}
              chosen={line.choices[String(property.id)] ?? []}
              onChange={(ids) => onChange({ ...line, choices: { ...line.choices, [String(property.id)]: ids } })}
              none={t("noChoice")}
            />
          ))}
        </div>
      )}
      <div className="grid grid-cols-[6rem_minmax(0,1fr)] gap-3">
        <label className="flex flex-col gap-1">
          <span aria-hidden="true" className="text-base text-zinc-300">
            {t("quantityShort")}
          </span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={500}
            aria-label={t("quantity", { name })}
            value={line.quantity}
            onChange={(event) =>
              onChange({ ...line, quantity: Math.min(500, Math.max(1, Math.trunc(Number(event.target.value) || 1))) })
            }
            className={controlClass("md", "w-full tabular-nums")}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span aria-hidden="true" className="text-base text-zinc-300">
            {t("noteShort")}
          </span>
          <input
            ref={noteInput}
            type="text"
            aria-label={t("note", { name })}
            placeholder={t("notePlaceholder")}
            maxLength={200}
            value={line.note}
            onChange={(event) => onChange({ ...line, note: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.ctrlKey && !event.metaKey) {
                event.preventDefault();
                onDone();
              }
            }}
            className={controlClass("md", "w-full")}
          />
        </label>
      </div>
    </li>
  );
}

function PropertyChoice({
  property,
  chosen,
  onChange,
  none,
}: {
  property: Property;
  chosen: number[];
  onChange: (ids: number[]) => void;
  none: string;
}) {
  if (property.maxChoices <= 1)
    return (
      <label className="flex max-w-full min-w-0 flex-col gap-1">
        <span className="text-base text-zinc-300">{property.name}</span>
        <select
          value={chosen[0] ?? ""}
          onChange={(event) => onChange(event.target.value === "" ? [] : [Number(event.target.value)])}
          className={controlClass("md", "max-w-full")}
        >
          {property.minChoices < 1 && <option value="">{none}</option>}
          {property.options.map((option) => (
            <option key={option.id} value={option.id} disabled={option.soldOut}>
              {option.name}
              {option.priceCents > 0 ? ` +${formatCents(option.priceCents)}` : ""}
            </option>
          ))}
        </select>
      </label>
    );
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-base text-zinc-300">{property.name}</legend>
      <div className="flex flex-wrap gap-2">
        {property.options.map((option) => (
          <label key={option.id} className="flex min-h-12 items-center gap-2 rounded-md border border-zinc-700 px-2">
            <input
              type="checkbox"
              className="size-5"
              disabled={option.soldOut}
              checked={chosen.includes(option.id)}
              onChange={(event) =>
                onChange(event.target.checked ? [...chosen, option.id] : chosen.filter((id) => id !== option.id))
              }
            />
            {option.name}
            {option.priceCents > 0 ? ` +${formatCents(option.priceCents)}` : ""}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
