import { Hono } from "hono";
import { z } from "zod";
import type { HttpDeps, SandboxEnv } from "../../http/context";
import { parseWith } from "../../http/problem";
import { coveredMerchants } from "../../tokens";
import { v2Auth } from "./auth";

// GET /v2/merchants (merchant.openapi.yaml, listMerchants): the merchants that authorised the
// calling application — an application token's integrator's merchants, a merchant token's own —
// as MerchantSummary {id, name, status} with `pagination`. Any valid token may list them (rc.2
// names no scope for it: it is how an application learns what its token covers). `status` is
// OPEN or CLOSED from the merchant API's open/closed switch; the sandbox pauses no merchant.

const querySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  status: z.enum(["OPEN", "CLOSED", "PAUSED"]).optional(),
});

export function v2MerchantRoutes(deps: HttpDeps) {
  const { platform } = deps;
  const app = new Hono<SandboxEnv>();
  app.get("/v2/merchants", v2Auth(deps), (c) => {
    const query = parseWith(querySchema, c.req.query(), "query");
    const covered = new Set(coveredMerchants(c.get("token")));
    const all = platform.state.merchants
      .filter((merchant) => covered.has(merchant.merchantId))
      .map((merchant) => ({
        id: merchant.merchantId,
        name: merchant.name,
        status: merchant.controls?.status === "UNAVAILABLE" ? ("CLOSED" as const) : ("OPEN" as const),
      }))
      .filter((merchant) => !query.status || merchant.status === query.status);
    const start = (query.page - 1) * query.pageSize;
    return c.json({
      merchants: all.slice(start, start + query.pageSize),
      pagination: {
        page: query.page,
        pageSize: query.pageSize,
        totalItems: all.length,
        totalPages: Math.ceil(all.length / query.pageSize),
      },
    });
  });
  return app;
}
