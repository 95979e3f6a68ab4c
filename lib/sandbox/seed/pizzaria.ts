import type { CatalogOption, MerchantSeed, OptionGroup } from "./catalog";

const flavors: CatalogOption[] = [
  { code: "SAB-CALABRESA", name: "Calabresa", priceCents: 0 },
  { code: "SAB-MARGUERITA", name: "Marguerita", priceCents: 0 },
  { code: "SAB-MUSSARELA", name: "Mussarela", priceCents: 0 },
  { code: "SAB-PORTUGUESA", name: "Portuguesa", priceCents: 400 },
  { code: "SAB-FRANGO-CATUPIRY", name: "Frango com Catupiry", priceCents: 400 },
  { code: "SAB-QUATRO-QUEIJOS", name: "Quatro Queijos", priceCents: 600 },
  { code: "SAB-NAPOLITANA", name: "Napolitana", priceCents: 400 },
  { code: "SAB-PALMITO", name: "Palmito", priceCents: 600 },
];

const flavorGroup: OptionGroup = {
  name: "Sabores",
  min: 1,
  max: 2,
  maxQuantityEach: 1,
  chance: 1,
  halves: true,
  options: flavors,
};

const crustGroup: OptionGroup = {
  name: "Borda",
  min: 0,
  max: 1,
  maxQuantityEach: 1,
  chance: 0.4,
  options: [
    { code: "BORDA-CATUPIRY", name: "Borda recheada de Catupiry", priceCents: 1200 },
    { code: "BORDA-CHEDDAR", name: "Borda recheada de cheddar", priceCents: 1200 },
    { code: "BORDA-CHOCOLATE", name: "Borda recheada de chocolate", priceCents: 1400 },
  ],
};

const pizzaInstructions = ["sem cebola", "bem assada", "cortar em pedaços pequenos", "sem azeitona"];

const pizza = (code: string, name: string, priceCents: number) => ({
  code,
  name,
  priceCents,
  maxQuantity: 2,
  groups: [flavorGroup, crustGroup],
  instructions: pizzaInstructions,
});

export const pizzaria: MerchantSeed = {
  key: "pizzaria-bella-napoli",
  name: "Pizzaria Bella Napoli",
  serviceId: "bella-napoli-vila-madalena",
  menu: {
    deliveryFeeCents: [599, 799, 899],
    sections: [
      {
        min: 1,
        max: 2,
        items: [
          pizza("PZ-BROTO", "Pizza Broto (4 fatias)", 3490),
          pizza("PZ-MEDIA", "Pizza Média (6 fatias)", 4690),
          pizza("PZ-GRANDE", "Pizza Grande (8 fatias)", 5490),
          pizza("PZ-FAMILIA", "Pizza Família (12 fatias)", 6990),
        ],
      },
      {
        min: 0,
        max: 2,
        items: [
          { code: "BEB-GUARANA-2L", name: "Guaraná Antarctica 2 L", priceCents: 1300, maxQuantity: 2 },
          { code: "BEB-COCA-2L", name: "Coca-Cola 2 L", priceCents: 1400, maxQuantity: 2 },
          { code: "BEB-AGUA-500", name: "Água mineral sem gás 500 ml", priceCents: 400, maxQuantity: 3 },
          {
            code: "SOB-BROTO-BRIGADEIRO",
            name: "Pizza doce Broto de brigadeiro",
            priceCents: 3290,
            maxQuantity: 1,
            instructions: ["com granulado"],
          },
        ],
      },
    ],
  },
};
