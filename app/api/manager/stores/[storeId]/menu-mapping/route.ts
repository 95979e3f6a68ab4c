import { respond, withStore } from "@/lib/api/handler";
import { menuMappingSchema } from "@/lib/contract/menu-mapping";
import { getDb } from "@/lib/db";
import { menuMappingOf } from "@/lib/merchant/menu-pairs";

export const dynamic = "force-dynamic";

/** Each channel's catalogue items and the restaurant item each is paired with (the store page). */
export const GET = withStore("manager", async (_request, { storeId }) =>
  respond(menuMappingSchema, await menuMappingOf(await getDb(), storeId)),
);
