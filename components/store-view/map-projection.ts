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

type Point = { x: number; y: number };

/** Even-odd ray casting: whether a point lies inside a polygon. */
export function contains(polygon: Point[], point: Point): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x)
      inside = !inside;
  }
  return inside;
}

const centroid = (points: Point[]): Point => ({
  x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
  y: points.reduce((sum, p) => sum + p.y, 0) / points.length,
});

/**
 * Where to write each area's label (its number and fee): inside its own area, outside the
 * smaller areas drawn over it, clear of the other labels and of the store's marker. Nested areas
 * share a centre, so each label walks from the centre towards the area's bottom or top edge
 * until it finds a free spot. `polygons` are the projected areas; `half` the label's half size.
 */
export function placeLabels(polygons: Point[][], obstacles: Point[] = [], half = { width: 60, height: 16 }): Point[] {
  const order = polygons.map((points, index) => ({ index, size: polygonArea(points) })).sort((a, b) => a.size - b.size);
  const placed: Point[] = [...obstacles];
  const anchors: Point[] = new Array<Point>(polygons.length);
  const overlaps = (p: Point, q: Point) =>
    Math.abs(p.x - q.x) < 2 * half.width && Math.abs(p.y - q.y) < 2 * half.height + 6;
  order.forEach(({ index }, rank) => {
    const points = polygons[index]!;
    const smaller = order.slice(0, rank).map((entry) => polygons[entry.index]!);
    const centre = centroid(points);
    const bottom = points.reduce((best, p) => (p.y > best.y ? p : best), points[0]!);
    const top = points.reduce((best, p) => (p.y < best.y ? p : best), points[0]!);
    const free = (p: Point) =>
      [p, { x: p.x - half.width, y: p.y }, { x: p.x + half.width, y: p.y }].every(
        (corner) => contains(points, corner) && !smaller.some((inner) => contains(inner, corner)),
      ) && !placed.some((other) => overlaps(p, other));
    let anchor: Point | undefined;
    for (let step = 0; step <= 10 && !anchor; step++) {
      const t = step / 10;
      for (const edge of [bottom, top]) {
        const candidate = {
          x: round(centre.x + (edge.x - centre.x) * t),
          y: round(centre.y + (edge.y - centre.y) * t),
        };
        if (free(candidate)) {
          anchor = candidate;
          break;
        }
      }
    }
    // Nowhere free (a thin sliver of an area): just inside its top vertex, as close as it gets.
    anchor ??= { x: round((top.x + centre.x) / 2), y: round(top.y + 2 * half.height) };
    anchors[index] = anchor;
    placed.push(anchor);
  });
  return anchors;
}
