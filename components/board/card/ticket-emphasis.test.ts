import { describe, expect, it } from "vitest";
import { emphasise } from "./ticket-emphasis";

const marked = (note: string) =>
  emphasise(note)
    .filter((part) => part.emphasis)
    .map((part) => part.text);

describe("emphasise", () => {
  it("sets apart allergies and 'sem …' requests, keeping every word of the note", () => {
    const note = "SEM GERGELIM alergia grave! Capricha no molho";
    expect(marked(note)).toEqual(["SEM GERGELIM", "alergia"]);
    expect(
      emphasise(note)
        .map((part) => part.text)
        .join(""),
    ).toBe(note);
  });

  it("knows the English words too, and leaves a plain note alone", () => {
    expect(marked("Without onions, nut allergy")).toEqual(["Without onions", "allergy"]);
    expect(emphasise("Bem passado")).toEqual([{ text: "Bem passado", emphasis: false }]);
  });

  it("does not take a word that merely starts like one", () => {
    expect(marked("Semente extra, passem sal")).toEqual([]);
  });
});

describe("emphasise: allergies", () => {
  it("marks the allergy words as such, whole phrases first", () => {
    const parts = emphasise("SEM LACTOSE - cliente intolerante, sem cebola").filter((part) => part.emphasis);
    expect(parts).toEqual([
      { text: "SEM LACTOSE", emphasis: true, allergy: true },
      { text: "intolerante", emphasis: true, allergy: true },
      { text: "sem cebola", emphasis: true },
    ]);
  });
});
