// Without "server-only": the order dialog tells an own order from a platform's by its channel id.

/**
 * Own channel ids start with this. A platform channel's id is its merchant id, which Comanda does
 * not choose: saveChannelConfig refuses one with this prefix, so the two never meet (platforms'
 * merchant ids are UUIDs in practice).
 */
export const OWN_CHANNEL_PREFIX = "own:";

export function isOwnChannelId(id: string): boolean {
  return id.startsWith(OWN_CHANNEL_PREFIX);
}
