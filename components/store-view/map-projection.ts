// Projects latitude/longitude onto an SVG viewBox. Delivery areas span a few kilometres, so an
// equirectangular projection (longitude shrunk by the cosine of the latitude) is exact enough,
// and keeps the shapes true to the street map a manager knows.

export interface LatLng {
  lat: number;
  lng: number;
}

export interface Projection {
  width: number;
  height: number;
  project(point: LatLng): { x: number; y: number };
}

export function makeProjection(points: LatLng[], width = 640, padding = 24, maxHeight = 640): Projection | null {
  if (points.length === 0) return null;
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const minLat = Math.min(...lats);
  const maxLat = Math.max(...lats);
  const minLng = Math.min(...lngs);
  const maxLng = Math.max(...lngs);
  const shrink = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  // A single point (or a line) still gets a small square around it.
  const spanX = Math.max((maxLng - minLng) * shrink, 1e-4);
  const spanY = Math.max(maxLat - minLat, 1e-4);
  const inner = width - 2 * padding;
  let scale = inner / spanX;
  let height = spanY * scale + 2 * padding;
  if (height > maxHeight) {
    scale = (maxHeight - 2 * padding) / spanY;
    height = maxHeight;
  }
  const offsetX = (width - spanX * scale) / 2;
  return {
    width,
    height: Math.round(height),
    project: ({ lat, lng }) => ({
      x: round(offsetX + (lng - minLng) * shrink * scale),
      // North is up: larger latitudes get smaller y.
      y: round(padding + (maxLat - lat) * scale),
    }),
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

/** The signed area of a projected polygon's outline (shoelace), for drawing big areas first. */
export function polygonArea(points: Array<{ x: number; y: number }>): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    sum += a.x * b.y - b.x * a.y;
  }
  return Math.abs(sum) / 2;
}

/** Where to write an area's label: just inside its topmost vertex, so nested areas do not collide. */
export function labelAnchor(points: Array<{ x: number; y: number }>): { x: number; y: number } {
  const top = points.reduce((best, p) => (p.y < best.y ? p : best), points[0]!);
  const cx = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  return { x: round((top.x + cx) / 2), y: round(top.y + 34) };
}
