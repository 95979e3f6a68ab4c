"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useErrorText } from "@/components/use-error-text";
import { apiRequest } from "@/lib/contract/client";
import { connectionMerchantsAnswerSchema } from "@/lib/contract/integration-settings";
import { SettingField } from "./setting-field";

/**
 * The new channel's merchant on a 2.0 connection: picked from the merchants that authorised the
 * connection's credential (GET /merchants through the BFF), each as name · id, the ones already
 * added shown and not pickable. A native select, so the keyboard works as everywhere. While the
 * list cannot be had (platform down, credential refused, a 1.x answer) the page says why and the
 * id can be typed as on a 1.x connection, so an outage never blocks adding a channel.
 */
export function MerchantPicker({ connectionId, fieldLabel }: { connectionId: string; fieldLabel: string }) {
  const t = useTranslations("integrations.merchantList");
  const errorText = useErrorText();
  const list = useQuery({
    queryKey: ["connection-merchants", connectionId],
    queryFn: () =>
      apiRequest(
        connectionMerchantsAnswerSchema,
        `/api/manager/connections/${encodeURIComponent(connectionId)}/merchants`,
      ),
    retry: false,
    staleTime: 0,
  });

  if (list.isPending) return <p role="status">{t("loading")}</p>;
  if (list.isError)
    return (
      <div className="flex flex-col gap-3">
        <Notice tone="error">{errorText(list.error)}</Notice>
        <div>
          <Button type="button" variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
            {t("retry")}
          </Button>
        </div>
        <p className="text-zinc-300">{t("typeInstead")}</p>
        <SettingField label={fieldLabel} name="id" required />
      </div>
    );
  const { merchants } = list.data;
  return (
    <Field label={t("label")} hint={merchants.length === 0 ? t("empty") : t("intro")}>
      {(control) => (
        <select {...control} name="id" required defaultValue="">
          <option value="" disabled>
            {t("choose")}
          </option>
          {merchants.map((merchant) => (
            <option key={merchant.id} value={merchant.id} disabled={merchant.added}>
              {t(merchant.added ? "added" : "option", { name: merchant.name, id: merchant.id })}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
