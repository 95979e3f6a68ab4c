// The order form's scheduled time (issue 30, "a scheduled time if any"), typed as a phone operator
// says it: "19:30" (today), "28/11 19:30" or "28/11/2026 19:30" — one text field, no date picker
// to click through. Read in this device's clock and time zone (the restaurant's tablet); the
// server refuses a time already past with its sentence. Pure.

const PATTERN = /^(?:(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?\s+)?(\d{1,2})[:h](\d{2})$/;

/**
 * The typed time as an instant: "" → null (not scheduled); what is no date and time → undefined.
 * A day and month without a year are this year's.
 */
export function parseSchedule(text: string, now: Date): Date | null | undefined {
  const typed = text.trim().toLowerCase();
  if (typed === "") return null;
  const match = PATTERN.exec(typed);
  if (!match) return undefined;
  const [, day, month, year, hour, minute] = match;
  const date = new Date(now);
  date.setHours(Number(hour), Number(minute), 0, 0);
  if (day && month) date.setFullYear(year ? Number(year) : now.getFullYear(), Number(month) - 1, Number(day));
  // 31/02 or 25:00 roll over in Date: refused rather than moved to another day.
  const same =
    date.getHours() === Number(hour) &&
    date.getMinutes() === Number(minute) &&
    (!day || (date.getDate() === Number(day) && date.getMonth() === Number(month) - 1));
  return same ? date : undefined;
}

const two = (value: number) => String(value).padStart(2, "0");

/** An instant as the field shows it: "28/11/2026 19:30" (so an order's time reads back the same). */
export function scheduleText(iso: string | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}`;
}
