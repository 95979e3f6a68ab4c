import "server-only";
import { z } from "zod";
import { authorizedRequest } from "@/lib/platform/authorized-request";
import type { CatalogSyncModel } from "@/lib/platform/discovery/manifest";
import { PlatformError } from "@/lib/platform/errors";
import { TokenSource } from "@/lib/platform/token-source";
import type { PlatformResponse } from "@/lib/platform/transport";
import { menuTokenEndpoint, type V2Credentials } from "./client";

// The catalogue a 2.0 platform hosts (merchant.openapi.yaml; docs/open-delivery-2.md "The
// catalogue's sync model"), as Comanda writes its availability there by the model the platform
// declares in its manifest (`catalogSyncModel`):
// - PUSH_CRUD (and a platform that declares none): one `updateItemOffer` PATCH per change.
// - PUSH_FULL: `replaceMenuSnapshot` — the platform's own snapshot read back (GET …/snapshot), the
//   change applied to its offers, the whole of it PUT; `getMerchantStatus` first, as the document
//   asks, and a PROCESSING answer waits (409, retried by the outbox).
// - PULL: nothing is pushed (the document forbids routine pushes); "notInModel".
// All with the od.menu token, under `{base URL}/v2/merchants/{merchantId}/menus/{menuId}`.
// The services' pause (lib/merchant/service-pause.ts) is the same merchant side on the same token:
// `POST …/merchants/{merchantId}/services/{type}/pause` and `PATCH …/services/{type}`.

