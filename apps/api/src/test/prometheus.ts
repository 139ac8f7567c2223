import parsePrometheusTextFormat from 'parse-prometheus-text-format';

/** One sample line: `name{label="value",…} number` (text format 0.0.4, no timestamps from prom-client). */
const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*",?)*\})? (-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|[+-]?Inf|NaN))$/i;
const COMMENT = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/;

export interface ParsedSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Parses Prometheus text strictly (tests): every line must be a HELP, TYPE or sample line of the
 * exposition format, each family typed once and before its samples, and the document must also parse
 * with parse-prometheus-text-format (a port of the Prometheus client's parser). Throws on the first
 * line that is not so.
 */
export function parseMetrics(text: string): ParsedSample[] {
  parsePrometheusTextFormat(text);
  const typed = new Map<string, string>();
  const samples: ParsedSample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = COMMENT.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        if (typed.has(comment[2]!)) throw new Error(`TYPE twice: ${line}`);
        if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(comment[3]!))
          throw new Error(`unknown type: ${line}`);
        typed.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${line}`);
    const name = m[1]!;
    const family = [name, name.replace(/_(bucket|sum|count|total|created)$/, '')].find((n) => typed.has(n));
    if (!family) throw new Error(`sample before its TYPE: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    samples.push({ name, labels, value: Number(m[3]!.replace(/inf/i, 'Infinity').replace(/^nan$/i, 'NaN')) });
  }
  return samples;
}
