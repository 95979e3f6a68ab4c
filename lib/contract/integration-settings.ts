import { z } from "zod";
import { lineText } from "./text";

/** Hosts where plain http is accepted: this machine (the embedded sandbox, a local platform). */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * A platform's base URL: https, or http to this machine only (the embedded sandbox is
 * http://127.0.0.1:<port>/sandbox). No credentials, query or fragment; no trailing slash.
 */
export const platformBaseUrlSchema = z
  .string()
  .trim()
  .max(500)
  .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) address" }))
  .superRefine((value, ctx) => {
    if (!URL.canParse(value)) return; // already reported by z.url
    const url = new URL(value);
    if (url.protocol === "http:" && !LOOPBACK.test(url.hostname))
      ctx.addIssue({ code: "custom", message: "must use https (plain http only for localhost)" });
    if (url.username || url.password || url.search || url.hash)
      ctx.addIssue({ code: "custom", message: "must not carry credentials, a query or a fragment" });
  })
  .transform((value) => value.replace(/\/+$/, ""));

const id = lineText(200).pipe(z.string().min(1));
/** Write-only: blank (or absent) keeps the stored secret. */
const secret = z
  .string()
  .max(500)
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value : undefined));

/** A restaurant's name (a `stores` row's). */
const restaurantName = lineText(100).pipe(z.string().min(1));

/** A channel's settings as its form saves them (PUT .../integration; test-connection takes them too). */
export const integrationInputSchema = z.strictObject({
  /**
   * The channel's restaurant's name — the form's own "restaurant name (all its channels)" field,
   * sent only when changed: renames the restaurant for every channel. Absent leaves it; never
   * used when the channel moves to another restaurant (the field named the one it leaves).
   */
  name: restaurantName.optional(),
  baseUrl: platformBaseUrlSchema,
  clientId: id,
  clientSecret: secret,
  serviceId: lineText(200)
    .nullish()
    .transform((value) => value || null),
  admin: z.strictObject({ clientId: id, clientSecret: secret, username: id, password: secret }).nullable(),
  storeApi: z.strictObject({ clientId: id, clientSecret: secret }).nullable(),
  pollIntervalSeconds: z.number().min(0.5).max(3600),
  confirmDeadlineMinutes: z.number().int().min(1).max(240),
  enabled: z.boolean(),
  /**
   * The restaurant whose board the channel feeds (issue 28): another restaurant the manager runs
   * moves the channel there; absent keeps it where it is.
   */
  restaurantId: z.string().trim().min(1).max(100).optional(),
  /** The short label on its cards, and its colour (#rrggbb). */
  label: lineText(16).pipe(z.string().min(1)).optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "a colour as #rrggbb")
    .optional(),
});

export type IntegrationInput = z.infer<typeof integrationInputSchema>;

export const newStoreInputSchema = integrationInputSchema
  .extend({
    /** The name of the restaurant the channel makes; not used when it joins an existing one (restaurantId). */
    name: restaurantName,
    /** The platform's merchant id: the poller's x-polling-merchants, the webhook's X-App-MerchantId. */
    id: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9._:-]+$/, "letters, digits and . _ : - only"),
    /**
     * An existing platform connection the store joins (its base URL, interchange credentials and
     * interval); without it, the fields below make a new connection (or name an existing one).
     */
    connectionId: z.string().trim().min(1).max(100).optional(),
    baseUrl: platformBaseUrlSchema.optional(),
    clientId: id.optional(),
    clientSecret: z.string().min(1).max(500).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.connectionId) return;
    for (const field of ["baseUrl", "clientId", "clientSecret"] as const)
      if (input[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: "required" });
  });

export type NewStoreInput = z.infer<typeof newStoreInputSchema>;

/** Test connection: the form's values (blank secrets = the saved ones), or nothing for the saved settings. */
export const testConnectionInputSchema = z.union([integrationInputSchema, z.strictObject({})]);

/** A store's integration settings as the browser may see them: every secret only as "set" or not. */
export const integrationViewSchema = z.object({
  /** The channel's id (the platform's merchant id). */
  id: z.string(),
  /** Its restaurant's id and name. */
  restaurantId: z.string(),
  name: z.string(),
  label: z.string(),
  color: z.string(),
  /** env, sandbox or manager: who configured it last. */
  source: z.string(),
  enabled: z.boolean(),
  baseUrl: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  serviceId: z.string().nullable(),
  admin: z
    .object({ clientId: z.string(), username: z.string(), clientSecretSet: z.boolean(), passwordSet: z.boolean() })
    .nullable(),
  storeApi: z.object({ clientId: z.string(), clientSecretSet: z.boolean() }).nullable(),
  /** The platform connection the store polls through: its interchange credentials and interval are shared. */
  connection: z.object({ id: z.string(), name: z.string(), stores: z.number() }),
  pollIntervalSeconds: z.number(),
  confirmDeadlineMinutes: z.number(),
  updatedAt: z.string(),
});
export type IntegrationView = z.infer<typeof integrationViewSchema>;

/** Where the platform sends its webhook, and the headers it signs with. */
export const webhookAddressSchema = z.object({
  url: z.string(),
  merchantIdHeader: z.literal("X-App-MerchantId"),
  signatureHeader: z.literal("X-App-Signature"),
  originFrom: z.enum(["APP_URL", "proxy", "server"]),
});
export type WebhookAddress = z.infer<typeof webhookAddressSchema>;

/** GET and PUT /api/manager/stores/{id}/integration; PUT also names the fields it changed. */
export const integrationAnswerSchema = z.object({
  integration: integrationViewSchema,
  changed: z.array(z.string()).optional(),
  webhook: webhookAddressSchema,
});

/** A platform connection a new store may join (admins' form; no secret). */
export const connectionChoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  stores: z.number(),
  /**
   * The dialect its platform's manifest last decided ("2.0", "1.x"; null: not read yet or
   * inactive): a 2.0 connection lists the merchants that authorised it, a 1.x one has no list.
   */
  dialect: z.string().nullable(),
});
export type ConnectionChoice = z.infer<typeof connectionChoiceSchema>;

/**
 * GET /api/manager/connections/{connectionId}/merchants: the merchants that authorised the
 * connection's credential on its 2.0 platform, each marked when a channel of it already exists.
 */
export const connectionMerchantsAnswerSchema = z.object({
  merchants: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.enum(["OPEN", "CLOSED", "PAUSED"]),
      /** A channel of this merchant is already on this connection. */
      added: z.boolean(),
    }),
  ),
});
export type ConnectionMerchant = z.infer<typeof connectionMerchantsAnswerSchema>["merchants"][number];

/** POST /api/manager/stores */
export const newStoreAnswerSchema = z.object({ integration: integrationViewSchema });