/** 2.0's service types (Service.serviceType, the pause path's enum). */
export const SERVICE_TYPES = ["DELIVERY", "TAKEOUT", "INDOOR"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
/** pauseService's request body: `durationMinutes` required (integer, at least 1). */
export type ServicePauseBody = { durationMinutes: number; reason?: string };

const servicePath = (merchantId: string, serviceType: ServiceType) =>
  `/merchants/${encodeURIComponent(merchantId)}/services/${serviceType}`;

/** An ItemOfferPatch of availability: `status` (sold out / back) and `quantityAvailable` (null: no limit). */
export type ItemOfferPatch = { status?: "AVAILABLE" | "UNAVAILABLE"; quantityAvailable?: number | null };
export type ItemOfferChange = { itemOfferId: string; patch: ItemOfferPatch };

/** What the platform lists of an offer's availability (listItemOffers; ItemOffer's other fields ignored). */
const itemOfferSchema = z.looseObject({
  id: z.string().min(1),
  status: z.enum(["AVAILABLE", "UNAVAILABLE"]).default("AVAILABLE"),
  quantityAvailable: z.number().int().nullable().default(null),
});
export type PlatformItemOffer = z.infer<typeof itemOfferSchema>;

const menusSchema = z.looseObject({ menus: z.array(z.looseObject({ id: z.string().min(1) })) });
const itemOffersSchema = z.looseObject({ itemOffers: z.array(itemOfferSchema).max(10_000) });
/** The snapshot is sent back as read: only its offers' availability is touched. */
const snapshotSchema = z.looseObject({
  categories: z.array(z.looseObject({ itemOffers: z.array(z.looseObject({ id: z.string() })).optional() })),
});
const merchantStatusSchema = z.looseObject({ processingState: z.enum(["PROCESSING", "COMPLETED", "FAILED"]) });

/** A whole menu (categories, offers, option groups) is larger than an order; bounded all the same. */
const MAX_SNAPSHOT_BYTES = 8 * 1024 * 1024;

export class CatalogueV2Client {
  private readonly tokens: TokenSource;
  /** Each merchant's menu on the platform (listMenus), read once. */
  private readonly menuIds = new Map<string, string>();

  constructor(private readonly options: V2Credentials) {
    this.tokens = new TokenSource({ endpoint: menuTokenEndpoint(options), now: options.now });
  }

  /** One change by the platform's model: "sent", or "notInModel" for a PULL platform (nothing pushed). */
  async send(
    model: CatalogSyncModel | null,
    merchantId: string,
    change: ItemOfferChange,
    timeoutMs?: number,
  ): Promise<"sent" | "notInModel"> {
    if (model === "PULL") return "notInModel";
    if (model === "PUSH_FULL") await this.replaceSnapshotWith(merchantId, [change], timeoutMs);
    else await this.updateItemOffer(merchantId, change, timeoutMs);
    return "sent";
  }

  /** updateItemOffer: PATCH …/item-offers/{itemOfferId} with the ItemOfferPatch (202). */
  async updateItemOffer(merchantId: string, { itemOfferId, patch }: ItemOfferChange, timeoutMs?: number) {
    const menu = await this.menuPath(merchantId, timeoutMs);
    const response = await this.request("PATCH", `${menu}/item-offers/${encodeURIComponent(itemOfferId)}`, {
      body: patch,
      timeoutMs,
    });
    await response.text().catch(() => "");
  }

  /** listItemOffers: every offer of the merchant's menu with its availability (the reconcile's read). */
  async listItemOffers(merchantId: string, timeoutMs?: number): Promise<PlatformItemOffer[]> {
    const menu = await this.menuPath(merchantId, timeoutMs);
    const response = await this.request("GET", `${menu}/item-offers`, { timeoutMs, maxBytes: MAX_SNAPSHOT_BYTES });
    const parsed = itemOffersSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success)
      throw new PlatformError(
        `The platform's item offers are not Open Delivery 2.0's: ${z.prettifyError(parsed.error).slice(0, 300)}`,
        response.status,
      );
    return parsed.data.itemOffers;
  }

  /**
   * PUSH_FULL: merchantStatus (PROCESSING → 409, sent again later; 404 = nothing received yet),
   * the platform's snapshot read, each change applied to its offer, the whole snapshot PUT (202).
   * An offer the snapshot does not have is a 404: its menu does not sell it.
   */
  async replaceSnapshotWith(merchantId: string, changes: readonly ItemOfferChange[], timeoutMs?: number) {
    const merchant = `/merchants/${encodeURIComponent(merchantId)}`;
    const status = await this.request("GET", `${merchant}/merchantStatus`, { timeoutMs }).catch((error: unknown) => {
      if (error instanceof PlatformError && error.status === 404) return null;
      throw error;
    });
    if (status) {
      const parsed = merchantStatusSchema.safeParse(await status.json().catch(() => undefined));
      if (parsed.success && parsed.data.processingState === "PROCESSING")
        throw new PlatformError("The platform is still processing the last catalogue update", 409);
    }
    const menu = await this.menuPath(merchantId, timeoutMs);
    const read = await this.request("GET", `${menu}/snapshot`, { timeoutMs, maxBytes: MAX_SNAPSHOT_BYTES });
    const parsed = snapshotSchema.safeParse(await read.json().catch(() => undefined));
    if (!parsed.success)
      throw new PlatformError("The platform's menu snapshot is not Open Delivery 2.0's", read.status);
    const snapshot = parsed.data;
    const offers = new Map(snapshot.categories.flatMap((category) => category.itemOffers ?? []).map((o) => [o.id, o]));
    for (const { itemOfferId, patch } of changes) {
      const offer = offers.get(itemOfferId);
      if (!offer) throw new PlatformError(`Item offer ${itemOfferId} is not in the platform's menu snapshot`, 404);
      Object.assign(offer, patch);
    }
    const body = { ...snapshot, lastUpdate: new Date(this.options.now?.() ?? Date.now()).toISOString() };
    const response = await this.request("PUT", `${menu}/snapshot`, { body, timeoutMs });
    await response.text().catch(() => "");
  }

  /**
   * pauseService (merchant.openapi.yaml): POST …/services/{type}/pause with
   * `{durationMinutes, reason?}`; 202 is "accepted".
   */
  async pauseService(merchantId: string, serviceType: ServiceType, body: ServicePauseBody, timeoutMs?: number) {
    const response = await this.request("POST", `${servicePath(merchantId, serviceType)}/pause`, { body, timeoutMs });
    await response.text().catch(() => "");
  }

  /** updateService with `{status: "OPEN"}`: the pause ends early, opening hours untouched. */
  async openService(merchantId: string, serviceType: ServiceType, timeoutMs?: number) {
    const body = { status: "OPEN" };
    const response = await this.request("PATCH", servicePath(merchantId, serviceType), { body, timeoutMs });
    await response.text().catch(() => "");
  }

  private async menuPath(merchantId: string, timeoutMs?: number): Promise<string> {
    const merchant = `/merchants/${encodeURIComponent(merchantId)}`;
    let menuId = this.menuIds.get(merchantId);
    if (!menuId) {
      const response = await this.request("GET", `${merchant}/menus`, { timeoutMs });
      const body = menusSchema.safeParse(await response.json().catch(() => undefined));
      menuId = body.success ? body.data.menus[0]?.id : undefined;
      if (!menuId) throw new PlatformError("The platform lists no menu for this merchant", response.status);
      this.menuIds.set(merchantId, menuId);
    }
    return `${merchant}/menus/${encodeURIComponent(menuId)}`;
  }

  private request(
    method: "GET" | "POST" | "PUT" | "PATCH",
    path: string,
    { body, timeoutMs = this.options.timeoutMs, maxBytes }: { body?: unknown; timeoutMs?: number; maxBytes?: number },
  ): Promise<PlatformResponse> {
    return authorizedRequest(this.tokens, {
      method,
      url: `${this.options.baseUrl.replace(/\/+$/, "")}/v2${path}`,
      body,
      timeoutMs,
      maxBytes,
      what: `${method} /v2${path}`,
    });
  }
}
