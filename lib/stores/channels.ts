import "server-only";
import { eq } from "drizzle-orm";
import type { Database, DatabaseTransaction } from "@/lib/db";
import { channels } from "@/lib/db/schema";

/** The restaurant a channel belongs to, or undefined when there is no such channel. */
export async function restaurantOfChannel(
  db: Database | DatabaseTransaction,
  channelId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ restaurantId: channels.restaurantId })
    .from(channels)
    .where(eq(channels.id, channelId));
  return row?.restaurantId;
}
