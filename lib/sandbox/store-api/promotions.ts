import { loyaltyProgram, referralProgram, vouchers } from "../catalog";
import type { StoreDef, VoucherDef } from "../catalog/types";
import type { PricedLine } from "./cart";
import type { StoreDomain } from "./domain";
import { money, reais } from "./money";
import type { Profile } from "./state";

// Vouchers, the loyalty programme and the referral reward: when each applies and how much it
// takes off. An inapplicable voucher is described (availabilityError) rather than hidden.

export type VoucherContext = {
  store: StoreDef;
  at: Date;
  subtotalCents?: number;
  lines?: PricedLine[];
  itemIds?: number[];
  isDelivery?: boolean;
  deliveryFeeCents?: number;
  paymentMethod?: string;
  profile?: Profile;
  previousOrders: number;
  uses: number;
};

const DAY = 86_400_000;

export const findVoucher = (code: string) => vouchers.find((v) => v.code.toLowerCase() === code.trim().toLowerCase());

/** Cents of the cart lines a CATEGORY voucher covers. */
const categoryCents = (v: VoucherDef, lines: readonly PricedLine[]) =>
  lines.filter((l) => v.idsCategories?.includes(l.categoryId)).reduce((sum, l) => sum + l.totalCents, 0);

export function voucherProblem(v: VoucherDef, ctx: VoucherContext): string | null {
  if (!v.active) return "This voucher is no longer active";
  if (Date.parse(`${v.expires}T23:59:59-03:00`) < ctx.at.getTime()) return `This voucher expired on ${v.expires}`;
  if (!v.storeIds.includes(ctx.store.id)) return "This voucher is not valid in this store";
  if (v.isIndividual && !ctx.profile?.individualVoucherIds.includes(v.id))
    return "This voucher belongs to another customer";
  if (v.limitOfUses > 0 && ctx.uses >= v.limitOfUses) return "This voucher was already used";
  if (v.isOnlyFirstOrder && ctx.previousOrders > 0) return "Only valid on the first order";
  if (v.onlyDelivery && ctx.isDelivery === false) return "Only valid on delivery orders";
  if (ctx.subtotalCents !== undefined && ctx.subtotalCents < v.minOrderCents)
    return `Minimum order R$ ${reais(v.minOrderCents)}`;
  if (v.applyToPayments && ctx.paymentMethod && !v.applyToPayments.includes(ctx.paymentMethod)) {
    return `Only valid when paying with ${v.applyToPayments.join(", ")}`;
  }
  if (v.applyTo === "CATEGORY") {
    const inCategory = ctx.lines
      ? categoryCents(v, ctx.lines) > 0
      : ctx.itemIds
        ? ctx.store.categories.some(
            (c) => v.idsCategories?.includes(c.id) && c.items.some((i) => ctx.itemIds?.includes(i.id)),
          )
        : true;
    if (!inCategory) return "No item of the voucher's categories in the cart";
  }
  return null;
}

export function voucherDiscountCents(
  v: VoucherDef,
  subtotalCents: number,
  deliveryFeeCents: number,
  lines: readonly PricedLine[],
): number {
  const base =
    v.applyTo === "DELIVERY_FEE"
      ? deliveryFeeCents
      : v.applyTo === "CATEGORY"
        ? categoryCents(v, lines)
        : subtotalCents;
  const cents = v.type === "PERCENT" ? Math.round((base * (v.valuePercent ?? 0)) / 100) : (v.valueCents ?? 0);
  return Math.min(cents, base);
}

const valueText = (v: VoucherDef) =>
  v.type === "PERCENT" ? `${v.valuePercent ?? 0}%` : `R$ ${reais(v.valueCents ?? 0).replace(".", ",")}`;

export function voucherShape(v: VoucherDef, totalTimes: number) {
  return {
    id: v.id,
    totalTimes,
    limitOfUses: v.limitOfUses,
    value: money(v.valueCents ?? 0),
    minOrder: money(v.minOrderCents),
    valuePercent: v.valuePercent ?? 0,
    hasSchedule: false,
    isIndividual: v.isIndividual === true,
    isBirthdayType: v.isBirthdayType === true,
    active: v.active,
    isOnlyFirstOrder: v.isOnlyFirstOrder === true,
    isOnlyApps: false,
    isBrandVoucher: v.storeIds.length > 1,
    isWhatsappType: false,
    type: v.type,
    applyTo: v.applyTo,
    description: v.description,
    code: v.code,
    valueText: valueText(v),
    customCode: v.customCode,
    expires: v.expires,
  };
}

export function voucherCheckShape(v: VoucherDef, availabilityError: string | null) {
  return {
    id: v.id,
    applyTo: v.applyTo,
    code: v.code,
    description: v.description,
    type: v.type,
    valueCustom: valueText(v),
    availabilityError,
    applyToPayments: v.applyToPayments ?? [],
    idsCategories: v.idsCategories ?? [],
    conditions: [
      ...(v.minOrderCents > 0 ? [`Minimum order R$ ${reais(v.minOrderCents)}`] : []),
      ...(v.isOnlyFirstOrder ? ["First order only"] : []),
      ...(v.onlyDelivery ? ["Delivery orders only"] : []),
    ],
    expires: `${v.expires}T23:59:59-03:00`,
    valueFixed: money(v.valueCents ?? 0),
    minOrder: money(v.minOrderCents),
    valuePercent: v.valuePercent ?? 0,
  };
}

