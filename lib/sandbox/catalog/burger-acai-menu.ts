import { opt, periods, property, WEEKDAYS } from "./build";
import type { CategoryDef, ItemDef, OrderingDef, PropertyDef } from "./types";

// Vila Smash Burger & Açaí: smash burgers with add-ons and doneness, combos, sides, açaí by the
// cup with toppings and a syrup, and drinks. The one definition of this menu: the store API's
// catalogue shows it and the interchange side's random orders are drawn from it.

const addOns: PropertyDef = property(2101, "Adicionais", { choiceType: "MULTIPLE", min: 0, max: 4, maxEach: 2 }, [
  opt(210101, "ADD-BACON", "Bacon extra", 400),
  opt(210102, "ADD-CHEDDAR", "Cheddar extra", 300),
  opt(210103, "ADD-OVO", "Ovo", 250),
  opt(210104, "ADD-CEBOLA-CARAMELIZADA", "Cebola caramelizada", 300),
  opt(210105, "ADD-BLEND-EXTRA", "Blend extra 90 g", 900),
]);

const doneness: PropertyDef = property(2102, "Ponto da carne", { choiceType: "SINGLE", min: 1, max: 1 }, [
  opt(210201, "PONTO-AO-PONTO", "Ao ponto", 0),
  opt(210202, "PONTO-BEM-PASSADO", "Bem passado", 0),
]);

const side: PropertyDef = property(2103, "Acompanhamento", { choiceType: "SINGLE", min: 1, max: 1 }, [
  opt(210301, "ACO-FRITAS-M", "Batata frita média", 0),
  opt(210302, "ACO-ONION-RINGS", "Onion rings", 400),
  opt(210303, "ACO-FRITAS-CHEDDAR", "Fritas com cheddar e bacon", 700),
]);

const comboDrink: PropertyDef = property(2104, "Bebida do combo", { choiceType: "SINGLE", min: 1, max: 1 }, [
  opt(210401, "CB-COCA-LATA", "Coca-Cola lata 350 ml", 0),
  opt(210402, "CB-GUARANA-LATA", "Guaraná Antarctica lata 350 ml", 0),
  opt(210403, "CB-SUCO-LARANJA", "Suco de laranja 300 ml", 300),
]);

const toppings: PropertyDef = property(2105, "Complementos", { choiceType: "MULTIPLE", min: 0, max: 6, maxEach: 2 }, [
  opt(210501, "CPL-GRANOLA", "Granola", 200),
  opt(210502, "CPL-LEITE-NINHO", "Leite Ninho", 300),
  opt(210503, "CPL-BANANA", "Banana", 200),
  opt(210504, "CPL-MORANGO", "Morango", 400),
  opt(210505, "CPL-PACOCA", "Paçoca", 250),
  opt(210506, "CPL-NUTELLA", "Nutella", 600),
]);

const syrup: PropertyDef = property(2106, "Cobertura", { choiceType: "SINGLE", min: 0, max: 1 }, [
  opt(210601, "COB-LEITE-CONDENSADO", "Leite condensado", 0),
  opt(210602, "COB-MEL", "Mel", 0),
  opt(210603, "COB-CHOCOLATE", "Calda de chocolate", 150),
]);

const burger = (
  id: number,
  customCode: string,
  name: string,
  description: string,
  priceCents: number,
  beef = true,
): ItemDef => ({
  id,
  customCode,
  name,
  description,
  priceCents,
  properties: beef ? [doneness, addOns] : [addOns],
});

