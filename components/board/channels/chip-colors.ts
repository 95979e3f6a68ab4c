/**
 * A channel's chip shows its label on the colour a manager picked (issue 28): the text is black or
 * white, whichever contrasts more with that colour (WCAG 2 relative luminance), so "App 1" stays
 * readable on yellow as on navy. A colour that is not #rrggbb (a hand-edited row) shows as grey.
 */

const HEX = /^#([0-9a-f]{6})$/i;
/** What a chip shows when its colour cannot be read. */
export const FALLBACK_CHIP_COLOR = "#71717a";

/** The colour as #rrggbb, or the fallback grey. */
export function chipBackground(color: string): string {
  return HEX.test(color) ? color.toLowerCase() : FALLBACK_CHIP_COLOR;
}

/** WCAG 2 relative luminance of a #rrggbb colour, 0 (black) to 1 (white). */
export function relativeLuminance(color: string): number {
  const hex = chipBackground(color).slice(1);
  const linear = (at: number) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(0) + 0.7152 * linear(2) + 0.0722 * linear(4);
}

/** WCAG 2 contrast ratio between two luminances (1 to 21). */
export function contrastRatio(a: number, b: number): number {
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
}

/** Black or white text for a chip of `color`: the one with the higher contrast. */
export function chipTextColor(color: string): "#000000" | "#ffffff" {
  const background = relativeLuminance(color);
  return contrastRatio(background, 0) >= contrastRatio(background, 1) ? "#000000" : "#ffffff";
}
