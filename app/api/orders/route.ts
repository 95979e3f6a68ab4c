import { handler } from "@/lib/api/handler";
import { getDb } from "@/lib/db";
import { getBoardSnapshot } from "@/lib/orders/repository";

export const dynamic = "force-dynamic";

/** The active board: every order not yet done or cancelled, with the stream position to resume from. */
export const GET = handler(async () => Response.json(await getBoardSnapshot(await getDb())));
