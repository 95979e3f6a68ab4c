import type { AppLocale } from "./config";
import type messages from "./messages/pt-BR.json";

// Types every `t("…")` call against the pt-BR catalogue; `messages.test.ts` keeps en in step.
declare module "next-intl" {
  interface AppConfig {
    Locale: AppLocale;
    Messages: typeof messages;
  }
}
