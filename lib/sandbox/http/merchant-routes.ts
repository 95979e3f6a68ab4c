import { Hono } from "hono";
import { z } from "zod";
import { SandboxError } from "../errors";
import { applyUpdate, merchantBelief, onboard, pullOnce } from "../merchant/api";
import { controlsOf } from "../merchant/controls";
import { merchantUpdateSchema } from "../merchant/update-schema";
import type { HttpDeps, SandboxEnv } from "./context";
import { coveredMerchants } from "../tokens";
import type { AccessToken } from "../types";
import { bearerAuth } from "./middleware";
import { parseWith, readJson } from "./problem";

// Open Delivery's merchant API, platform side: POST /v1/merchantUpdate, PUT
// /v1/merchantOnboarding?merchantId= and GET /v1/merchantStatus?merchantId= (a bearer token of
// the merchant named, as for orders), and the control API's view of what the platform believes.

const onboardingSchema = z.object({
  getMerchantURL: z.object({ baseURL: z.url({ protocol: /^https?$/ }), apiKey: z.string().min(1).max(500).optional() }),
  ordersWebhookURL: z.url({ protocol: /^https?$/ }).optional(),
});

const merchantQuery = z.object({ merchantId: z.string().min(1, { error: "required" }) });

export function merchantRoutes(deps: HttpDeps) {
  const { platform } = deps;
  const app = new Hono<SandboxEnv>();
  const auth = bearerAuth(deps);

  /** The merchantId asked about must be one the token covers: another merchant's is as unknown as none. */
  const ownMerchant = (token: AccessToken, query: Record<string, string>) => {
    const { merchantId } = parseWith(merchantQuery, query, "query parameter");
    if (!coveredMerchants(token).includes(merchantId)) throw new SandboxError(404, "Merchant not found");
    return merchantId;
  };

  // The standard's merchantUpdate names no merchant (a token was one merchant's): an integrator's
  // token, covering several, names it with ?merchantId= as the other merchant operations do.
  app.post("/v1/merchantUpdate", auth, async (c) => {
    const update = parseWith(merchantUpdateSchema, await readJson(c)) ?? {};
    const token = c.get("token");
    const merchantId =
      c.req.query("merchantId") === undefined && !token.merchantIds
        ? token.merchantId
        : ownMerchant(token, c.req.query());
    const { pull } = applyUpdate(platform, merchantId, update);
    // The pull happens after the answer, as a platform's would.
    if (pull) void pullOnce(platform, merchantId);
    return c.body(null, 204);
  });

  app.put("/v1/merchantOnboarding", auth, async (c) => {
    const merchantId = ownMerchant(c.get("token"), c.req.query());
    const info = parseWith(onboardingSchema, await readJson(c));
    onboard(platform, merchantId, { ...info.getMerchantURL, ordersWebhookURL: info.ordersWebhookURL });
    void pullOnce(platform, merchantId);
    return c.body(null, 201);
  });

  app.get("/v1/merchantStatus", auth, (c) => {
    const merchantId = ownMerchant(c.get("token"), c.req.query());
    const merchant = platform.state.merchant(merchantId);
    const read = merchant ? controlsOf(merchant).read : undefined;
    if (!read) throw new SandboxError(404, "Merchant not onboarded: PUT /v1/merchantOnboarding first");
    return c.json(read);
  });

  return app;
}

/** GET /control/merchants/{id}/state and POST .../pull (awaits the pull, for tests). */
export function merchantControlRoutes(deps: HttpDeps) {
  const { platform } = deps;
  const app = new Hono<SandboxEnv>();
  app.get("/merchants/:merchantId/state", (c) => c.json(merchantBelief(platform, c.req.param("merchantId"))));
  app.post("/merchants/:merchantId/pull", async (c) => {
    const merchantId = c.req.param("merchantId");
    merchantBelief(platform, merchantId); // 404 for an unknown merchant
    await pullOnce(platform, merchantId);
    return c.json(merchantBelief(platform, merchantId));
  });
  return app;
}
