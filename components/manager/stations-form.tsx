"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { MinutesField } from "./minutes-field";
import { SaveRow } from "./save-row";
import { apiRequest } from "@/lib/contract/client";
import { EXPO_SKIP_TYPES, stationsSchema, type RouteKind, type Stations } from "@/lib/contract/stations";
import { useErrorText } from "@/components/use-error-text";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

type Draft = Omit<Stations, "menu" | "stations" | "storePrepMinutes"> & {
  stations: Array<Omit<Stations["stations"][number], "id"> & { id?: number }>;
};

const routeKey = (kind: RouteKind, refId: number) => `${kind}:${refId}`;

/**
 * The manager defines the store's kitchen stations, routes menu categories, items, pizza sizes
 * and options to them, and picks which single-station orders skip expo; saved whole.
 */
export function StationsForm({ storeId }: { storeId: string }) {
  const t = useTranslations("kitchenStations");
  const types = useTranslations("orderType");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const url = `/api/manager/stores/${encodeURIComponent(storeId)}/stations`;
  const saved = useQuery({
    queryKey: ["stations", storeId],
    queryFn: ({ signal }) => apiRequest(stationsSchema, url, { signal }),
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const current: Draft | undefined = draft ?? saved.data;
  const save = useMutation({
    // The list, routes, expo rule and times only: the menu the answer carries is not the form's to send.
    mutationFn: ({ stations, routes, expoSkipTypes, prepTimes }: Draft) =>
      apiRequest(stationsSchema, url, { method: "PUT", body: { stations, routes, expoSkipTypes, prepTimes } }),
    // The answer is what is saved now (new stations with their ids): the form shows it. The
    // printers form reads this list for its station select; a deleted station's printer now
    // prints the whole order, so its list is read again too.
    onSuccess: (answer) => {
      queryClient.setQueryData(["stations", storeId], answer);
      void queryClient.invalidateQueries({ queryKey: ["printers", storeId] });
      setDraft(null);
    },
  });
  if (!current) return saved.isError ? <Notice tone="error">{errorText(saved.error)}</Notice> : null;
  const menu = saved.data?.menu;
  const routeOf = new Map(current.routes.map((route) => [routeKey(route.kind, route.refId), route.station]));

  const setStations = (stations: Draft["stations"], routes = current.routes) =>
    setDraft({ ...current, stations, routes });
  const removeStation = (index: number) =>
    setStations(
      current.stations.filter((_, at) => at !== index),
      // Its routes go (their entries then go to the default); later stations move up one place.
      current.routes
        .filter((route) => route.station !== index)
        .map((route) => (route.station > index ? { ...route, station: route.station - 1 } : route)),
    );
  const setRoute = (kind: RouteKind, refId: number, station: number | null) => {
    const others = current.routes.filter((route) => routeKey(route.kind, route.refId) !== routeKey(kind, refId));
    setDraft({ ...current, routes: station === null ? others : [...others, { kind, refId, station }] });
  };
  const routeSelect = (kind: RouteKind, refId: number, name: string, inherited: string) => (
    <Field key={routeKey(kind, refId)} label={name} className="min-w-56">
      {(control) => (
        <select
          {...control}
          value={routeOf.get(routeKey(kind, refId)) ?? ""}
          onChange={(e) => setRoute(kind, refId, e.target.value === "" ? null : Number(e.target.value))}
        >
          <option value="">{inherited}</option>
          {current.stations.map((station, index) => (
            <option key={station.id ?? `new-${index}`} value={index}>
              {station.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const prepOf = new Map(current.prepTimes.map((time) => [routeKey(time.kind, time.refId), time.minutes]));
  const setPrep = (kind: "item" | "size", refId: number, minutes: number | null) => {
    const others = current.prepTimes.filter((time) => routeKey(time.kind, time.refId) !== routeKey(kind, refId));
    setDraft({ ...current, prepTimes: minutes === null ? others : [...others, { kind, refId, minutes }] });
  };
  // Hold and fire: an item's own preparation time, over its station's (1–180 min; empty: the station's).
  const prepInput = (kind: "item" | "size", refId: number, name: string) => (
    <MinutesField
      key={`prep-${routeKey(kind, refId)}`}
      label={t("itemPrep", { name })}
      placeholder={t("stationPrep")}
      value={prepOf.get(routeKey(kind, refId))}
      onChange={(minutes) => setPrep(kind, refId, minutes)}
    />
  );
  const nameAt = (index: number | undefined) => (index === undefined ? undefined : current.stations[index]?.name);

  return (
    <section aria-labelledby="stations-heading" className="flex flex-col gap-3 rounded-xl bg-zinc-900 p-4">
      <h2 id="stations-heading" className="text-xl font-bold">
        {t("title")}
      </h2>
      <p className="text-lg text-zinc-300">{t("hint")}</p>
      <p className="text-lg text-zinc-300">{t("prepHint", { minutes: String(saved.data?.storePrepMinutes ?? "") })}</p>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(current);
        }}
      >
        {current.stations.length === 0 && <p className="text-lg">{t("empty")}</p>}
        {current.stations.map((station, index) => (
          <fieldset
            key={station.id ?? `new-${index}`}
            className="flex flex-wrap items-end gap-3 border-t border-zinc-700 pt-3"
          >
            <legend className="sr-only">{station.name}</legend>
            <Field label={t("name")}>
              {(control) => (
                <input
                  {...control}
                  required
                  maxLength={24}
                  value={station.name}
                  onChange={(e) =>
                    setStations(current.stations.map((s, at) => (at === index ? { ...s, name: e.target.value } : s)))
                  }
                />
              )}
            </Field>
            <MinutesField
              label={t("prepMinutes")}
              placeholder={t("storeDefault")}
              value={station.prepMinutes}
              onChange={(prepMinutes) =>
                setStations(current.stations.map((s, at) => (at === index ? { ...s, prepMinutes } : s)))
              }
            />
            <label className="flex min-h-12 items-center gap-3 text-lg">
              <input
                type="radio"
                name="default-station"
                className="size-6"
                checked={station.isDefault}
                onChange={() => setStations(current.stations.map((s, at) => ({ ...s, isDefault: at === index })))}
              />
              {t("isDefault")}
            </label>
            <Button type="button" variant="danger" onClick={() => removeStation(index)}>
              {t("remove", { name: station.name })}
            </Button>
          </fieldset>
        ))}
        <div>
          <Button
            type="button"
            variant="secondary"
            disabled={current.stations.length >= 8}
            onClick={() =>
              setStations([
                ...current.stations,
                {
                  name: t("defaultName", { n: String(current.stations.length + 1) }),
                  isDefault: current.stations.length === 0,
                  prepMinutes: null,
                },
              ])
            }
          >
            {t("add")}
          </Button>
        </div>
        {current.stations.length > 0 && menu && (
          <fieldset className="flex flex-col gap-3 border-t border-zinc-700 pt-3">
            <legend className="text-lg font-bold">{t("routes")}</legend>
            {menu.categories.length === 0 && <p className="text-lg">{t("noMenu")}</p>}
            {menu.categories.map((category) => {
              const categoryStation = nameAt(routeOf.get(routeKey("category", category.id)));
              const items = category.items.flatMap((item) => [
                routeSelect(
                  "item",
                  item.id,
                  item.name,
                  t("inherit", { station: categoryStation ?? t("defaultStation") }),
                ),
                prepInput("item", item.id, item.name),
              ]);
              const sizes = category.items.length === 0 && menu.sizes.length > 0 ? menu.sizes : [];
              return (
                <div key={category.id} className="flex flex-col gap-2">
                  {routeSelect("category", category.id, t("category", { name: category.name }), t("defaultStation"))}
                  <details className="pl-4">
                    <summary className="min-h-12 cursor-pointer py-2 text-lg">
                      {t("itemsOf", { name: category.name, count: String(category.items.length + sizes.length) })}
                    </summary>
                    <div className="flex flex-wrap gap-3">
                      {items}
                      {sizes.flatMap((size) => [
                        routeSelect(
                          "size",
                          size.id,
                          size.name,
                          t("inherit", { station: categoryStation ?? t("defaultStation") }),
                        ),
                        prepInput("size", size.id, size.name),
                      ])}
                    </div>
                  </details>
                </div>
              );
            })}
            {menu.options.length > 0 && (
              <details>
                <summary className="min-h-12 cursor-pointer py-2 text-lg">
                  {t("options", { count: String(menu.options.length) })}
                </summary>
                <p className="text-zinc-300">{t("optionsHint")}</p>
                <div className="flex flex-wrap gap-3">
                  {menu.options.map((option) =>
                    routeSelect("option", option.id, `${option.group}: ${option.name}`, t("withItem")),
                  )}
                </div>
              </details>
            )}
          </fieldset>
        )}
        {current.stations.length > 0 && (
          <fieldset className="flex flex-col gap-2 border-t border-zinc-700 pt-3">
            <legend className="text-lg font-bold">{t("expoSkip")}</legend>
            <p className="text-zinc-300">{t("expoSkipHint")}</p>
            <div className="flex flex-wrap gap-4">
              {EXPO_SKIP_TYPES.map((type) => (
                <label key={type} className="flex min-h-12 items-center gap-3 text-lg">
                  <input
                    type="checkbox"
                    className="size-6"
                    checked={current.expoSkipTypes.includes(type)}
                    onChange={(e) =>
                      setDraft({
                        ...current,
                        expoSkipTypes: e.target.checked
                          ? [...current.expoSkipTypes, type]
                          : current.expoSkipTypes.filter((skip) => skip !== type),
                      })
                    }
                  />
                  {types(type)}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <SaveRow save={save} edited={draft !== null} labels={{ save: t("save"), saved: t("saved") }} />
      </form>
    </section>
  );
}
