import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Select } from "./select";

const stores = [
  { id: "a", name: "Pizzaria" },
  { id: "b", name: "Hamburgueria" },
];

describe("Select", () => {
  it("offers one option per choice, its value the choice's id", () => {
    expect(renderToStaticMarkup(<Select name="store" choices={stores} />)).toBe(
      '<select name="store"><option value="a">Pizzaria</option><option value="b">Hamburgueria</option></select>',
    );
  });

  it("puts the option that means no filter first, with an empty value", () => {
    expect(renderToStaticMarkup(<Select name="store" choices={stores} anyLabel="Todas" />)).toMatch(
      /^<select name="store"><option value="">Todas<\/option><option value="a">/,
    );
  });
});
