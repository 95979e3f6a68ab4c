import { stableUuid } from "./random";

/**
 * Merchant ids are stable across data folders so configs and docs can name them. A platform other
 * than the first (`platformKey` "p2"…) gives the same restaurant another id, as two real platforms do.
 */
export const merchantIdOfKey = (merchantKey: string, platformKey = ""): string =>
  stableUuid(platformKey ? `merchant:${platformKey}:${merchantKey}` : `merchant:${merchantKey}`);
