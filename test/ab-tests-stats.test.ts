/**
 * The A/B statistics (issue 18, SPEC §9), pure: the two-proportion z-test against values computed
 * independently, the verdict on a seeded data set with a known answer, no verdict below the
 * minimum sample, and the Bonferroni correction with more than one challenger.
 */
import { describe, expect, test } from "bun:test";
import { analyzeVariants, erf, normalCdf, twoProportionZTest } from "../src/services/ab-tests/stats";

const v = (variantId: string, sample: number, conversions: number, isControl = false) => ({ variantId, name: variantId, isControl, sample, conversions });

describe("normal distribution", () => {
  test("erf and Φ match tabulated values (A&S 7.1.26 is within 1.5e-7)", () => {
    // Reference values from Python's math.erf: erf(1) = 0.8427007929497149, Φ(1.96) = 0.9750021048517796.
    expect(Math.abs(erf(1) - 0.8427007929497149)).toBeLessThan(2e-7);
    expect(Math.abs(erf(-1) + 0.8427007929497149)).toBeLessThan(2e-7);
    expect(Math.abs(normalCdf(1.96) - 0.9750021048517796)).toBeLessThan(2e-7);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
  });
});

describe("two-proportion z-test", () => {
  test("120/1000 against 160/1000: z ≈ 2.5777, two-sided p ≈ 0.00995", () => {
    // By hand: pooled p = 280/2000 = 0.14; SE = √(0.14·0.86·(1/1000 + 1/1000)) = √0.0002408 = 0.0155177;
    // z = (0.16 − 0.12)/0.0155177 = 2.57770; p = erfc(z/√2) = 0.0099461 (Python: math.erfc(2.5776963/√2)).
    const r = twoProportionZTest({ sample: 1000, conversions: 120 }, { sample: 1000, conversions: 160 });
    expect(r?.z ?? 0).toBeCloseTo(2.5776963, 5);
    expect(Math.abs((r?.pValue ?? 1) - 0.0099461)).toBeLessThan(1e-6);
  });

  test("no variance (0 % everywhere) or no sample: undefined, not a division by zero", () => {
    expect(twoProportionZTest({ sample: 200, conversions: 0 }, { sample: 200, conversions: 0 })).toBeNull();
    expect(twoProportionZTest({ sample: 0, conversions: 0 }, { sample: 200, conversions: 10 })).toBeNull();
  });
});

describe("verdict", () => {
  test("the seeded data set: B (16 %) beats the control (12 %) at 0.05 → winner; the control is the loser", () => {
    const r = analyzeVariants([v("A", 1000, 120, true), v("B", 1000, 160)]);
    expect(r.enoughData).toBe(true);
    expect(r.recommendation).toBe("winner");
    expect(r.winnerVariantId).toBe("B");
    expect(r.variants.map((x) => x.verdict)).toEqual(["loser", "winner"]);
    expect(r.variants[1]?.rate).toBeCloseTo(0.16, 10);
    expect(r.variants[1]?.lift).toBeCloseTo(0.04, 10);
  });

  test("the same data at significance 0.005 is inconclusive (p ≈ 0.0099 > 0.005)", () => {
    const r = analyzeVariants([v("A", 1000, 120, true), v("B", 1000, 160)], { significance: 0.005 });
    expect(r.recommendation).toBe("inconclusive");
    expect(r.winnerVariantId).toBeNull();
  });

  test("a worse challenger is the loser and the control wins", () => {
    const r = analyzeVariants([v("A", 1000, 160, true), v("B", 1000, 120)]);
    expect(r.variants.map((x) => x.verdict)).toEqual(["winner", "loser"]);
    expect(r.recommendation).toBe("loser");
    expect(r.winnerVariantId).toBe("A");
  });

  test("no verdict under 100 per variant even with a huge difference (5 % vs 90 %)", () => {
    const r = analyzeVariants([v("A", 99, 5, true), v("B", 99, 89)]);
    expect(r.enoughData).toBe(false);
    expect(r.recommendation).toBe("inconclusive");
    expect(r.variants.every((x) => x.verdict === "inconclusive")).toBe(true);
    // The p-value is still shown: only the verdict waits.
    expect(r.variants[1]?.pValue ?? 1).toBeLessThan(1e-6);
    // One variant short is enough to withhold it.
    expect(analyzeVariants([v("A", 500, 25, true), v("B", 99, 89)]).recommendation).toBe("inconclusive");
    // A test's own minimum applies.
    expect(analyzeVariants([v("A", 99, 5, true), v("B", 99, 89)], { minimumSample: 50 }).recommendation).toBe("winner");
  });

  test("three variants: Bonferroni halves the level, so p ≈ 0.0099 still wins at 0.05/2 but not at 0.015/2", () => {
    const data = [v("A", 1000, 120, true), v("B", 1000, 160), v("C", 1000, 121)];
    const r = analyzeVariants(data);
    expect(r.alphaPerComparison).toBeCloseTo(0.025, 10);
    expect(r.variants.map((x) => x.verdict)).toEqual(["loser", "winner", "inconclusive"]);
    const strict = analyzeVariants(data, { significance: 0.015 });
    // 0.0099 < 0.015 alone, but > 0.0075 after the correction.
    expect(strict.recommendation).toBe("inconclusive");
  });
});
