import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, buttonClass, linkButtonClass, type ButtonSize, type ButtonVariant } from "./button";

const SIZES: ButtonSize[] = ["sm", "md", "tool", "lg", "kitchen"];
const VARIANTS: ButtonVariant[] = ["primary", "secondary", "outline", "light", "danger", "dangerSolid", "ghost"];

/** The min-h-N of a class list, in Tailwind's quarter-rem steps (12 = 48 px). */
function minHeight(classes: string): number {
  return Number(/(?:^|\s)min-h-(\d+)(?:\s|$)/.exec(classes)?.[1] ?? 0);
}

describe("buttonClass", () => {
  it("makes every size a touch target of at least 48 px, the kitchen's bigger still", () => {
    for (const size of SIZES) expect(minHeight(buttonClass("primary", size))).toBeGreaterThanOrEqual(12);
    expect(minHeight(buttonClass("primary", "kitchen"))).toBeGreaterThanOrEqual(16);
  });

  it("gives every variant its own look", () => {
    const looks = new Set(VARIANTS.map((variant) => buttonClass(variant, "custom")));
    expect(looks.size).toBe(VARIANTS.length);
  });

  it("leaves the shape to the caller for a custom size, and adds the caller's classes", () => {
    expect(minHeight(buttonClass("primary", "custom"))).toBe(0);
    expect(buttonClass("outline", "md", "w-full").split(" ")).toContain("w-full");
  });

  it("lays a link out as a box", () => {
    expect(linkButtonClass("outline").split(" ")).toEqual(expect.arrayContaining(["flex", "items-center", "min-h-12"]));
  });
});

describe("Button", () => {
  it("does not submit a form unless asked to", () => {
    expect(renderToStaticMarkup(<Button variant="primary">Salvar</Button>)).toContain('type="button"');
    expect(
      renderToStaticMarkup(
        <Button variant="primary" type="submit">
          Salvar
        </Button>,
      ),
    ).toContain('type="submit"');
  });

  it("keeps the attributes that name it", () => {
    const html = renderToStaticMarkup(
      <Button variant="secondary" aria-label="Tentar o pedido 12 de novo">
        Tentar
      </Button>,
    );
    expect(html).toContain('aria-label="Tentar o pedido 12 de novo"');
  });
});
