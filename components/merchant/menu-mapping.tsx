"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useErrorText } from "@/components/use-error-text";
import { apiRequest, apiSend } from "@/lib/contract/client";
import type { MerchantAction } from "@/lib/contract/merchant";
import { menuMappingSchema, type MenuMapping } from "@/lib/contract/menu-mapping";

const SELECT = "min-h-12 rounded-md border-2 border-zinc-500 bg-zinc-900 px-2";

type Channel = MenuMapping["channels"][number];

/**
 * The store page's "each channel's items" (issue 28): import the menu from one or more channels,
 * see how each channel's catalogue pairs with it, and pair by hand what did not pair (or leave it).
 */
export function MenuMappingPanel({ storeId }: { storeId: string }) {
  const t = useTranslations("menuMapping");
  const errorText = useErrorText();
  const client = useQueryClient();
  const queryKey = ["menuMapping", storeId];
  const mapping = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      apiRequest(menuMappingSchema, `/api/manager/stores/${encodeURIComponent(storeId)}/menu-mapping`, { signal }),
  });
  const act = useMutation({
    mutationFn: (action: MerchantAction) =>
      apiSend(`/api/merchant/${encodeURIComponent(storeId)}`, { method: "POST", body: action }),
    onSuccess: () => client.invalidateQueries({ queryKey }),
  });
  const [sources, setSources] = useState<string[] | null>(null);
  const data = mapping.data;
  const chosen = sources ?? data?.channels.slice(0, 1).map((channel) => channel.id) ?? [];

  return (
    <section aria-labelledby="menu-mapping-heading" className="flex flex-col gap-3 rounded-xl bg-zinc-900 p-4">
      <h2 id="menu-mapping-heading" className="text-xl font-bold">
        {t("title")}
      </h2>
      <p className="text-zinc-300">{t("intro")}</p>
      {mapping.isError && <Notice tone="error">{errorText(mapping.error)}</Notice>}
      {act.isError && <Notice tone="error">{errorText(act.error)}</Notice>}
      {data && data.channels.length > 0 && (
        <fieldset className="flex flex-wrap items-center gap-4">
          <legend className="mb-2 font-semibold">{t("sources")}</legend>
          {data.channels.map((channel) => (
            <label key={channel.id} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-6"
                checked={chosen.includes(channel.id)}
                onChange={(event) =>
                  setSources(event.target.checked ? [...chosen, channel.id] : chosen.filter((id) => id !== channel.id))
                }
              />
              {channel.label}
            </label>
          ))}
          <Button
            variant="secondary"
            disabled={act.isPending || chosen.length === 0}
            // In the page's order: the first channel ticked is the menu's base.
            onClick={() =>
              act.mutate({
                action: "importMenu",
                channels: data.channels.map((channel) => channel.id).filter((id) => chosen.includes(id)),
              })
            }
          >
            {t("import")}
          </Button>
        </fieldset>
      )}
      {data?.channels.map((channel) => (
        <ChannelPairs
          key={channel.id}
          channel={channel}
          items={data.items}
          pending={act.isPending}
          onPair={(channelItemId, itemId) =>
            act.mutate({ action: "pairItem", channelId: channel.id, channelItemId, itemId })
          }
        />
      ))}
    </section>
  );
}

function ChannelPairs({
  channel,
  items,
  pending,
  onPair,
}: {
  channel: Channel;
  items: MenuMapping["items"];
  pending: boolean;
  onPair: (channelItemId: number, itemId: number | null) => void;
}) {
  const t = useTranslations("menuMapping");
  const [picked, setPicked] = useState<Record<number, number>>({});
  const paired = channel.pairs.filter((pair) => pair.itemId !== null);
  const unpaired = channel.pairs.filter((pair) => pair.itemId === null);
  const byHand = paired.filter((pair) => pair.matchedBy === "hand");
  // One to one: an item already paired on this channel is not offered again.
  const taken = new Set(paired.map((pair) => pair.itemId));
  const free = items.filter((item) => !taken.has(item.id));
  const nameOf = (id: number | null) => items.find((item) => item.id === id)?.name ?? "";

  return (
    <section aria-label={channel.label} className="flex flex-col gap-2 border-t border-zinc-700 pt-3">
      <h3 className="text-lg font-bold">{channel.label}</h3>
      {channel.pairs.length === 0 ? (
        <p>{t("notImported")}</p>
      ) : (
        <p>{t("summary", { paired: String(paired.length), total: String(channel.pairs.length) })}</p>
      )}
      {unpaired.length > 0 && (
        <>
          <h4 className="font-semibold">{t("unpaired")}</h4>
          <ul className="flex flex-col gap-2" aria-label={t("unpairedList", { channel: channel.label })}>
            {unpaired.map((pair) => {
              // Nothing is picked for the manager (a quick tap must not pair the wrong item); a pick
              // another pair has taken since is dropped.
              const wanted = picked[pair.channelItemId];
              const choice = free.some((item) => item.id === wanted) ? wanted : undefined;
              return (
                <li key={pair.channelItemId} className="flex flex-wrap items-center gap-3">
                  <span className="font-semibold">{pair.name}</span>
                  {pair.code && <span className="text-zinc-300">{t("code", { code: pair.code })}</span>}
                  {free.length === 0 ? (
                    <span className="text-zinc-300">{t("noneFree")}</span>
                  ) : (
                    <>
                      <label className="flex items-center gap-2">
                        {t("pairWith")}
                        <select
                          className={SELECT}
                          value={choice ?? ""}
                          onChange={(event) =>
                            setPicked({ ...picked, [pair.channelItemId]: Number(event.target.value) })
                          }
                        >
                          <option value="" disabled>
                            {t("chooseItem")}
                          </option>
                          {free.map((item) => (
                            <option key={item.id} value={item.id}>
                              {item.group} · {item.name}
                            </option>
                          ))}
                        </select>
                      </label>
                      <Button
                        variant="primary"
                        disabled={pending || choice === undefined}
                        onClick={() => choice !== undefined && onPair(pair.channelItemId, choice)}
                      >
                        {t("pair")}
                      </Button>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {byHand.length > 0 && (
        <>
          <h4 className="font-semibold">{t("byHand")}</h4>
          <ul className="flex flex-col gap-2" aria-label={t("byHandList", { channel: channel.label })}>
            {byHand.map((pair) => (
              <li key={pair.channelItemId} className="flex flex-wrap items-center gap-3">
                <span>{t("pairedTo", { name: pair.name, item: nameOf(pair.itemId) })}</span>
                <Button variant="outline" disabled={pending} onClick={() => onPair(pair.channelItemId, null)}>
                  {t("unpair")}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