export const burgerAcaiCategories: CategoryDef[] = [
  {
    id: 2001,
    name: "Burgers",
    main: true,
    description: "Pão brioche, blend de 90 g na chapa",
    items: [
      burger(2201, "BG-SMASH", "Smash Burger", "Blend smash, queijo prato e molho da casa", 2490),
      burger(2202, "BG-SMASH-DUPLO", "Smash Duplo", "Dois blends, cheddar duplo e cebola", 3290),
      burger(2203, "BG-CHICKEN", "Chicken Crispy", "Sobrecoxa empanada, alface e maionese de alho", 2790, false),
      burger(2204, "BG-VEGGIE", "Veggie de grão-de-bico", "Hambúrguer de grão-de-bico, rúcula e tomate", 2990, false),
    ],
  },
  {
    id: 2002,
    name: "Combos",
    main: true,
    description: "Burger + acompanhamento + bebida",
    items: [
      {
        id: 2301,
        customCode: "CB-SMASH-DUPLO",
        name: "Combo Smash Duplo + fritas + bebida",
        description: "",
        priceCents: 4290,
        oldPriceCents: 4790,
        properties: [doneness, side, comboDrink, addOns],
      },
      {
        id: 2302,
        customCode: "CB-ALMOCO",
        name: "Combo almoço: Smash + fritas + lata",
        description: "De segunda a sexta, das 11h às 15h",
        priceCents: 3490,
        properties: [doneness, comboDrink],
        availabilities: periods(WEEKDAYS, "11:00", "15:00"),
        badges: ["Almoço"],
      },
    ],
  },
  {
    id: 2003,
    name: "Porções",
    description: "",
    items: [
      { id: 2401, customCode: "POR-FRITAS", name: "Batata frita grande", description: "500 g", priceCents: 1990 },
      { id: 2402, customCode: "POR-ONION", name: "Onion rings", description: "12 anéis", priceCents: 2290 },
    ],
  },
  {
    id: 2004,
    name: "Açaí",
    main: true,
    description: "Açaí puro batido na hora",
    items: [
      {
        id: 2501,
        customCode: "AC-300",
        name: "Açaí 300 ml",
        description: "",
        priceCents: 1690,
        properties: [toppings, syrup],
      },
      {
        id: 2502,
        customCode: "AC-500",
        name: "Açaí 500 ml",
        description: "",
        priceCents: 2290,
        properties: [toppings, syrup],
      },
      {
        id: 2503,
        customCode: "AC-700",
        name: "Açaí 700 ml",
        description: "",
        priceCents: 2890,
        properties: [toppings, syrup],
      },
    ],
  },
  {
    id: 2005,
    name: "Bebidas",
    description: "",
    items: [
      { id: 2601, customCode: "BEB-COCA-LATA", name: "Coca-Cola lata 350 ml", description: "", priceCents: 650 },
      {
        id: 2602,
        customCode: "BEB-GUARANA-LATA",
        name: "Guaraná Antarctica lata 350 ml",
        description: "",
        priceCents: 600,
      },
      {
        id: 2603,
        customCode: "BEB-HEINEKEN-LN",
        name: "Heineken long neck 330 ml",
        description: "Venda proibida para menores de 18 anos",
        priceCents: 1100,
      },
      { id: 2604, customCode: "BEB-AGUA-500", name: "Água mineral sem gás 500 ml", description: "", priceCents: 400 },
    ],
  },
];

const burgerInstructions = ["sem cebola", "ponto da carne bem passado", "molho à parte", "sem picles"];

/** Generated orders: burgers or combos with a drink; 30 % go to the açaí virtual brand, which sells no beer. */
export const burgerAcaiOrdering: OrderingDef = {
  deliveryFeeCents: [499, 699],
  sections: [
    { min: 1, max: 2, categoryIds: [2001, 2002] },
    { min: 0, max: 2, categoryIds: [2003, 2005] },
  ],
  instructions: { 2001: burgerInstructions, 2002: burgerInstructions, 2004: ["complementos separados"] },
  virtualBrands: [
    {
      name: "Açaí da Vila",
      share: 0.3,
      deliveryFeeCents: [399, 599],
      sections: [
        { min: 1, max: 2, categoryIds: [2004] },
        { min: 0, max: 1, categoryIds: [2005], except: ["BEB-HEINEKEN-LN"] },
      ],
    },
  ],
};
