import type { PaymentFormDef, VoucherDef } from "./types";

// Brand-wide settings: the brand, payment forms, vouchers, loyalty, referral, static pages and
// checkout questions. Both stores share them (a voucher names the stores it is valid in).

export const brand = { id: 1, name: "Sabores da Vila", site: "https://sabores-da-vila.example.com.br" };

export const paymentForms: PaymentFormDef[] = [
  {
    id: 1,
    name: "Dinheiro",
    encodedName: "dinheiro",
    method: "CASH",
    online: false,
    askForChange: true,
    isCardBrand: false,
  },
  {
    id: 2,
    name: "Cartão na entrega (maquininha)",
    encodedName: "cartao-na-entrega",
    method: "CREDIT",
    online: false,
    askForChange: false,
    isCardBrand: true,
  },
  { id: 3, name: "Pix", encodedName: "pix", method: "PIX", online: true, askForChange: false, isCardBrand: false },
  {
    id: 4,
    name: "Cartão de crédito no app",
    encodedName: "cartao-online",
    method: "CREDIT",
    online: true,
    askForChange: false,
    isCardBrand: true,
  },
];

export const splittingConfig = {
  acceptSplitPayment: false,
  maxNumberOfInstallments: 1,
  minValueOfEachInstallmentCents: 0,
};

export const acceptedCardBrands = ["VISA", "MASTERCARD", "ELO", "AMEX", "HIPERCARD"] as const;

const base = { limitOfUses: 0, active: true, expires: "2027-12-31" };
export const vouchers: VoucherDef[] = [
  {
    ...base,
    id: 1,
    code: "BEMVINDO10",
    customCode: "V-BEMVINDO",
    description: "10% off no primeiro pedido",
    type: "PERCENT",
    applyTo: "CART",
    valuePercent: 10,
    minOrderCents: 4000,
    storeIds: [101, 102],
    isOnlyFirstOrder: true,
    limitOfUses: 1,
  },
  {
    ...base,
    id: 2,
    code: "FRETEGRATIS",
    customCode: "V-FRETE",
    description: "Entrega grátis acima de R$ 50",
    type: "PERCENT",
    applyTo: "DELIVERY_FEE",
    valuePercent: 100,
    minOrderCents: 5000,
    storeIds: [101, 102],
    onlyDelivery: true,
  },
  {
    ...base,
    id: 3,
    code: "PIZZA15",
    customCode: "V-PIZZA15",
    description: "R$ 15 off nas pizzas acima de R$ 80",
    type: "FIXED",
    applyTo: "CATEGORY",
    valueCents: 1500,
    minOrderCents: 8000,
    storeIds: [101],
    idsCategories: [1001],
  },
  {
    ...base,
    id: 4,
    code: "PIX5",
    customCode: "V-PIX5",
    description: "5% off pagando com Pix",
    type: "PERCENT",
    applyTo: "CART",
    valuePercent: 5,
    minOrderCents: 3000,
    storeIds: [101, 102],
    applyToPayments: ["PIX"],
  },
  {
    ...base,
    id: 5,
    code: "ACAI20",
    customCode: "V-ACAI20",
    description: "20% off no açaí",
    type: "PERCENT",
    applyTo: "CATEGORY",
    valuePercent: 20,
    minOrderCents: 0,
    storeIds: [102],
    idsCategories: [2004],
  },
  {
    ...base,
    id: 6,
    code: "VERAO2025",
    customCode: "V-VERAO25",
    description: "Verão 2025: R$ 10 off",
    type: "FIXED",
    applyTo: "CART",
    valueCents: 1000,
    minOrderCents: 3000,
    storeIds: [101, 102],
    expires: "2025-03-20",
  },
  {
    ...base,
    id: 7,
    code: "NIVER-ANA15",
    customCode: "V-NIVER",
    description: "Feliz aniversário! R$ 15 de presente",
    type: "FIXED",
    applyTo: "CART",
    valueCents: 1500,
    minOrderCents: 2000,
    storeIds: [101, 102],
    isIndividual: true,
    isBirthdayType: true,
    limitOfUses: 1,
  },
];

export const loyaltyProgram = {
  id: 1,
  programName: "Clube Sabores da Vila",
  programIcon: "https://sabores-da-vila.example.com.br/img/clube.png",
  description: "A cada R$ 1 em pedidos você ganha 1 ponto. Com 100 pontos, R$ 15 de desconto no próximo pedido.",
  customCode: "CLUBE-SDV",
  /** Points per real spent (baseCountType VALUE). */
  valueBaseCount: 1,
  baseCountType: "VALUE",
  /** Points a reward costs. */
  total: 100,
  pointsValidFor: 180,
  benefitType: "FIXED_DISCOUNT",
  benefitCents: 1500,
  dateBegin: "2026-01-01",
  dateEnd: "2027-12-31",
  status: "ACTIVE",
};

export const referralProgram = { rewardCents: 1000, expiresAt: "2027-06-30T23:59:59-03:00" };

export const pages: Record<string, { title: string; text: string }> = {
  "sobre-nos": {
    title: "Sobre nós",
    text: "A Sabores da Vila reúne a Pizzaria Bella Napoli e o Vila Smash Burger & Açaí, na Zona Oeste de São Paulo.",
  },
  "termos-de-uso": {
    title: "Termos de uso",
    text: "Ao fazer um pedido você concorda com os preços e prazos exibidos no momento da compra.",
  },
  "politica-de-privacidade": {
    title: "Política de privacidade",
    text: "Usamos seus dados (LGPD) apenas para entregar seus pedidos e, se você permitir, enviar promoções.",
  },
  "perguntas-frequentes": {
    title: "Perguntas frequentes",
    text: "Entregamos na Zona Oeste; pedidos agendados podem ser feitos com até 7 dias de antecedência.",
  },
};

export const checkoutQuestions = [
  { id: 1, question: "Precisa de talheres e guardanapos?", answerType: "BOOLEAN", required: false, viewOrder: 1 },
  { id: 2, question: "CPF na nota fiscal?", answerType: "TEXT", required: false, viewOrder: 2 },
  { id: 3, question: "Como ficou sabendo da gente?", answerType: "TEXT", required: false, viewOrder: 3 },
];
