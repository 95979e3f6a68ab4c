import { describe, expect, it } from "vitest";
import { allergyPhrases, hasAllergy } from "./allergy";

describe("hasAllergy", () => {
  it("finds the pt-BR words, with or without accents, in any case", () => {
    for (const note of [
      "SEM LACTOSE - cliente intolerante",
      "alergia a camarão",
      "Filho ALÉRGICO a amendoim",
      "alergico a castanha",
      "cliente celíaca, sem glúten por favor",
      "SEM GLUTEN",
      "intolerância à lactose",
      "doença celíaca",
    ])
      expect(hasAllergy(note), note).toBe(true);
  });

  it("finds the English words", () => {
    for (const note of ["Nut allergy", "ALLERGIC to shellfish", "gluten-free bun", "lactose free", "coeliac"])
      expect(hasAllergy(note), note).toBe(true);
  });

  it("takes whole words only, and leaves ordinary requests alone", () => {
    for (const note of ["sem cebola", "bem passado", "alergista indicou", "sem glúteos", "Semente extra", null, ""])
      expect(hasAllergy(note), String(note)).toBe(false);
  });

  it("finds a note written in decomposed accents (NFD) too", () => {
    expect(hasAllergy("ale\u0301rgico")).toBe(true);
  });

  it("lists the phrases as written, longest form first", () => {
    expect(allergyPhrases("Doença celíaca; SEM LACTOSE também")).toEqual(["Doença celíaca", "SEM LACTOSE"]);
  });
});
