import { timingSafeEqual } from "node:crypto";
import { handler, withSession } from "@/lib/api/handler";
import { env } from "@/lib/env";
import { metrics } from "@/lib/metrics";

export const dynamic = "force-dynamic";

async function exposition(): Promise<Response> {
  const { registry } = metrics();
  return new Response(await registry.metrics(), { headers: { "content-type": registry.contentType } });
}

const forAdmins = withSession({ role: "admin" }, exposition);

/**
 * Prometheus text exposition of this instance's metrics: for a scraper presenting
 * `Authorization: Bearer $METRICS_TOKEN`, or for a signed-in admin.
 */
export const GET = handler(async (request, params) => {
  const token = env.METRICS_TOKEN;
  const presented = request.headers.get("authorization")?.replace(/^Bearer\s+/i, "");
  if (
    token &&
    presented &&
    presented.length === token.length &&
    timingSafeEqual(Buffer.from(presented), Buffer.from(token))
  ) {
    return exposition();
  }
  return forAdmins(request, { params: Promise.resolve(params) });
});
