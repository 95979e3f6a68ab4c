import Link from "next/link";
import type { FormEvent } from "react";
import { useTranslations } from "next-intl";
import { HISTORY_STATUSES, HISTORY_TYPES, type HistoryFilters } from "@/lib/contract/history";
import { Button, linkButtonClass } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { inPlaceClick, type NavigateInPlace } from "./in-place";

/** A channel the history can be filtered by (the viewer's restaurants'). */
export interface HistoryChannelChoice {
  id: string;
  storeId: string;
  label: string;
  /** The platform's name; null for the restaurant's own channel. */
  platform: string | null;
}

// The buttons fill what the store and channel fields leave of the wide form's row.
const BUTTONS_SPAN: Record<number, string> = { 0: "lg:col-span-6", 2: "lg:col-span-4", 4: "lg:col-span-2" };

interface Props {
  filters: HistoryFilters;
  /** The days actually shown (defaults filled in). */
  fromDay: string;
  toDay: string;
  stores: ReadonlyArray<{ id: string; name: string }>;
  channels: readonly HistoryChannelChoice[];
  exportHref: string;
  /** Filtering stays on the page (rows fetched as JSON) when given; else the form loads a new page. */
  onNavigate?: NavigateInPlace;
}

/** The form's fields as the URL the plain GET form would open (blank fields left out). */
function formHref(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form))
    if (typeof value === "string" && value.trim()) params.set(name, value);
  const query = params.toString();
  return query ? `/manager/orders?${query}` : "/manager/orders";
}

/**
 * The history's filters as a plain GET form: the URL carries them, so a filtered view can be
 * shared or bookmarked, and it works before (or without) any JavaScript.
 */
export function HistoryFilterForm({ filters, fromDay, toDay, stores, channels, exportHref, onNavigate }: Props) {
  const t = useTranslations("history");
  const tColumns = useTranslations("columns");
  const tTypes = useTranslations("orderType");
  const tExport = useTranslations("historyExport");
  const statuses = HISTORY_STATUSES.map((status) => ({ id: status, name: tColumns(`${status}.title`) }));
  const types = HISTORY_TYPES.map((type) => ({ id: type, name: tTypes(type) }));
  const storeName = new Map(stores.map((store) => [store.id, store.name]));
  const channelChoices = channels.map((channel) => {
    const name =
      channel.platform === channel.label
        ? channel.label
        : channel.platform
          ? t("channelOption", { label: channel.label, platform: channel.platform })
          : t("channelOptionOwn", { label: channel.label });
    // A chain's channels say whose they are: two restaurants may both have an "App 1".
    return {
      id: channel.id,
      name:
        stores.length > 1
          ? t("channelOptionInStore", { store: storeName.get(channel.storeId) ?? channel.storeId, channel: name })
          : name,
    };
  });
  const wide = (stores.length > 1 ? 2 : 0) + (channels.length > 1 ? 2 : 0);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!onNavigate) return;
    event.preventDefault();
    onNavigate(formHref(event.currentTarget));
  };
  return (
    <form
      method="get"
      action="/manager/orders"
      aria-label={t("filters")}
      onSubmit={onSubmit}
      className="grid grid-cols-2 gap-3 rounded-xl bg-zinc-900 p-4 lg:grid-cols-6"
    >
      {/* Filtering keeps the table's sort. */}
      {filters.sort && <input type="hidden" name="sort" value={filters.sort} />}
      {filters.dir && <input type="hidden" name="dir" value={filters.dir} />}
      <Field label={t("search")} quiet className="col-span-2">
        {(control) => (
          <input {...control} type="search" name="q" defaultValue={filters.q ?? ""} placeholder={t("searchHint")} />
        )}
      </Field>
      <Field label={t("from")} quiet>
        {(control) => <input {...control} type="date" name="from" defaultValue={fromDay} />}
      </Field>
      <Field label={t("to")} quiet>
        {(control) => <input {...control} type="date" name="to" defaultValue={toDay} />}
      </Field>
      <Field label={t("status")} quiet>
        {(control) => (
          <Select
            {...control}
            name="status"
            defaultValue={filters.status ?? ""}
            choices={statuses}
            anyLabel={t("any")}
          />
        )}
      </Field>
      <Field label={t("type")} quiet>
        {(control) => (
          <Select {...control} name="type" defaultValue={filters.type ?? ""} choices={types} anyLabel={t("any")} />
        )}
      </Field>
      {stores.length > 1 && (
        <Field label={t("store")} quiet className="col-span-2">
          {(control) => (
            <Select
              {...control}
              name="store"
              defaultValue={filters.store ?? ""}
              choices={stores}
              anyLabel={t("allStores")}
            />
          )}
        </Field>
      )}
      {channels.length > 1 && (
        <Field label={t("channel")} quiet className="col-span-2">
          {(control) => (
            <Select
              {...control}
              name="channel"
              defaultValue={filters.channel ?? ""}
              choices={channelChoices}
              anyLabel={t("allChannels")}
            />
          )}
        </Field>
      )}
      <div className={`col-span-2 flex flex-wrap items-end gap-2 lg:justify-end ${BUTTONS_SPAN[wide]}`}>
        <Button variant="light" type="submit">
          {t("apply")}
        </Button>
        <Link
          href="/manager/orders"
          onClick={inPlaceClick("/manager/orders", onNavigate)}
          prefetch={false}
          className={linkButtonClass("outline")}
        >
          {t("clear")}
        </Link>
        <a href={exportHref} download className={linkButtonClass("outline")}>
          {tExport("exportCsv")}
        </a>
        <a
          href={`${exportHref}${exportHref.includes("?") ? "&" : "?"}format=xlsx`}
          download
          className={linkButtonClass("outline")}
        >
          {tExport("exportXlsx")}
        </a>
      </div>
    </form>
  );
}
