import { stableUuid } from "./random";

/** Merchant ids are stable across data folders so configs and docs can name them. */
export const merchantIdOfKey = (merchantKey: string): string => stableUuid(`merchant:${merchantKey}`);
