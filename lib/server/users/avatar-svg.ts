import "server-only";

export const MAX_AVATAR_N = 999_999;

/** A small deterministic PRNG (mulberry32): the same n always draws the same picture. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The fallback avatar for avatar number n (the user id modulo 1,000,000): a 5×5 mirrored
 * pattern in a colour derived from n on a pale tint of the same hue. No text, so nothing
 * user-controlled ever reaches the SVG.
 */
export function avatarSvg(n: number): string {
  const next = random(n * 2654435761);
  const hue = Math.floor(next() * 360);
  const fg = `hsl(${hue} 62% 48%)`;
  const bg = `hsl(${hue} 70% 92%)`;
  const cells: string[] = [];
  for (let row = 0; row < 5; row += 1) {
    for (let col = 0; col < 3; col += 1) {
      if (next() < 0.5) continue;
      for (const x of new Set([col, 4 - col])) {
        cells.push(`<rect x="${x + 1}" y="${row + 1}" width="1" height="1"/>`);
      }
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7" width="96" height="96" shape-rendering="crispEdges">` +
    `<rect width="7" height="7" fill="${bg}"/><g fill="${fg}">${cells.join("")}</g></svg>`
  );
}

/** `"123.svg"` → 123; anything else (bad name, out of range) → null. */
export function parseAvatarFile(file: string): number | null {
  const match = /^(\d{1,6})\.svg$/.exec(file);
  if (!match) return null;
  const n = Number(match[1]);
  return n <= MAX_AVATAR_N ? n : null;
}
