import type { CatalogItem, MerchantSeed, OptionGroup } from "./catalog";

const extras: OptionGroup = {
  name: "Adicionais",
  min: 0,
  max: 3,
  maxQuantityEach: 2,
  chance: 0.5,
  options: [
    { code: "ADD-BACON", name: "Bacon extra", priceCents: 400 },
    { code: "ADD-CHEDDAR", name: "Cheddar extra", priceCents: 300 },
    { code: "ADD-OVO", name: "Ovo", priceCents: 250 },
    { code: "ADD-CEBOLA-CARAMELIZADA", name: "Cebola caramelizada", priceCents: 300 },
  ],
};

const side: OptionGroup = {
  name: "Acompanhamento",
  min: 1,
  max: 1,
  maxQuantityEach: 1,
  chance: 1,
  options: [
    { code: "ACO-FRITAS-M", name: "Batata frita média", priceCents: 0 },
    { code: "ACO-ONION-RINGS", name: "Onion rings", priceCents: 400 },
    { code: "ACO-FRITAS-CHEDDAR", name: "Fritas com cheddar e bacon", priceCents: 700 },
  ],
};

const comboDrink: OptionGroup = {
  name: "Bebida do combo",
  min: 1,
  max: 1,
  maxQuantityEach: 1,
  chance: 1,
  options: [
    { code: "BEB-COCA-LATA", name: "Coca-Cola lata 350 ml", priceCents: 0 },
    { code: "BEB-GUARANA-LATA", name: "Guaraná Antarctica lata 350 ml", priceCents: 0 },
    { code: "BEB-SUCO-LARANJA", name: "Suco de laranja 300 ml", priceCents: 300 },
  ],
};

const burgerInstructions = ["sem cebola", "ponto da carne bem passado", "molho à parte", "sem picles"];

const burgers: CatalogItem[] = [
  { code: "BG-SMASH", name: "Smash Burger", priceCents: 2490, maxQuantity: 2, groups: [extras], instructions: burgerInstructions },
  { code: "BG-SMASH-DUPLO", name: "Smash Duplo", priceCents: 3290, maxQuantity: 2, groups: [extras], instructions: burgerInstructions },
  { code: "BG-CHICKEN", name: "Chicken Crispy", priceCents: 2790, maxQuantity: 2, groups: [extras], instructions: burgerInstructions },
  {
    code: "CB-SMASH-DUPLO",
    name: "Combo Smash Duplo + fritas + bebida",
    priceCents: 4290,
    maxQuantity: 2,
    groups: [side, comboDrink, extras],
    instructions: burgerInstructions,
  },
];

const drinks: CatalogItem[] = [
  { code: "BEB-COCA-LATA", name: "Coca-Cola lata 350 ml", priceCents: 650, maxQuantity: 3 },
  { code: "BEB-GUARANA-LATA", name: "Guaraná Antarctica lata 350 ml", priceCents: 600, maxQuantity: 3 },
  { code: "BEB-HEINEKEN-LN", name: "Heineken long neck 330 ml", priceCents: 1100, maxQuantity: 4 },
  { code: "BEB-AGUA-500", name: "Água mineral sem gás 500 ml", priceCents: 400, maxQuantity: 2 },
];

const toppings: OptionGroup = {
  name: "Complementos",
  min: 0,
  max: 4,
  maxQuantityEach: 2,
  chance: 0.9,
  options: [
    { code: "CPL-GRANOLA", name: "Granola", priceCents: 200 },
    { code: "CPL-LEITE-NINHO", name: "Leite Ninho", priceCents: 300 },
    { code: "CPL-BANANA", name: "Banana", priceCents: 200 },
    { code: "CPL-MORANGO", name: "Morango", priceCents: 400 },
    { code: "CPL-PACOCA", name: "Paçoca", priceCents: 250 },
    { code: "CPL-NUTELLA", name: "Nutella", priceCents: 600 },
  ],
};

const acai: CatalogItem[] = [
  { code: "AC-300", name: "Açaí 300 ml", priceCents: 1690, maxQuantity: 2, groups: [toppings] },
  { code: "AC-500", name: "Açaí 500 ml", priceCents: 2290, maxQuantity: 2, groups: [toppings], instructions: ["complementos separados"] },
  { code: "AC-700", name: "Açaí 700 ml", priceCents: 2890, maxQuantity: 1, groups: [toppings] },
];

export const burgerAcai: MerchantSeed = {
  key: "vila-smash-burger-acai",
  name: "Vila Smash Burger & Açaí",
  serviceId: "vila-smash-pinheiros",
  menu: {
    deliveryFeeCents: [499, 699],
    sections: [
      { min: 1, max: 2, items: burgers },
      { min: 0, max: 2, items: [...drinks, ...acai.slice(0, 1)] },
    ],
  },
  virtualBrands: [
    {
      name: "Açaí da Vila",
      share: 0.3,
      menu: {
        deliveryFeeCents: [399, 599],
        sections: [
          { min: 1, max: 2, items: acai },
          { min: 0, max: 1, items: drinks.filter((d) => d.code !== "BEB-HEINEKEN-LN") },
        ],
      },
    },
  ],
};
