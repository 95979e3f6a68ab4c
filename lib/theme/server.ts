import { cookies } from "next/headers";
import { THEME_COOKIE, themeOf, type Theme } from "./config";

/** This request's theme: the device's choice (cookie), else dark. */
export async function readTheme(): Promise<Theme> {
  return themeOf((await cookies()).get(THEME_COOKIE)?.value);
}
