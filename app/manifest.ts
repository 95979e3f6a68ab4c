import type { MetadataRoute } from "next";
import messages from "@/lib/i18n/messages/pt-BR.json";
import { THEME_COLOR } from "@/lib/theme/config";

/**
 * Makes Comanda installable ("Add to Home Screen", "Install app"): the kitchen tablet then opens
 * the board straight away, without the browser's address bar. Static (built once), so in the
 * default language.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/board",
    name: `${messages.app.name} · ${messages.board.title}`,
    short_name: messages.app.name,
    description: messages.app.description,
    lang: "pt-BR",
    start_url: "/board",
    scope: "/",
    display: "standalone",
    orientation: "any",
    background_color: THEME_COLOR.dark,
    theme_color: THEME_COLOR.dark,
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
