import { Hono, type Context } from "hono";
import { z } from "zod";
import type { HttpDeps, SandboxEnv } from "../../http/context";
import { parseWith, readJson } from "../../http/problem";
import { coveredMerchants } from "../../tokens";
import type { Merchant } from "../../types";
import { itemOffers, MENU_ID, patchItemOffer } from "../stock";
import { v2Auth } from "./auth";
import { v2Error } from "./errors";

// The catalogue a 2.0 platform hosts for the Software Service (merchant.openapi.yaml, "CATALOG
// CRUD hosted by the Ordering Application, called by the Software Service"), scope od.menu, the
// part availability needs: listMenus, listItemOffers and updateItemOffer (PATCH status /
// quantityAvailable, 202). A merchant the token does not cover is 403; an unknown menu or offer 404.

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
    platform.touch();
    return c.body(null, 202);
  });

  return app;
}
