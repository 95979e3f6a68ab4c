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

/**
 * Each own channel's label and colour as it is created (a manager may change them); the board's
 * chip of an own order when the stream's status does not name the channel (it names platform ones).
 */
export const OWN_CHANNEL_STYLE: Readonly<
  Record<"counter" | "phone" | "whatsapp" | "table", { label: string; color: string }>
> = {
  counter: { label: "Balcão", color: "#64748b" },
  phone: { label: "Telefone", color: "#0f766e" },
  whatsapp: { label: "WhatsApp", color: "#15803d" },
  table: { label: "Mesa", color: "#b45309" },
};

/** `own:phone:<restaurant>` → "phone"; undefined for a platform's channel. */
export function ownSourceOf(id: string): keyof typeof OWN_CHANNEL_STYLE | undefined {
  if (!isOwnChannelId(id)) return undefined;
  const source = id.slice(OWN_CHANNEL_PREFIX.length).split(":")[0];
  return source && source in OWN_CHANNEL_STYLE ? (source as keyof typeof OWN_CHANNEL_STYLE) : undefined;
}
