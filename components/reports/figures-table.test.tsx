import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FiguresTable } from "./figures-table";

const columns = [
  { key: "orders", label: "Orders", cell: (summary: { orders: number }) => summary.orders },
  { key: "double", label: "Twice", cell: (summary: { orders: number }) => `${summary.orders * 2}×` },
];

type Summary = { orders: number };
const render = (props: Omit<ComponentProps<typeof FiguresTable<Summary>>, "headingId" | "columns">) =>
  renderToStaticMarkup(<FiguresTable headingId="h" columns={columns} {...props} />);

describe("FiguresTable", () => {
  it("titles the section with its heading and gives every figure its row and column headers", () => {
    const html = render({
      heading: "By store",
      nameHeader: "Store",
      rows: [
        { key: "a", name: "Centro", summary: { orders: 3 } },
        { key: "b", name: "Praia", summary: { orders: 5 } },
      ],
    });
    expect(html).toContain('<section aria-labelledby="h"');
    expect(html).toContain('<h2 id="h" class="text-2xl font-bold">By store</h2>');
    expect(html.match(/<th scope="col"[^>]*>([^<]*)</g)?.map((cell) => cell.replace(/.*>|<$/g, ""))).toEqual([
      "Store",
      "Orders",
      "Twice",
    ]);
    expect(html).toMatch(/<th scope="row"[^>]*>Centro<\/th><td[^>]*>3<\/td><td[^>]*>6×<\/td>/);
    expect(html).toMatch(/<th scope="row"[^>]*>Praia<\/th><td[^>]*>5<\/td><td[^>]*>10×<\/td>/);
    expect(html).not.toContain("<tfoot");
    expect(html).not.toContain("<p");
  });

  it("puts the total in the table's footer and the caption under the table", () => {
    const html = render({
      heading: "By channel",
      nameHeader: "Channel",
      rows: [{ key: "a", name: "App 1", summary: { orders: 2 } }],
      total: { name: "Total", summary: { orders: 7 } },
      caption: "Medians of the period.",
    });
    expect(html).toMatch(
      /<tfoot><tr[^>]*><th scope="row"[^>]*>Total<\/th><td[^>]*>7<\/td><td[^>]*>14×<\/td><\/tr><\/tfoot>/,
    );
    expect(html).toMatch(/<\/table><\/div><p class="text-sm text-zinc-400">Medians of the period.<\/p><\/section>$/);
  });
});
