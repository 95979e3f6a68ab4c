import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field } from "./field";

/** The value of one attribute of the first element with that tag, in server-rendered HTML. */
function attribute(html: string, tag: string, name: string): string | undefined {
  const element = new RegExp(`<${tag}\\b[^>]*>`).exec(html)?.[0] ?? "";
  return new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1];
}

describe("Field", () => {
  it("binds its label to the control, with the id it is given", () => {
    const html = renderToStaticMarkup(
      <Field label="E-mail" id="email">
        {(control) => <input {...control} name="email" />}
      </Field>,
    );
    expect(attribute(html, "label", "for")).toBe("email");
    expect(attribute(html, "input", "id")).toBe("email");
    expect(attribute(html, "input", "aria-describedby")).toBeUndefined();
    expect(attribute(html, "input", "aria-invalid")).toBeUndefined();
  });

  it("binds its label to the control with an id of its own when given none", () => {
    const html = renderToStaticMarkup(<Field label="Loja">{(control) => <select {...control} name="store" />}</Field>);
    const id = attribute(html, "select", "id");
    expect(id).toBeTruthy();
    expect(attribute(html, "label", "for")).toBe(id);
  });

  it("describes the control with its hint and its error, and marks it invalid", () => {
    const html = renderToStaticMarkup(
      <Field label="Client secret" id="secret" hint="definido" error="obrigatório">
        {(control) => <input {...control} name="secret" />}
      </Field>,
    );
    expect(attribute(html, "input", "aria-describedby")).toBe("secret-hint secret-error");
    expect(attribute(html, "input", "aria-invalid")).toBe("true");
    expect(html).toMatch(/<span id="secret-hint"[^>]*>definido<\/span>/);
    expect(html).toMatch(/<span id="secret-error"[^>]*>.*obrigatório<\/span>/);
  });

  it("hides the label from the eye only", () => {
    const html = renderToStaticMarkup(
      <Field label="Novo PIN" hideLabel>
        {(control) => <input {...control} name="pin" />}
      </Field>,
    );
    expect(attribute(html, "label", "class")).toBe("sr-only");
    expect(html).toContain("Novo PIN");
  });
});
