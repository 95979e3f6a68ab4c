import type { AppLocale } from "./config";
import type messages from "./messages/pt-BR.json";

// Types every `t("…")` call against the pt-BR catalogue: its key, and its ICU arguments (the import
// resolves to pt-BR.d.json.ts, the catalogue with literal texts, see next.config.mjs): a missing
// argument, or a null, undefined or boolean one, fails `tsc`. `messages.test.ts` keeps en in step.
declare module "next-intl" {
  interface AppConfig {
    Locale: AppLocale;
    Messages: typeof messages;
  }
}
