import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Notice } from "./notice";

describe("Notice", () => {
  it("announces an error at once and a success politely", () => {
    expect(renderToStaticMarkup(<Notice tone="error">Falhou</Notice>)).toMatch(/^<p role="alert"/);
    expect(renderToStaticMarkup(<Notice tone="success">Salvo</Notice>)).toMatch(/^<p role="status"/);
  });
});
