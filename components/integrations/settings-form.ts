import type { z } from "zod";
import type { integrationInputSchema } from "@/lib/contract/integration-settings";

/** The settings body the routes take, from the form's fields. Blank secrets mean "keep the saved one". */
export function settingsBody(form: FormData): z.input<typeof integrationInputSchema> {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const raw = (name: string) => String(form.get(name) ?? "");
  const hasAdmin = [text("adminClientId"), text("adminUsername"), raw("adminClientSecret"), raw("adminPassword")].some(
    (value) => value !== "",
  );
  const hasStoreApi = text("storeApiClientId") !== "" || raw("storeApiClientSecret") !== "";
  return {
    name: text("name"),
    baseUrl: text("baseUrl"),
    clientId: text("clientId"),
    clientSecret: raw("clientSecret"),
    serviceId: text("serviceId") || null,
    admin: hasAdmin
      ? {
          clientId: text("adminClientId"),
          clientSecret: raw("adminClientSecret"),
          username: text("adminUsername"),
          password: raw("adminPassword"),
        }
      : null,
    storeApi: hasStoreApi ? { clientId: text("storeApiClientId"), clientSecret: raw("storeApiClientSecret") } : null,
    pollIntervalSeconds: Number(text("pollIntervalSeconds")),
    confirmDeadlineMinutes: Number(text("confirmDeadlineMinutes")),
    enabled: form.get("enabled") === "on",
    // The channel (issue 28): left out when blank (a new channel's own restaurant and label).
    ...(text("restaurantId") && { restaurantId: text("restaurantId") }),
    ...(text("label") && { label: text("label") }),
    ...(text("color") && { color: text("color") }),
  };
}

/** Secret field name in the API → its form field and label key. */
export const SECRET_FIELDS: Record<
  string,
  "clientSecret" | "adminClientSecret" | "adminPassword" | "storeApiClientSecret"
> = {
  clientSecret: "clientSecret",
  "admin.clientSecret": "adminClientSecret",
  "admin.password": "adminPassword",
  "storeApi.clientSecret": "storeApiClientSecret",
};

/**
 * The base URL rule, checked before sending so the sentence is in the page's language (the
 * server checks it again): https, or plain http to this machine only.
 */
export function baseUrlProblem(form: FormData): "baseUrlInvalid" | "baseUrlHttps" | null {
  const value = String(form.get("baseUrl") ?? "").trim();
  if (!URL.canParse(value)) return "baseUrlInvalid";
  const url = new URL(value);
  if (url.protocol !== "https:" && url.protocol !== "http:") return "baseUrlInvalid";
  if (url.protocol === "http:" && !/^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(url.hostname)) return "baseUrlHttps";
  return null;
}
