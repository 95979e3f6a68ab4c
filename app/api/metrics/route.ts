import { handler } from "@/lib/api/handler";
import { metrics } from "@/lib/metrics";

export const dynamic = "force-dynamic";

/** Prometheus text exposition of this instance's metrics. */
export const GET = handler(async () => {
  const { registry } = metrics();
  return new Response(await registry.metrics(), { headers: { "content-type": registry.contentType } });
});
