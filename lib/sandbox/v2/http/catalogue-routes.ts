import { Hono, type Context } from "hono";
import { z } from "zod";
import type { HttpDeps, SandboxEnv } from "../../http/context";
import { parseWith, readJson } from "../../http/problem";
import { coveredMerchants } from "../../tokens";
import type { Merchant } from "../../types";
import { pauseService, resumeService, SERVICE_TYPES } from "../service-pause";
import {
  menuSnapshot,
  menuSnapshotSchema,
  merchantStatus,
  recordCatalogueUpdate,
  replaceMenuSnapshot,
} from "../snapshot";
import { itemOffers, MENU_ID, patchItemOffer } from "../stock";
import { v2Auth } from "./auth";
import { v2Error } from "./errors";

// The merchant side a 2.0 platform hosts for the Software Service (merchant.openapi.yaml, "CATALOG
// CRUD" and "STORE … services, pause: hosted by the Ordering Application, called by the Software
// Service"), scope od.menu (rc.2 has no store scope), the part availability needs: listMenus,
// listItemOffers and updateItemOffer (PATCH status / quantityAvailable, 202), the Catalog Sync
// snapshot (GET, PUT) and merchantStatus (../snapshot.ts), pauseService and updateService's
// status OPEN. A merchant the token does not cover is 403; an unknown menu, offer
// or service 404.

type Ctx = Context<SandboxEnv>;

/** ItemOfferPatch as the document has it; a count below zero is refused (the rc names no minimum). */
const itemOfferPatchSchema = z.object({
  status: z.enum(["AVAILABLE", "UNAVAILABLE"]).optional(),
  quantityAvailable: z.number().int().min(0).max(1_000_000).nullable().optional(),
  unityPrice: z
    .object({ value: z.number(), originalValue: z.number(), currency: z.string().regex(/^[A-Z]{3}$/) })
    .optional(),
});

const listQuerySchema = z.object({
  categoryId: z.string().optional(),
  status: z.enum(["AVAILABLE", "UNAVAILABLE"]).optional(),
});

export function v2CatalogueRoutes(deps: HttpDeps) {
  const { platform } = deps;
  const app = new Hono<SandboxEnv>();
  const auth = v2Auth(deps, "od.menu");
  const key = () => platform.state.platformKey;

  /** The path's merchant, covered by the token; the menu checked when the path names one. */
  const merchantOf = (c: Ctx): Merchant | Response => {
    const merchantId = c.req.param("merchantId") ?? "";
    if (!coveredMerchants(c.get("token")).includes(merchantId))
      return v2Error(c, 403, `This token does not cover merchant ${merchantId}`);
    const merchant = platform.state.merchant(merchantId);
    if (!merchant) return v2Error(c, 404, "Merchant not found");
    const menuId = c.req.param("menuId");
    if (menuId !== undefined && menuId !== MENU_ID) return v2Error(c, 404, `Menu ${menuId} not found`);
    return merchant;
  };

  app.get("/v2/merchants/:merchantId/menus", auth, (c) => {
    const merchant = merchantOf(c);
    if (merchant instanceof Response) return merchant;
    return c.json({
      menus: [{ id: MENU_ID, merchantId: merchant.merchantId, name: "Cardápio", categoryId: [], status: "AVAILABLE" }],
    });
  });

  app.get("/v2/merchants/:merchantId/menus/:menuId/item-offers", auth, (c) => {
    const merchant = merchantOf(c);
    if (merchant instanceof Response) return merchant;
    const query = parseWith(listQuerySchema, c.req.query(), "query");
    const offers = itemOffers(merchant, key()).filter((o) => !query.status || o.status === query.status);
    return c.json({ itemOffers: offers });
  });

  app.patch("/v2/merchants/:merchantId/menus/:menuId/item-offers/:itemOfferId", auth, async (c) => {
    const merchant = merchantOf(c);
    if (merchant instanceof Response) return merchant;
    const patch = parseWith(itemOfferPatchSchema, await readJson(c), "body");
    // Prices are the platform's own here: a unityPrice is read and left as it is.
    patchItemOffer(merchant, key(), c.req.param("itemOfferId"), patch);
    recordCatalogueUpdate(merchant, "ITEM_OFFER", platform.clock.nowMs());
    platform.touch();
    return c.body(null, 202);
  });

  // Catalog Sync: the menu's snapshot (GET; PUT replaces each offer's availability) and the
  // processing status of the last update (synchronous here: COMPLETED; 404 before any).
  app.get("/v2/merchants/:merchantId/menus/:menuId/snapshot", auth, (c) => {
    const merchant = merchantOf(c);
    if (merchant instanceof Response) return merchant;
    return c.json(menuSnapshot(merchant, key(), platform.clock.nowMs()));
  });
  app.put("/v2/merchants/:merchantId/menus/:menuId/snapshot", auth, async (c) => {
    const merchant = merchantOf(c);
    if (merchant instanceof Response) return merchant;
    const snapshot = parseWith(menuSnapshotSchema, await readJson(c), "body");
    replaceMenuSnapshot(merchant, key(), snapshot, platform.clock.nowMs());
    platform.touch();
    return c.body(null, 202);
  });
  app.get("/v2/merchants/:merchantId/merchantStatus", auth, (c) => {
    const merchant = merchantOf(c);
    if (merchant instanceof Response) return merchant;
    const status = merchantStatus(merchant);
    return status ? c.json(status) : v2Error(c, 404, "No catalogue update received for this merchant yet");
  });

  // Pause per service: POST …/services/{serviceType}/pause {durationMinutes, reason?} → 202;
  // PATCH …/services/{serviceType} {status: OPEN} ends it early (other fields are not kept here).
  const serviceOf = (c: Ctx) => {
    const type = c.req.param("serviceType") ?? "";
    return (SERVICE_TYPES as readonly string[]).includes(type) ? (type as (typeof SERVICE_TYPES)[number]) : null;
  };
  app.post("/v2/merchants/:merchantId/services/:serviceType/pause", auth, async (c) => {
    const merchant = merchantOf(c);
    if (merchant instanceof Response) return merchant;
    const type = serviceOf(c);
    if (!type) return v2Error(c, 404, `No service ${c.req.param("serviceType")}`);
    const input = parseWith(pauseSchema, await readJson(c), "body");
    pauseService(merchant, type, input, platform.clock.nowMs());
    platform.touch();
    return c.body(null, 202);
  });
  app.patch("/v2/merchants/:merchantId/services/:serviceType", auth, async (c) => {
    const merchant = merchantOf(c);
    if (merchant instanceof Response) return merchant;
    const type = serviceOf(c);
    if (!type) return v2Error(c, 404, `No service ${c.req.param("serviceType")}`);
    const patch = parseWith(servicePatchSchema, await readJson(c), "body");
    if (patch.status === "OPEN") resumeService(merchant, type);
    else if (patch.status !== undefined)
      return v2Error(c, 400, "Only status OPEN is taken here; pause with POST …/pause", "BAD_REQUEST");
    platform.touch();
    return c.body(null, 202);
  });

  return app;
}

const pauseSchema = z.object({
  durationMinutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60),
  reason: z.string().max(500).optional(),
});

const servicePatchSchema = z.looseObject({ status: z.enum(["OPEN", "CLOSED", "PAUSED"]).optional() });
