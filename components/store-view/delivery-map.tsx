import { getFormatter, getTranslations } from "next-intl/server";
import type { DeliveryArea, SpecificLocation } from "@/lib/platform/store-api/types";
import { shortTime } from "@/lib/platform/store-api/hours";
import { feeText, mainFee } from "./format";
import { makeProjection, placeLabels, polygonArea } from "./map-projection";

/** One colour per area, told apart by its number and name in the legend too (not colour alone). */
const COLORS = ["#38bdf8", "#f59e0b", "#a78bfa", "#34d399", "#f472b6", "#fb923c"];

interface Props {
  storeName: string;
  storeLocation: { lat: number; lng: number } | null;
  areas: DeliveryArea[];
  locations: SpecificLocation[];
}

/** The delivery areas drawn to scale, each labelled with its number and fee, with a legend. */
export async function DeliveryMap({ storeName, storeLocation, areas, locations }: Props) {
  const [t, format] = await Promise.all([getTranslations("storeView"), getFormatter()]);
  const drawn = areas.filter((area) => area.polygon.length >= 3);
  const projection = makeProjection([
    ...drawn.flatMap((area) => area.polygon),
    ...(storeLocation ? [storeLocation] : []),
  ]);
  const shapes = projection
    ? drawn
        .map((area, index) => {
          const points = area.polygon.map(projection.project);
          return { area, number: index + 1, color: COLORS[index % COLORS.length]!, points, size: polygonArea(points) };
        })
        // The biggest first, so smaller areas stay visible on top of it.
        .sort((a, b) => b.size - a.size)
    : [];
  const store = storeLocation && projection ? projection.project(storeLocation) : null;
  // The store's marker and its word sit right of the point: keep labels off both.
  const anchors = placeLabels(
    shapes.map((shape) => shape.points),
    store ? [{ x: store.x + 30, y: store.y }] : [],
  );

  return (
    <section aria-labelledby="delivery-heading" className="flex flex-col gap-3">
      <h2 id="delivery-heading" className="text-2xl font-bold">
        {t("delivery")}
      </h2>
      {areas.length === 0 && <p className="text-lg text-zinc-300">{t("noAreas")}</p>}
      <div className="grid gap-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {projection && shapes.length > 0 && (
          <svg
            viewBox={`0 0 ${projection.width} ${projection.height}`}
            role="img"
            aria-label={t("mapLabel", { store: storeName })}
            className="h-auto w-full rounded-lg border border-zinc-700 bg-zinc-900"
          >
            {shapes.map(({ area, color, points }) => (
              <polygon
                key={area.id}
                points={points.map((p) => `${p.x},${p.y}`).join(" ")}
                fill={color}
                fillOpacity={area.active ? 0.18 : 0.05}
                stroke={color}
                strokeWidth={3}
                strokeDasharray={area.active ? undefined : "8 6"}
              />
            ))}
            {shapes.map(({ area, number, color }, index) => {
              const anchor = anchors[index]!;
              return (
                <text
                  key={area.id}
                  x={anchor.x}
                  y={anchor.y + 8}
                  dominantBaseline="auto"
                  textAnchor="middle"
                  fontSize={24}
                  fontWeight={700}
                  fill={color}
                  stroke="#18181b"
                  strokeWidth={4}
                  paintOrder="stroke"
                >
                  {`${number} · ${mainFee(format, area.fee) ?? "—"}`}
                </text>
              );
            })}
            {store && (
              <g>
                <circle cx={store.x} cy={store.y} r={9} fill="#fafafa" stroke="#18181b" strokeWidth={3} />
                <text
                  x={store.x + 14}
                  y={store.y + 6}
                  fontSize={22}
                  fontWeight={700}
                  fill="#fafafa"
                  stroke="#18181b"
                  strokeWidth={4}
                  paintOrder="stroke"
                >
                  {t("storeMarker")}
                </text>
              </g>
            )}
          </svg>
        )}
        <div className="flex flex-col gap-4">
          {drawn.length > 0 && (
            <div>
              <h3 className="mb-2 text-xl font-semibold">{t("legend")}</h3>
              <ol className="flex flex-col gap-2" aria-label={t("legend")}>
                {drawn.map((area, index) => (
                  <li key={area.id} className="flex gap-3 rounded-lg bg-zinc-800 px-3 py-2">
                    <span
                      aria-hidden
                      className="mt-1 size-5 shrink-0 rounded border-2"
                      style={{
                        borderColor: COLORS[index % COLORS.length],
                        background: `${COLORS[index % COLORS.length]}40`,
                      }}
                    />
                    <div>
                      <p className="text-lg font-semibold">
                        {index + 1}. {area.name}
                      </p>
                      <p className="text-zinc-200">{feeText(t, format, area.fee)}</p>
                      <p className="text-zinc-400">
                        {area.active ? t("areaActive") : t("areaInactive")}
                        {area.waitingMinutes
                          ? ` · ${t("waitingRange", { min: String(area.waitingMinutes.min), max: String(area.waitingMinutes.max) })}`
                          : ""}
                        {area.pause
                          ? ` · ${t("areaPaused", { start: shortTime(area.pause.start), end: shortTime(area.pause.end) })}`
                          : ""}
                      </p>
                    </div>
                  </li>
                ))}
              </ol>
            </div>
          )}
          <div>
            <h3 className="mb-2 text-xl font-semibold">{t("specificLocations")}</h3>
            {locations.length === 0 ? (
              <p className="text-zinc-300">{t("noSpecificLocations")}</p>
            ) : (
              <ul className="flex flex-col gap-2" aria-label={t("specificLocations")}>
                {locations.map((location) => (
                  <li key={location.id} className="rounded-lg bg-zinc-800 px-3 py-2">
                    <p className="text-lg font-semibold">{location.name}</p>
                    <p className="text-zinc-300">
                      {t("specificLocationLine", {
                        street: location.street,
                        neighborhood: location.neighborhood,
                        zipcode: location.zipcode,
                      })}
                    </p>
                    <p className="text-zinc-200">
                      {feeText(t, format, location.fee)}
                      {location.active ? "" : ` · ${t("areaInactive")}`}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