/** Loyalty points: seed points still valid plus points of finished orders, less those redeemed. */
export function loyaltyBalance(domain: StoreDomain, profile: Profile, daysToExpirePoints?: number) {
  const now = domain.now().getTime();
  const validFor = loyaltyProgram.pointsValidFor * DAY;
  const orders = domain.ordersOf(profile.merchantId, { customerId: profile.id });
  const statusOf = (o: (typeof orders)[number]) => domain.platform.state.orders.get(o.interchangeId)?.status ?? "DONE";
  const done = orders.filter((o) => statusOf(o) === "DONE");
  const pending = orders.filter((o) => !["DONE", "CANCELLED"].includes(statusOf(o)));
  const ledger = [
    ...profile.loyalty.filter((p) => p.earnedAt + validFor > now),
    ...done.map((o) => ({ points: o.pointsEarned, earnedAt: Date.parse(o.createdAt) })),
  ];
  const approved = Math.max(0, ledger.reduce((sum, p) => sum + p.points, 0) - profile.usedPoints);
  const pendingPoints = pending.reduce((sum, o) => sum + o.pointsEarned, 0);
  const horizon = daysToExpirePoints === undefined ? Infinity : now + daysToExpirePoints * DAY;
  const expiring = ledger.filter((p) => p.earnedAt + validFor <= horizon);
  const percent = (points: number) => Math.min(100, Math.round((points / loyaltyProgram.total) * 100));
  return {
    approved,
    approvedPercent: percent(approved),
    pending: pendingPoints,
    pendingPercent: percent(pendingPoints),
    pendingOrders: pending.length,
    pendingOrdersAmount: money(pending.reduce((sum, o) => sum + o.values.total, 0)),
    used: profile.usedPoints,
    daysToExpirePoints: daysToExpirePoints ?? loyaltyProgram.pointsValidFor,
    pointsToExpire: Math.min(
      approved,
      expiring.reduce((sum, p) => sum + p.points, 0),
    ),
    isExpired: false,
    isRewardAvailable: approved >= loyaltyProgram.total,
  };
}

export function loyaltyProgramShape(now: Date) {
  const { benefitCents, ...program } = loyaltyProgram;
  return {
    ...program,
    benefitValue: reais(benefitCents),
    benefitValueComplete: `R$ ${reais(benefitCents).replace(".", ",")} de desconto`,
    disablePeriodSixHours: false,
    isBrandProgram: true,
    isExpired: Date.parse(`${program.dateEnd}T23:59:59-03:00`) < now.getTime(),
    hasBegun: Date.parse(`${program.dateBegin}T00:00:00-03:00`) <= now.getTime(),
  };
}

export function referralOfferShape(profile: Profile | undefined) {
  const amount = `R$ ${reais(referralProgram.rewardCents).replace(".", ",")}`;
  const offer = {
    type: "MEMBER_GET_MEMBER",
    title: [
      { text: "Indique um amigo e ganhe ", style: [] as string[] },
      { text: amount, style: ["bold"] },
    ],
    valueFixed: money(referralProgram.rewardCents),
    valuePercent: 0,
    valueText: amount,
    expiresAt: referralProgram.expiresAt,
  };
  if (!profile) return offer;
  return {
    ...offer,
    code: profile.referralCode,
    subtitle: `Seu amigo ganha ${amount} no primeiro pedido e você ganha ${amount} quando ele pedir`,
    shareTitle: `Use meu código ${profile.referralCode} e ganhe ${amount}`,
    shareSubtitle: "Válido no primeiro pedido na Sabores da Vila",
  };
}

export function rewardsShape(domain: StoreDomain, profile: Profile | undefined) {
  const balance = profile ? loyaltyBalance(domain, profile) : undefined;
  return [
    {
      id: 1,
      requirementType: "POINTS",
      requirement: String(loyaltyProgram.total),
      benefitType: loyaltyProgram.benefitType,
      benefitText: `R$ ${reais(loyaltyProgram.benefitCents).replace(".", ",")} de desconto`,
      description: `Troque ${loyaltyProgram.total} pontos do ${loyaltyProgram.programName} por um desconto`,
      isAvailable: balance?.isRewardAvailable ?? false,
    },
    {
      id: 2,
      requirementType: "REFERRAL",
      requirement: "1",
      benefitType: "FIXED_DISCOUNT",
      benefitText: `R$ ${reais(referralProgram.rewardCents).replace(".", ",")} de desconto`,
      description: "Um amigo fez o primeiro pedido com o seu código",
      isAvailable: (profile?.referralRewards ?? 0) > 0,
    },
  ];
}
