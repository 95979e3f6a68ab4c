import { respond, withSession } from "@/lib/api/handler";
import { storeScope } from "@/lib/auth/sessions";
import { boardSnapshotSchema } from "@/lib/contract/board";
import { getDb } from "@/lib/db";
import { getBoardSnapshot } from "@/lib/db/board";

export const dynamic = "force-dynamic";

/** The active board of the viewer's stores: every order not yet done or cancelled, with the stream position to resume from. */
export const GET = withSession({ role: "kitchen" }, async (_request, _params, viewer) =>
  respond(boardSnapshotSchema, await getBoardSnapshot(await getDb(), storeScope(viewer))),
);
