import { describe, expect, it } from "vitest";
import { ownOrderEditSchema } from "@/lib/contract/own-order";
import { draftFrom, newDraft, toEdit, toInput } from "./draft";
import { parseSchedule, scheduleText } from "./schedule";

// In this machine's time zone, as the tablet reads what its operator types.
const now = new Date(2026, 10, 28, 12, 5);
const at = (month: number, day: number, hour: number, minute: number, year = 2026) =>
  new Date(year, month - 1, day, hour, minute);

describe("the form's scheduled time", () => {
  it("reads a time as said: today's, or a day's; blank is now", () => {
    expect(parseSchedule("", now)).toBeNull();
    expect(parseSchedule(" 19:30 ", now)).toEqual(at(11, 28, 19, 30));
    expect(parseSchedule("19h30", now)).toEqual(at(11, 28, 19, 30));
    expect(parseSchedule("29/11 8:05", now)).toEqual(at(11, 29, 8, 5));
    expect(parseSchedule("02/01/2027 20:00", now)).toEqual(at(1, 2, 20, 0, 2027));
  });

  it("refuses what is no day and time rather than moving it", () => {
    for (const typed of ["amanhã", "25:00", "19:75", "31/02 10:00", "1930", "28/11"])
      expect(parseSchedule(typed, now), typed).toBeUndefined();
  });

  it("reads an order's time back as the field shows it", () => {
    expect(scheduleText(at(11, 29, 8, 5).toISOString())).toBe("29/11/2026 08:05");
    expect(parseSchedule(scheduleText(at(11, 29, 8, 5).toISOString()), now)).toEqual(at(11, 29, 8, 5));
    expect(scheduleText(undefined)).toBe("");
  });

  it("sends the time as an instant, and leaves out what is not one", () => {
    let ids = 0;
    const draft = {
      ...newDraft(() => `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`),
      scheduledFor: "19:30",
    };
    expect(toInput(draft, "s", { now }).scheduledFor).toBe(at(11, 28, 19, 30).toISOString());
    expect(toInput({ ...draft, scheduledFor: "19" }, "s", { now }).scheduledFor).toBeUndefined();
  });
});

describe("an order being edited as the form's draft", () => {
  it("fills the form with the order and sends back the same order", () => {
    let ids = 0;
    const makeId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`;
    const order = ownOrderEditSchema.parse({
      type: "delivery",
      customer: { phone: "(19) 96666-1234", name: "Bia" },
      address: { street: "Rua Um", number: "5", district: "Centro", city: "Campinas", state: "", postalCode: "" },
      items: [{ kind: "item", itemId: 11, quantity: 2, options: [] }],
      payment: { method: "CASH", changeForCents: 5_050 },
      scheduledFor: at(11, 29, 20, 0).toISOString(),
      note: "Portão azul",
    });
    const draft = draftFrom({ source: "whatsapp", displayId: "W-3", order }, { items: [], pizzaSizes: [] }, makeId);
    expect(draft).toMatchObject({ source: "whatsapp", changeFor: "50,50", scheduledFor: "29/11/2026 20:00" });
    expect(toEdit(draft, now)).toEqual(order);
  });
});
