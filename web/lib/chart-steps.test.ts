import { describe, expect, test } from "bun:test";
import { chartStepSize } from "./chart-steps";

describe("chartStepSize", () => {
  test("snaps to the nice list aiming at about 5 steps", () => {
    expect(chartStepSize(0)).toBe(1);
    expect(chartStepSize(3)).toBe(1);
    expect(chartStepSize(5)).toBe(1);
    expect(chartStepSize(6)).toBe(2);
    expect(chartStepSize(24)).toBe(5);
    expect(chartStepSize(37)).toBe(10);
    expect(chartStepSize(120)).toBe(25);
    expect(chartStepSize(1234)).toBe(250);
    expect(chartStepSize(1600)).toBe(350);
    expect(chartStepSize(2500)).toBe(500);
  });

  test("goes past 500 in multiples of 100", () => {
    expect(chartStepSize(2600)).toBe(600);
    expect(chartStepSize(4000)).toBe(800);
    expect(chartStepSize(12_345)).toBe(2500);
  });

  test("ignores nonsense", () => {
    expect(chartStepSize(Number.NaN)).toBe(1);
    expect(chartStepSize(-10)).toBe(1);
  });
});
