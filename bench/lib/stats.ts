/** p50, p99 and max of a sample, in the sample's unit rounded to 0.1; zeros for no sample. */
export function summarize(values: number[]): { p50: number; p99: number; max: number } {
  if (values.length === 0) return { p50: 0, p99: 0, max: 0 };
  const sorted = Float64Array.from(values).sort();
  const at = (quantile: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)]!;
  const round = (value: number) => Math.round(value * 10) / 10;
  return { p50: round(at(0.5)), p99: round(at(0.99)), max: round(sorted[sorted.length - 1]!) };
}
