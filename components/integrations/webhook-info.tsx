import { useTranslations } from "next-intl";
import { TechnicalDetails } from "@/components/ui/technical-details";
import type { WebhookAddress } from "@/lib/contract/integration-settings";

/**
 * Instant order notices: what they are in a sentence; the address and headers to give the
 * platform (its webhook) under "Detalhes técnicos".
 */
export function WebhookInfo({ webhook, merchantId }: { webhook: WebhookAddress; merchantId: string }) {
  const t = useTranslations("integrations");
  const code = "rounded bg-zinc-800 px-2 py-0.5 font-mono text-base break-all";
  return (
    <section aria-labelledby="webhook-title" className="flex flex-col gap-2 rounded-lg border-2 border-zinc-700 p-4">
      <h2 id="webhook-title" className="text-xl font-bold">
        {t("sections.webhook")}
      </h2>
      <p className="text-zinc-300">{t("webhookIntro")}</p>
      <TechnicalDetails summary={t("technical")}>
        <p className="text-lg">
          <span className="font-semibold">{t("webhookUrl")}: </span>
          <code className={code}>{webhook.url}</code>
        </p>
        <p className="text-lg">
          {t.rich("webhookHeaders", {
            merchantHeader: webhook.merchantIdHeader,
            signatureHeader: webhook.signatureHeader,
            merchantId,
            code: (chunks) => <code className={code}>{chunks}</code>,
          })}
        </p>
        <p className="text-base text-zinc-400">{t(`webhookOrigin.${webhook.originFrom}`)}</p>
      </TechnicalDetails>
    </section>
  );
}
