/**
 * Seeded pseudo-random numbers for the generator: sfc32 (Chris Doty-Humphrey's Small Fast Counter,
 * 32-bit, as in PractRand), seeded through splitmix32 so that nearby seeds give unrelated streams.
 * Fast enough for the ~10^7 draws of the default data set, and the same on every platform.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** @param seed any integer; `stream` separates independent streams of one seed (e.g. per company) */
  constructor(seed: number, stream = 0) {
    let s = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(stream + 1, 0x85ebca6b)) >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
      z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
      return (z ^ (z >>> 15)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty array, uniformly. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Index drawn from cumulative weights (`cumulative[i]` = Σ weights[0..i]); -1 when the total is 0. */
  pickCumulative(cumulative: ArrayLike<number>, length = cumulative.length): number {
    const total = length > 0 ? cumulative[length - 1] : 0;
    if (!(total > 0)) return -1;
    const x = this.next() * total;
    let lo = 0;
    let hi = length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Poisson-distributed count with mean `mean` (Knuth for small means, normal approximation above 30). */
  poisson(mean: number): number {
    if (mean <= 0) return 0;
    if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * this.normal()));
    const limit = Math.exp(-mean);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }

  /** Standard normal draw (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Geometric count >= 1 with mean `mean` (>= 1). */
  geometric(mean: number): number {
    if (mean <= 1) return 1;
    const p = 1 / mean;
    return 1 + Math.floor(Math.log(1 - this.next()) / Math.log(1 - p));
  }

  /** Fisher-Yates shuffle in place; returns the array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }
}

/**
 * 32-bit FNV-1a hash of a text, for deterministic per-record decisions (which record version is
 * served malformed) that must not depend on the order of requests.
 */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}
