import { z } from "zod";

/**
 * The building blocks of every request schema: text, ids and dates as a person or a link could
 * send them. Text never carries control characters (PostgreSQL refuses NUL in text and jsonb;
 * the others have no place in a name, an id or a search), ids fit the database's columns, dates
 * stay within years the calendar code and the database handle.
 */

const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f]/;

/** One line of text (a name, an id, a search), trimmed, at most `max` characters. */
export const lineText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !CONTROL_OR_BREAK.test(value), "must not contain control characters");

/** An id Comanda or the platform gave (order, store): one non-empty line. */
export const textId = lineText(100).pipe(z.string().min(1, "must not be empty"));

/** A row id of a serial column (PostgreSQL integer: 1 to 2,147,483,647). */
export const serialId = z.coerce
  .number()
  .int("must be a whole number")
  .min(1, "must be a positive number")
  .max(2_147_483_647, "is not a known id");

/** Years a restaurant's history and reports can cover. */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2099;

/** A calendar day, YYYY-MM-DD, that exists, between FIRST_YEAR and LAST_YEAR. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
  .refine((value) => {
    // Runs even when the pattern failed; "2026-13-45" parses to an invalid Date, not a throw.
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "is not a calendar date")
  .refine((value) => {
    const year = Number(value.slice(0, 4));
    return year >= FIRST_YEAR && year <= LAST_YEAR;
  }, `must be between ${FIRST_YEAR} and ${LAST_YEAR}`);
