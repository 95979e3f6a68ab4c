import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Dialog } from "./dialog";

const noop = () => undefined;

describe("Dialog", () => {
  it("is named by its title", () => {
    const html = renderToStaticMarkup(
      <Dialog onClose={noop} title="Trocar de pessoa" frame="compact">
        <p>teclado</p>
      </Dialog>,
    );
    const labelledBy = /<dialog[^>]*aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(html).toContain(`<h2 id="${labelledBy}"`);
    expect(html).not.toContain("<button");
  });

  it("has a header with the title, its details, its actions and a close button in the full frame", () => {
    const html = renderToStaticMarkup(
      <Dialog
        onClose={noop}
        title="Pedido 12"
        titleId="order-12-heading"
        frame="full"
        details={<span>Entrega</span>}
        actions={<button type="button">Imprimir</button>}
        closeLabel="Fechar"
      >
        <div>corpo</div>
      </Dialog>,
    );
    expect(html).toContain('aria-labelledby="order-12-heading"');
    expect(html).toMatch(
      /<header[^>]*>.*<h2 id="order-12-heading"[^>]*>Pedido 12<\/h2><span>Entrega<\/span>.*Imprimir.*>Fechar<\/button><\/div><\/header><div>corpo<\/div>/,
    );
  });
});
