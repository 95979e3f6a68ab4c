"use client";

import { useTranslations } from "next-intl";
import { OWN_ORDER_TYPES, OWN_SOURCES } from "@/lib/contract/own-order";
import type { OwnOrderMenu } from "@/lib/contract/own-order-form";
import { Field } from "@/components/ui/field";
import type { Draft, DraftAddress } from "./draft";
import { SavedAddresses } from "./saved-addresses";
import { ScheduleField } from "./schedule-field";
import { useCustomerLookup } from "./use-customer-lookup";

/** A row of radio buttons: Tab reaches the chosen one, the arrows change it (the browser's own). */
function Choices<T extends string>({
  legend,
  name,
  values,
  value,
  label,
  onChange,
}: {
  legend: string;
  name: string;
  values: readonly T[];
  value: T;
  label: (value: T) => string;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-lg font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {values.map((choice) => (
          <label
            key={choice}
            className="flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border-2 border-zinc-600 px-3 text-lg has-checked:border-zinc-100 has-checked:bg-zinc-700 has-focus-visible:outline-2 has-focus-visible:outline-sky-400"
          >
            <input
              type="radio"
              name={name}
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
              className="size-5"
            />
            {label(choice)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What a channel usually is: a table's order is eaten at the table, a counter's at the counter. */
const TYPE_OF_SOURCE = { table: "table", counter: "counter" } as const;

export function FulfilmentSection({
  storeId,
  draft,
  update,
  areas,
  defaultDdd,
  fixedSource = false,
}: {
  storeId: string;
  defaultDdd: string | null;
  draft: Draft;
  update: (change: Partial<Draft>) => void;
  areas: OwnOrderMenu["areas"];
  /** Editing an order: its channel stays (its number is the channel's), so it is not offered. */
  fixedSource?: boolean;
}) {
  const t = useTranslations("ownOrder.form");
  const { found } = useCustomerLookup(storeId, draft.phone, defaultDdd);
  const setAddress = (change: Partial<DraftAddress>) => update({ address: { ...draft.address, ...change } });
  const text = (key: keyof DraftAddress, label: string, className = "") => (
    <Field label={label} id={`own-order-${key}`} className={className}>
      {(control) => (
        <input
          {...control}
          type="text"
          autoComplete="off"
          maxLength={200}
          list={key === "district" ? "own-order-areas" : undefined}
          value={draft.address[key]}
          onChange={(event) => setAddress({ [key]: event.target.value })}
        />
      )}
    </Field>
  );
  return (
    <div className="flex flex-col gap-3">
      {!fixedSource && (
        <Choices
          legend={t("channel")}
          name="own-order-source"
          values={OWN_SOURCES}
          value={draft.source}
          label={(source) => t(`sources.${source}`)}
          onChange={(source) =>
            update({ source, ...(source in TYPE_OF_SOURCE ? { type: TYPE_OF_SOURCE[source as "table"] } : {}) })
          }
        />
      )}
      <Choices
        legend={t("fulfilment")}
        name="own-order-type"
        values={OWN_ORDER_TYPES}
        value={draft.type}
        label={(type) => t(`types.${type}`)}
        onChange={(type) => update({ type })}
      />
      {draft.type === "table" && (
        <Field label={t("table")} id="own-order-table">
          {(control) => (
            <input
              {...control}
              type="text"
              maxLength={20}
              value={draft.table}
              onChange={(event) => update({ table: event.target.value })}
            />
          )}
        </Field>
      )}
      <ScheduleField draft={draft} update={update} />
      {draft.type === "delivery" && found && (
        <SavedAddresses
          addresses={found.addresses}
          address={draft.address}
          onChoose={(address) => update({ address })}
        />
      )}
      {draft.type === "delivery" && (
        <fieldset className="grid grid-cols-[minmax(0,1fr)_7rem] gap-3">
          <legend className="mb-1 text-xl font-bold">{t("address")}</legend>
          {text("street", t("street"))}
          {text("number", t("number"))}
          {text("district", t("district"))}
          {text("complement", t("complement"))}
          {text("city", t("city"), "col-span-2")}
          {text("reference", t("reference"), "col-span-2")}
          <datalist id="own-order-areas">
            {areas.map((area) => (
              <option key={area.name} value={area.name} />
            ))}
          </datalist>
        </fieldset>
      )}
    </div>
  );
}
