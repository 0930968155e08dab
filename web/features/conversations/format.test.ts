import { describe, expect, test } from "bun:test";
import { dayLabel, deliveryLabel, displayName, formatPhone, previewOf, relativeTime } from "./format";

// 2025-03-10 12:00 in São Paulo (UTC-3).
const NOW = Date.UTC(2025, 2, 10, 15, 0, 0);

describe("relativeTime (São Paulo)", () => {
  test("minutes and hours today, then 'ontem', then the date", () => {
    expect(relativeTime(NOW - 20_000, NOW)).toBe("agora");
    expect(relativeTime(NOW - 5 * 60_000, NOW)).toBe("há 5 min");
    expect(relativeTime(NOW - 3 * 3_600_000, NOW)).toBe("há 3 h");
    // 02:30 UTC on the 10th is still the 9th in São Paulo.
    expect(relativeTime(Date.UTC(2025, 2, 10, 2, 30), NOW)).toBe("ontem");
    expect(relativeTime(Date.UTC(2025, 1, 20, 15, 0), NOW)).toBe("20/02");
    expect(relativeTime(Date.UTC(2024, 11, 31, 15, 0), NOW)).toBe("31/12/2024");
  });

  test("day dividers", () => {
    expect(dayLabel(NOW - 60_000, NOW)).toBe("Hoje");
    expect(dayLabel(Date.UTC(2025, 2, 9, 20, 0), NOW)).toBe("Ontem");
    expect(dayLabel(Date.UTC(2025, 2, 1, 20, 0), NOW)).toBe("01/03/2025");
  });
});

test("a conversation is named by the customer, else their phone, else the channel id", () => {
  expect(displayName({ clientName: " Ana ", clientPhone: null, contactKey: "1", channel: "telegram" })).toBe("Ana");
  expect(displayName({ clientName: null, clientPhone: "5511988887777", contactKey: "5511988887777", channel: "whatsapp" })).toBe("+55 (11) 98888-7777");
  expect(displayName({ clientName: null, clientPhone: null, contactKey: "abc", channel: "web" })).toBe("Visitante do site");
  expect(formatPhone("12345")).toBe("12345");
});

test("delivery words carry the channel's refusal", () => {
  expect(deliveryLabel("read", null)).toBe("Lido");
  expect(deliveryLabel("failed", "Bad Request: chat not found")).toBe("Falhou: Bad Request: chat not found");
  expect(previewOf({ content: "", messageType: "audio" })).toBe("[Áudio]");
});
