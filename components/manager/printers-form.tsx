"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SaveRow } from "./save-row";
import { apiRequest } from "@/lib/contract/client";
import { PAPER_WIDTHS, PRINTER_CODE_PAGES, printersSchema, type Printers } from "@/lib/contract/printers";
import { stationsSchema } from "@/lib/contract/stations";
import { useErrorText } from "@/components/use-error-text";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

type Draft = Array<Omit<Printers["printers"][number], "id"> & { id?: number }>;

/**
 * The manager sets the store's network kitchen printers, each printing one station's items or the
 * whole order (expo); the list is saved whole.
 */
export function PrintersForm({ storeId }: { storeId: string }) {
  const t = useTranslations("kitchenPrinters");
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const url = `/api/manager/stores/${encodeURIComponent(storeId)}/printers`;
  const saved = useQuery({
    queryKey: ["printers", storeId],
    queryFn: ({ signal }) => apiRequest(printersSchema, url, { signal }),
  });
  // The stations form's own query: a station saved there is offered here.
  const stations = useQuery({
    queryKey: ["stations", storeId],
    queryFn: ({ signal }) =>
      apiRequest(stationsSchema, `/api/manager/stores/${encodeURIComponent(storeId)}/stations`, { signal }),
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const printers: Draft | undefined = draft ?? saved.data?.printers;
  const save = useMutation({
    mutationFn: (list: Draft) => apiRequest(printersSchema, url, { method: "PUT", body: { printers: list } }),
    onSuccess: (list) => {
      // The saved list is shown again at once (ids of new printers, a station that was refused).
      queryClient.setQueryData(["printers", storeId], list);
      setDraft(null);
    },
  });
  const change = (index: number, patch: Partial<Draft[number]>) =>
    setDraft((printers ?? []).map((printer, at) => (at === index ? { ...printer, ...patch } : printer)));

  return (
    <section aria-labelledby="printers-heading" className="flex flex-col gap-3 rounded-xl bg-zinc-900 p-4">
      <h2 id="printers-heading" className="text-xl font-bold">
        {t("title")}
      </h2>
      <p className="text-lg text-zinc-300">{t("hint")}</p>
      {saved.isError && <Notice tone="error">{errorText(saved.error)}</Notice>}
      {printers && (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(printers);
          }}
        >
          {printers.length === 0 && <p className="text-lg">{t("empty")}</p>}
          {printers.map((printer, index) => (
            <fieldset
              key={printer.id ?? `new-${index}`}
              className="flex flex-wrap items-end gap-3 border-t border-zinc-700 pt-3"
            >
              <legend className="sr-only">{printer.name}</legend>
              <Field label={t("name")}>
                {(control) => (
                  <input
                    {...control}
                    required
                    maxLength={40}
                    value={printer.name}
                    onChange={(e) => change(index, { name: e.target.value })}
                  />
                )}
              </Field>
              <Field label={t("host")}>
                {(control) => (
                  <input
                    {...control}
                    required
                    maxLength={253}
                    autoCapitalize="off"
                    spellCheck={false}
                    value={printer.host}
                    onChange={(e) => change(index, { host: e.target.value.trim() })}
                  />
                )}
              </Field>
              <Field label={t("port")}>
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={1024}
                    max={65535}
                    required
                    className="w-28"
                    value={printer.port}
                    onChange={(e) => change(index, { port: Number(e.target.value) })}
                  />
                )}
              </Field>
              <Field label={t("codePage")}>
                {(control) => (
                  <select
                    {...control}
                    value={printer.codePage}
                    onChange={(e) => change(index, { codePage: e.target.value as Draft[number]["codePage"] })}
                  >
                    {PRINTER_CODE_PAGES.map((page) => (
                      <option key={page} value={page}>
                        {t(`codePages.${page}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={t("paperWidth")}>
                {(control) => (
                  <select
                    {...control}
                    value={printer.paperWidth}
                    onChange={(e) =>
                      change(index, { paperWidth: Number(e.target.value) as Draft[number]["paperWidth"] })
                    }
                  >
                    {PAPER_WIDTHS.map((width) => (
                      <option key={width} value={width}>
                        {t("paper", { width: String(width) })}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={t("station")}>
                {(control) => (
                  <select
                    {...control}
                    value={printer.stationId ?? ""}
                    onChange={(e) => change(index, { stationId: e.target.value ? Number(e.target.value) : null })}
                  >
                    <option value="">{t("wholeOrder")}</option>
                    {stations.data?.stations.map((station) => (
                      <option key={station.id} value={station.id}>
                        {station.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <label className="flex min-h-12 items-center gap-3 text-lg">
                <input
                  type="checkbox"
                  className="size-6"
                  checked={printer.enabled}
                  onChange={(e) => change(index, { enabled: e.target.checked })}
                />
                {t("enabled")}
              </label>
              <Button type="button" variant="danger" onClick={() => setDraft(printers.filter((_, at) => at !== index))}>
                {t("remove", { name: printer.name })}
              </Button>
            </fieldset>
          ))}
          <SaveRow save={save} edited={draft !== null} labels={{ save: t("save"), saved: t("saved") }}>
            <Button
              type="button"
              variant="secondary"
              onClick={() =>
                setDraft([
                  ...printers,
                  {
                    name: t("defaultName"),
                    host: "",
                    port: 9100,
                    codePage: "cp860",
                    paperWidth: 80,
                    enabled: true,
                    stationId: null,
                  },
                ])
              }
            >
              {t("add")}
            </Button>
          </SaveRow>
        </form>
      )}
    </section>
  );
}
