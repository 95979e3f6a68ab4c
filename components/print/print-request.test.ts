import { describe, expect, it } from "vitest";
import { claimIn, currentPrintRequest, finishPrint, handedToPrinter, requestPrint } from "./print-request";

/** A device's storage as the browser keeps it (a Map behind the Storage calls). */
function deviceStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("claimIn (auto-print once per device)", () => {
  it("grants an order's ticket once, whoever asks again", () => {
    const storage = deviceStorage();
    expect(claimIn(storage, "order-1")).toBe(true);
    expect(claimIn(storage, "order-1")).toBe(false);
    expect(claimIn(storage, "order-2")).toBe(true);
  });

  it("starts over from unreadable storage rather than never printing", () => {
    const storage = deviceStorage();
    storage.setItem("comanda.autoPrinted", "{not json");
    expect(claimIn(storage, "order-1")).toBe(true);
    expect(claimIn(storage, "order-1")).toBe(false);
  });
});

describe("requestPrint", () => {
  it("queues a ticket asked for while another is still being laid out, and prints it next", () => {
    requestPrint("first");
    requestPrint("second"); // "first" has not reached window.print() yet: "second" waits its turn
    const first = currentPrintRequest();
    expect(first?.orderId).toBe("first");
    handedToPrinter(first!.requestId);
    const second = currentPrintRequest();
    expect(second?.orderId).toBe("second");
    finishPrint(second!.requestId);
    expect(currentPrintRequest()).toBeNull();
  });

  it("lets a new request replace one already handed to the printer (whose dialog never reported back)", () => {
    requestPrint("shown");
    handedToPrinter(currentPrintRequest()!.requestId);
    requestPrint("next");
    expect(currentPrintRequest()?.orderId).toBe("next");
    finishPrint(currentPrintRequest()!.requestId);
  });
});
