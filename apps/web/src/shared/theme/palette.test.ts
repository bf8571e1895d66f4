import { describe, expect, it } from 'vitest';
import { BRAND, MENU_SELECTED_BG, STATUS, TOAST_BACKGROUNDS } from './palette.ts';

/** WCAG 2.x relative luminance of an sRGB hex colour (https://www.w3.org/TR/WCAG22/#dfn-relative-luminance). */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('palette contrast (WCAG 2.2 AA, 4.5:1 for text)', () => {
  it('matches the published figures for known pairs, so the formula is right', () => {
    expect(contrast('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#FFFFFF', '#2793CE')).toBeCloseTo(3.41, 2); // the audit's selected-menu figure
    expect(contrast('#FFFFFF', '#ED6C02')).toBeCloseTo(3.11, 2); // the audit's warning-toast figure
  });

  it('white text on every toast background and on the selected menu item', () => {
    for (const [name, background] of Object.entries(TOAST_BACKGROUNDS)) {
      expect(contrast(BRAND.white, background), name).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(BRAND.white, MENU_SELECTED_BG)).toBeGreaterThanOrEqual(4.5);
  });

  it('status colours as text on white (outlined situation chips)', () => {
    for (const [name, colour] of Object.entries(STATUS)) {
      expect(contrast(colour, BRAND.white), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
