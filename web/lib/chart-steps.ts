/** "Nice" y-axis steps of SPEC §9: these values, then multiples of 100. */
const NICE_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 300, 350, 400, 500] as const;

/**
 * Smallest nice step that draws the axis in about `targetSteps` steps (never fewer than 1 per unit).
 * Example: max 37 → raw 7.4 → 10; max 1234 → raw 246.8 → 250; max 4000 → raw 800 → 800.
 */
export function chartStepSize(maxValue: number, targetSteps = 5): number {
  if (!Number.isFinite(maxValue) || maxValue <= 0) return 1;
  const raw = maxValue / targetSteps;
  for (const step of NICE_STEPS) if (step >= raw) return step;
  return Math.ceil(raw / 100) * 100;
}
