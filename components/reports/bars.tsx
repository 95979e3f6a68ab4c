"use client";

import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";

/** Colours readable on the dark background; one per meaning, as on the board. */
export const CHART_COLORS = {
  orders: "#38bdf8",
  revenue: "#34d399",
  median: "#a78bfa",
  p90: "#fbbf24",
  cancelled: "#f87171",
} as const;

const AXIS = { stroke: "#a1a1aa", tick: { fill: "#e4e4e7", fontSize: 14 } };
const TOOLTIP = {
  contentStyle: { background: "#18181b", border: "1px solid #52525b", borderRadius: 8, color: "#f4f4f5" },
  labelStyle: { color: "#f4f4f5", fontWeight: 700 },
  itemStyle: { color: "#f4f4f5" },
  cursor: { fill: "rgba(255,255,255,0.06)" },
};

export interface Series {
  key: string;
  name: string;
  color: string;
}

interface Props {
  data: Array<Record<string, string | number | null>>;
  /** The field with each bar's label. */
  labelKey: string;
  series: Series[];
  format: (value: number) => string;
  /** Horizontal bars, for long category names (reasons, channels). */
  horizontal?: boolean;
  height?: number;
}

/**
 * One bar chart of the report. Keyboard and screen-reader users get the figure's table instead
 * (ChartFigure), so the chart's own accessibility layer and tab stop are off.
 */
/**
 * The value axis's width from its widest label ("R$ 4.000,00" needs more room than "12"), so no
 * tick is clipped: about 8.5 px per character at the axis's 14 px font, plus the tick's margin.
 */
export function valueAxisWidth(
  data: Props["data"],
  series: readonly Series[],
  format: (value: number) => string,
): number {
  let widest = format(0).length;
  for (const row of data)
    for (const item of series) {
      const value = row[item.key];
      if (typeof value === "number") widest = Math.max(widest, format(value).length);
    }
  return Math.ceil(widest * 8.5) + 16;
}

export function Bars({ data, labelKey, series, format, horizontal = false, height = 260 }: Props) {
  const tooltipFormat = (value: unknown) => (typeof value === "number" ? format(value) : String(value ?? ""));
  return (
    <BarChart
      responsive
      data={data}
      layout={horizontal ? "vertical" : "horizontal"}
      accessibilityLayer={false}
      style={{ width: "100%", height: horizontal ? Math.max(120, data.length * series.length * 32 + 60) : height }}
      margin={{ top: 8, right: 16, bottom: 8, left: horizontal ? 8 : 0 }}
    >
      <CartesianGrid stroke="#3f3f46" strokeDasharray="3 3" horizontal={!horizontal} vertical={horizontal} />
      {/* No fragments among a chart's children: recharts checks them with react-is 16, which predates React 19's elements. */}
      {horizontal ? (
        <XAxis type="number" {...AXIS} tickFormatter={format} allowDecimals={false} />
      ) : (
        <XAxis dataKey={labelKey} {...AXIS} interval="preserveStartEnd" minTickGap={8} />
      )}
      {horizontal ? (
        <YAxis type="category" dataKey={labelKey} {...AXIS} width={150} />
      ) : (
        <YAxis {...AXIS} tickFormatter={format} width={valueAxisWidth(data, series, format)} allowDecimals={false} />
      )}
      <Tooltip {...TOOLTIP} formatter={tooltipFormat} />
      {series.length > 1 && <Legend wrapperStyle={{ color: "#e4e4e7", fontSize: 14 }} />}
      {series.map((item) => (
        <Bar
          key={item.key}
          dataKey={item.key}
          name={item.name}
          fill={item.color}
          radius={horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0]}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}
