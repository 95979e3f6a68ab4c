import { describe, expect, it } from "vitest";
import { contains, makeProjection, placeLabels, polygonArea } from "./map-projection";

describe("map projection", () => {
  it("fits the points in the viewBox with north up and east right, keeping the true aspect", () => {
    // 0.02° of latitude by 0.04° of longitude at São Paulo: a degree of longitude is cos(23.55°) as long.
    const points = [
      { lat: -23.54, lng: -46.72 },
      { lat: -23.56, lng: -46.68 },
    ];
    const projection = makeProjection(points, 640, 20)!;
    const northWest = projection.project({ lat: -23.54, lng: -46.72 });
    const southEast = projection.project({ lat: -23.56, lng: -46.68 });
    expect(northWest).toEqual({ x: 20, y: 20 });
    expect(southEast.x).toBe(620);
    expect(southEast.y).toBeGreaterThan(northWest.y);
    const ratio = (southEast.x - northWest.x) / (southEast.y - northWest.y);
    expect(ratio).toBeCloseTo(2 * Math.cos((23.55 * Math.PI) / 180), 1);
    expect(projection.height).toBe(Math.round(southEast.y + 20));
  });

  it("caps the height and centres a tall shape", () => {
    const projection = makeProjection(
      [
        { lat: 0, lng: 0 },
        { lat: 1, lng: 0.01 },
      ],
      640,
      20,
      400,
    )!;
    expect(projection.height).toBe(400);
    const a = projection.project({ lat: 0, lng: 0 });
    const b = projection.project({ lat: 1, lng: 0.01 });
    expect((a.x + b.x) / 2).toBeCloseTo(320, 0);
  });

  it("has nothing to draw without points, and still draws a single point", () => {
    expect(makeProjection([])).toBeNull();
    expect(makeProjection([{ lat: -23.5, lng: -46.6 }])?.project({ lat: -23.5, lng: -46.6 }).y).toBe(24);
  });

  const square = (cx: number, cy: number, r: number) => [
    { x: cx - r, y: cy - r },
    { x: cx + r, y: cy - r },
    { x: cx + r, y: cy + r },
    { x: cx - r, y: cy + r },
  ];

  it("measures polygons and tells inside from outside", () => {
    expect(polygonArea(square(5, 5, 5))).toBe(100);
    expect(contains(square(5, 5, 5), { x: 2, y: 3 })).toBe(true);
    expect(contains(square(5, 5, 5), { x: 12, y: 3 })).toBe(false);
  });

  it("labels nested areas each inside its own ring, apart from each other and from the store", () => {
    const inner = square(300, 300, 100);
    const outer = square(300, 300, 280);
    const store = { x: 330, y: 300 };
    const [outerLabel, innerLabel] = placeLabels([outer, inner], [store]);
    expect(contains(inner, innerLabel!)).toBe(true);
    expect(contains(outer, outerLabel!)).toBe(true);
    expect(contains(inner, outerLabel!)).toBe(false);
    expect(Math.abs(innerLabel!.y - store.y)).toBeGreaterThanOrEqual(38);
  });
});
