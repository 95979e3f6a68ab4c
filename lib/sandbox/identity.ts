import { stableUuid } from "./random";

// Who a platform is. One process may host several platforms (platforms.ts); each has a key that
// keeps its ids apart from the others' (merchant ids, the ordering application's id) and a name
// that reaches users as the orders' salesChannel.

export type PlatformIdentity = {
  /** "" for the first (and usually only) platform, so its ids stay what they always were; "p2", "p3"… */
  key: string;
  /** Shown to users: the orders' salesChannel. */
  name: string;
  /** The ordering application's id on every event and order (the standard wants a uuid). */
  sourceAppId: string;
};

export const DEFAULT_PLATFORM_NAME = "Comanda Sandbox";

export function platformIdentity(key = "", name = DEFAULT_PLATFORM_NAME): PlatformIdentity {
  return {
    key,
    name,
    sourceAppId: stableUuid(key ? `source-app:comanda-sandbox:${key}` : "source-app:comanda-sandbox"),
  };
}
