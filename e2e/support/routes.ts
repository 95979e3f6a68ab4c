import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface DiscoveredRoute {
  /** "GET /api/orders/[orderId]/audit" or "PAGE /board". */
  key: string;
  file: string;
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** URL pattern of an app/ directory: route groups "(x)" vanish, dynamic segments stay as written. */
function patternOf(dir: string): string {
  const segments = dir.split(path.sep).filter((segment) => segment !== "" && !/^\(.*\)$/.test(segment));
  return `/${segments.join("/")}`;
}

/** The HTTP methods a route.ts exports (`export const GET`, `export async function POST`, `export { x as GET }`). */
export function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  for (const method of METHODS) {
    if (new RegExp(`export\\s+(const|let|async\\s+function|function)\\s+${method}\\b`).test(source)) found.add(method);
  }
  for (const match of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of match[1]!.split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .at(-1)
        ?.trim();
      if (name && (METHODS as readonly string[]).includes(name)) found.add(name);
    }
  }
  return [...found].sort();
}

/** Every page and every route handler method under app/. */
export function discoverRoutes(appDir = path.join(process.cwd(), "app")): DiscoveredRoute[] {
  const routes: DiscoveredRoute[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/^page\.(tsx|ts|jsx|js)$/.test(entry.name)) {
        routes.push({ key: `PAGE ${patternOf(path.relative(appDir, dir))}`, file: full });
      } else if (/^route\.(ts|js)$/.test(entry.name)) {
        for (const method of exportedMethods(readFileSync(full, "utf8"))) {
          routes.push({ key: `${method} ${patternOf(path.relative(appDir, dir))}`, file: full });
        }
      }
    }
  };
  walk(appDir);
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}
