import { describe, expect, test } from "bun:test";
import { usageBar } from "../features/shell/components/plan-credit-box";
import { formatDayLabel, formatNumber, formatThousands, truncate } from "./format";

describe("pt-BR formatting", () => {
  test("numbers, thousands and day labels", () => {
    expect(formatNumber(12345.5)).toBe("12.345,5");
    expect(formatThousands(5000)).toBe("5k");
    expect(formatThousands(1500)).toBe("1,5k");
    expect(formatDayLabel("2026-11-03")).toBe("03/11");
    // 02:00 UTC on the 4th is still the 3rd in São Paulo.
    expect(formatDayLabel("2026-11-04T02:00:00Z")).toBe("03/11");
  });

  test("workspace names are cut to 12 characters plus an ellipsis", () => {
    expect(truncate("Curto", 12)).toBe("Curto");
    expect(truncate("Loja Centro de Teste", 12)).toBe("Loja Centro …");
  });
});

describe("credit usage bar (§9)", () => {
  test("width is max(5, 100 - used%) and colour follows the thresholds", () => {
    expect(usageBar(0)).toEqual({ width: 100, color: "bg-success" });
    expect(usageBar(61)).toEqual({ width: 39, color: "bg-warning" });
    expect(usageBar(81)).toEqual({ width: 19, color: "bg-error" });
    expect(usageBar(99)).toEqual({ width: 5, color: "bg-error" });
  });
});
