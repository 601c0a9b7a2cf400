/** Reading a prompt the way the sandbox's generators do: colour words and the object named. */
import { hashString } from '../core/random';

export type Rgb = [number, number, number];

export const COLOUR_WORDS: Record<string, Rgb> = {
  red: [200, 40, 40],
  crimson: [170, 20, 50],
  orange: [235, 130, 30],
  yellow: [235, 210, 50],
  gold: [212, 175, 55],
  golden: [212, 175, 55],
  green: [60, 160, 70],
  blue: [50, 90, 200],
  navy: [20, 30, 100],
  cyan: [40, 200, 210],
  teal: [30, 130, 130],
  purple: [130, 60, 170],
  violet: [140, 90, 200],
  pink: [235, 130, 170],
  brown: [120, 80, 45],
  wooden: [140, 95, 55],
  wood: [140, 95, 55],
  oak: [160, 115, 70],
  white: [235, 235, 235],
  black: [25, 25, 28],
  grey: [128, 128, 128],
  gray: [128, 128, 128],
  silver: [190, 195, 200],
  metal: [160, 165, 175],
  metallic: [160, 165, 175],
  steel: [150, 155, 165],
  stone: [125, 120, 110],
  marble: [220, 218, 210],
  snowy: [240, 245, 250],
  sunset: [240, 120, 60],
  night: [20, 25, 60],
};

function words(prompt: string): string[] {
  return prompt.toLowerCase().match(/[a-z]+/g) ?? [];
}

/** Colours named in the prompt, in order; a colour from the prompt's hash when none is named. */
export function promptColours(prompt: string): Rgb[] {
  const found = words(prompt)
    .map((w) => COLOUR_WORDS[w])
    .filter((c): c is Rgb => c !== undefined);
  if (found.length) return found;
  const h = hashString(prompt);
  return [hslToRgb((h % 360) / 360, 0.55, 0.5)];
}

export function hslToRgb(h: number, s: number, l: number): Rgb {
  const f = (n: number) => {
    const k = (n + h * 12) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

const PREPOSITIONS = new Set(['with', 'on', 'of', 'in', 'at', 'under', 'near', 'beside', 'made', 'holding', 'and', 'for', 'from', 'by']);

/**
 * The object a prompt names: the last vocabulary word before the first
 * preposition (the head noun: "table lamp" is a lamp, "a sword on a table"
 * a sword), else the first vocabulary word anywhere. Plurals are folded.
 */
export function findWord<T extends string>(prompt: string, vocabulary: Record<string, T>): T | undefined {
  const lookup = (w: string) => vocabulary[w] ?? vocabulary[w.replace(/s$/, '')] ?? vocabulary[w.replace(/es$/, '')];
  const all = words(prompt);
  const cut = all.findIndex((w) => PREPOSITIONS.has(w));
  const head = cut < 0 ? all : all.slice(0, cut);
  for (let i = head.length - 1; i >= 0; i--) {
    const hit = lookup(head[i]!);
    if (hit) return hit;
  }
  for (const w of all) {
    const hit = lookup(w);
    if (hit) return hit;
  }
  return undefined;
}

/** A short title from a prompt ("A red wooden chair" → "Red wooden chair"). */
export function titleFrom(prompt: string, fallback: string): string {
  const t = prompt.trim().replace(/\s+/g, ' ').replace(/^(an?|the)\s+/i, '');
  if (!t) return fallback;
  const short = t.length > 60 ? `${t.slice(0, 57).trimEnd()}...` : t;
  return short.charAt(0).toUpperCase() + short.slice(1);
}

export function hasColourWord(prompt: string): boolean {
  return words(prompt).some((w) => w in COLOUR_WORDS);
}
