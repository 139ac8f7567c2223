/** Half-open interval [start, end) in epoch ms. */
export interface Span {
  start: number;
  end: number;
}

/** Sorted, disjoint union of the given spans (touching spans are joined). */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ start: s.start, end: s.end });
  }
  return out;
}

/** The parts of `span` not covered by `blocked` (which must be sorted and disjoint). */
export function subtractSpans(span: Span, blocked: readonly Span[]): Span[] {
  const out: Span[] = [];
  let cursor = span.start;
  for (const b of blocked) {
    if (b.end <= cursor) continue;
    if (b.start >= span.end) break;
    if (b.start > cursor) out.push({ start: cursor, end: b.start });
    cursor = Math.max(cursor, b.end);
    if (cursor >= span.end) break;
  }
  if (cursor < span.end) out.push({ start: cursor, end: span.end });
  return out;
}

/** Total length of the overlap between sorted disjoint `spans` and [from, to). */
export function overlapLength(spans: readonly Span[], from: number, to: number): number {
  let total = 0;
  for (const s of spans) {
    const a = Math.max(s.start, from);
    const b = Math.min(s.end, to);
    if (b > a) total += b - a;
  }
  return total;
}

/** Index of the first element of the ascending array `values` that is ≥ `target`. */
export function lowerBound(values: readonly number[], target: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] as number) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
