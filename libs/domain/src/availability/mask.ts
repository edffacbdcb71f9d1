/**
 * Day masks: one bit per 15-minute step of a store-day, bit s of word s >> 5. A day has at most 100 steps
 * (the 25-hour fall-back day), so four 32-bit words hold it; bits past the day's end stay set (blocked).
 * Masks live at an offset inside one shared Uint32Array so a whole call allocates one buffer.
 */
export const WORDS = 4;
export const MASK_BITS = WORDS * 32;

/** Sets bits [from, to) of the mask at offset o. */
export function setRange(m: Uint32Array, o: number, from: number, to: number): void {
  if (from < 0) from = 0;
  if (to > MASK_BITS) to = MASK_BITS;
  if (from >= to) return;
  const first = from >>> 5;
  const last = (to - 1) >>> 5;
  const a = from & 31;
  const b = (to - 1) & 31;
  if (first === last) {
    m[o + first] |= (0xffffffff >>> (31 - b + a)) << a;
    return;
  }
  m[o + first] |= 0xffffffff << a;
  for (let w = first + 1; w < last; w++) m[o + w] = 0xffffffff;
  m[o + last] |= 0xffffffff >>> (31 - b);
}

/** m |= m >> k (towards lower steps), in place: ascending words only read words not yet written. */
function orShiftedDown(m: Uint32Array, o: number, k: number): void {
  const q = k >>> 5;
  const r = k & 31;
  for (let w = 0; w < WORDS; w++) {
    const src = w + q;
    if (src >= WORDS) break;
    let v = m[o + src] >>> r;
    if (r !== 0 && src + 1 < WORDS) v |= m[o + src + 1] << (32 - r);
    m[o + w] |= v;
  }
}

/**
 * Turns a busy mask into a "cannot start here" mask for a service of n steps: afterwards bit s is set when
 * any of s..s+n-1 was set. Doubling spans costs about log2(n) passes instead of n.
 */
export function spreadBusy(m: Uint32Array, o: number, n: number): void {
  let span = 1;
  while (span * 2 <= n) {
    orShiftedDown(m, o, span);
    span *= 2;
  }
  if (span < n) orShiftedDown(m, o, n - span);
}

export function isSet(m: Uint32Array, o: number, s: number): boolean {
  return ((m[o + (s >>> 5)] >>> (s & 31)) & 1) === 1;
}
