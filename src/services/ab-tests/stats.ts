import { AB_MINIMUM_SAMPLE, AB_SIGNIFICANCE, type AbRecommendation } from "../../schemas/ab-tests";

/**
 * The statistics of an A/B test (issue 18, SPEC §9): pure, so the verdict on a known data set is
 * unit-tested. Each non-control variant is compared with the control by a two-sided two-proportion
 * z-test with the pooled proportion; no verdict before every variant has the minimum sample.
 */

export type VariantCounts = { variantId: string; name: string; isControl: boolean; sample: number; conversions: number };
export type VariantVerdict = VariantCounts & {
  rate: number;
  /** Against the control (null for the control itself, or when there is nothing to compare). */
  zScore: number | null;
  pValue: number | null;
  /** rate − control rate, in proportion points. */
  lift: number | null;
  verdict: AbRecommendation;
  reachedMinimum: boolean;
};
export type TestVerdict = {
  variants: VariantVerdict[];
  /** Every variant reached the minimum sample: only then is a verdict given. */
  enoughData: boolean;
  /** The per-comparison level after the Bonferroni correction (significance / comparisons). */
  alphaPerComparison: number;
  recommendation: AbRecommendation;
  winnerVariantId: string | null;
  /** The smallest p-value of the comparisons (what the stored analysis keeps). */
  pValue: number | null;
};

/**
 * erf(x) by Abramowitz & Stegun, Handbook of Mathematical Functions (1964), formula 7.1.26:
 * a 5-term rational approximation in t = 1/(1 + p·x), |error| ≤ 1.5·10⁻⁷ — ample for p-values
 * compared with levels ≥ 0.001. Odd function: erf(−x) = −erf(x).
 */
export function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const ax = Math.abs(x);
  const p = 0.3275911;
  const [a1, a2, a3, a4, a5] = [0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429];
  const t = 1 / (1 + p * ax);
  const poly = ((((a5 * t + a4) * t + a3) * t + a2) * t + a1) * t;
  return sign * (1 - poly * Math.exp(-ax * ax));
}

/** Standard normal CDF: Φ(z) = ½(1 + erf(z/√2)). */
export function normalCdf(z: number): number {
  return 0.5 * (1 + erf(z / Math.SQRT2));
}

/** Two-sided pooled two-proportion z-test of b against a: z and p = 2(1 − Φ(|z|)); null when undefined (no data, or 0 % / 100 % everywhere). */
export function twoProportionZTest(a: { sample: number; conversions: number }, b: { sample: number; conversions: number }): { z: number; pValue: number } | null {
  if (a.sample <= 0 || b.sample <= 0) return null;
  const pa = a.conversions / a.sample;
  const pb = b.conversions / b.sample;
  const pooled = (a.conversions + b.conversions) / (a.sample + b.sample);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.sample + 1 / b.sample));
  if (!(se > 0)) return null;
  const z = (pb - pa) / se;
  const pValue = Math.min(1, Math.max(0, 2 * (1 - normalCdf(Math.abs(z)))));
  return { z, pValue };
}

/**
 * The verdict of every variant. With more than one challenger the family-wise error is held at
 * `significance` by Bonferroni: each of the k comparisons with the control uses significance / k
 * (conservative, but simple and valid whatever the correlation between comparisons).
 */
export function analyzeVariants(counts: VariantCounts[], opts: { significance?: number; minimumSample?: number } = {}): TestVerdict {
  const significance = opts.significance ?? AB_SIGNIFICANCE;
  const minimumSample = opts.minimumSample ?? AB_MINIMUM_SAMPLE;
  const control = counts.find((c) => c.isControl) ?? counts[0];
  const challengers = counts.filter((c) => c !== control);
  const alphaPerComparison = significance / Math.max(1, challengers.length);
  const enoughData = counts.length >= 2 && counts.every((c) => c.sample >= minimumSample);
  const rateOf = (c: VariantCounts) => (c.sample > 0 ? c.conversions / c.sample : 0);
  const variants: VariantVerdict[] = counts.map((c) => {
    const base = { ...c, rate: rateOf(c), reachedMinimum: c.sample >= minimumSample };
    if (!control || c === control) return { ...base, zScore: null, pValue: null, lift: null, verdict: "inconclusive" };
    const test = twoProportionZTest(control, c);
    const lift = rateOf(c) - rateOf(control);
    const significant = enoughData && test !== null && test.pValue < alphaPerComparison;
    const verdict: AbRecommendation = significant ? (lift > 0 ? "winner" : "loser") : "inconclusive";
    return { ...base, zScore: test?.z ?? null, pValue: test?.pValue ?? null, lift, verdict };
  });
  const winners = variants.filter((v) => v.verdict === "winner").sort((x, y) => y.rate - x.rate);
  const allLose = enoughData && challengers.length > 0 && variants.every((v) => v.variantId === control?.variantId || v.verdict === "loser");
  // The control's own verdict mirrors the challengers': beaten by any → loser; beats them all → winner.
  const controlVerdict: AbRecommendation = winners.length ? "loser" : allLose ? "winner" : "inconclusive";
  for (const v of variants) if (v.variantId === control?.variantId) v.verdict = controlVerdict;
  const pValues = variants.map((v) => v.pValue).filter((p): p is number => p !== null);
  const best = winners[0];
  return {
    variants,
    enoughData,
    alphaPerComparison,
    recommendation: best ? "winner" : allLose ? "loser" : "inconclusive",
    winnerVariantId: best?.variantId ?? (allLose ? (control?.variantId ?? null) : null),
    pValue: pValues.length ? Math.min(...pValues) : null,
  };
}
