/** Instagram Messaging wire layer against a loopback Graph fake: Bearer auth, bodies, answers, errors, webhook parsing, signatures. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { getAccount, InstagramApiError, type InstagramTarget, sendAttachment, sendText, sendTypingOn } from "../src/adapters/instagram/client";
import { parseInstagramWebhook } from "../src/adapters/instagram/inbound";
import { validMetaSignature } from "../src/adapters/meta-graph/signature";
import { messagingPayload, signedDelivery, startFakeInstagram } from "./fakes/instagram";

const ACCESS_TOKEN = "EAAG-page-token-teste";
const PAGE_ID = "104000000000001";
const IG_ID = "17841400000000001";
const USER = "6110000000000042";

let fake: Awaited<ReturnType<typeof startFakeInstagram>>;
let target: InstagramTarget;

beforeAll(async () => {
  fake = await startFakeInstagram({ accessToken: ACCESS_TOKEN, accounts: { [IG_ID]: "padaria.paoquente" } });
  target = { baseUrl: `${fake.url}/`, version: "v21.0", pageId: PAGE_ID, businessId: IG_ID, accessToken: ACCESS_TOKEN };
});
afterAll(() => fake.stop());

const lastSend = () => fake.sends().at(-1);

async function caught(p: Promise<unknown>): Promise<InstagramApiError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof InstagramApiError) return err;
    throw err;
  }
  throw new Error("expected an InstagramApiError");
}

describe("sending", () => {
  test("sendText posts to /{version}/{pageId}/messages with the Bearer token and returns the mid", async () => {
    const mid = await sendText(target, USER, "Olá! Em que posso ajudar?");
    const call = lastSend();
    expect(call?.path).toBe(`/v21.0/${PAGE_ID}/messages`);
    expect(call?.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(call?.body).toEqual({ recipient: { id: USER }, message: { text: "Olá! Em que posso ajudar?" } });
    expect(mid).toStartWith("aWdfZAG1faWQ");
  });

  test("a human agent's reply carries the HUMAN_AGENT tag", async () => {
    await sendText(target, USER, "Oi, aqui é a Maria", { humanAgent: true });
    expect(lastSend()?.body).toMatchObject({ messaging_type: "MESSAGE_TAG", tag: "HUMAN_AGENT" });
  });

  test("text over 1000 UTF-8 bytes is refused before any request, even when under 1000 chars", async () => {
    const before = fake.calls.length;
    const accented = "ã".repeat(501); // 501 chars, 1002 bytes
    const err = await caught(sendText(target, USER, accented));
    expect(err.retryable).toBe(false);
    expect(err.status).toBeNull();
    expect(err.message).toBe("Texto longo demais para o Instagram: 1002 bytes (máximo 1000)");
    expect(fake.calls.length).toBe(before);
    // Exactly 1000 bytes goes out.
    expect(await sendText(target, USER, "ã".repeat(500))).toBeString();
    expect(fake.calls.length).toBe(before + 1);
  });

  test("sendAttachment sends the type and URL", async () => {
    const mid = await sendAttachment(target, USER, { type: "image", url: "https://cdn.example/bolo.jpg" });
    expect(lastSend()?.body).toEqual({ recipient: { id: USER }, message: { attachment: { type: "image", payload: { url: "https://cdn.example/bolo.jpg" } } } });
    expect(mid).toStartWith("aWdf");
  });

  test("sendTypingOn sends the sender action", async () => {
    await sendTypingOn(target, USER);
    expect(lastSend()?.body).toEqual({ recipient: { id: USER }, sender_action: "typing_on" });
  });

  test("getAccount reads id and username of the Instagram account", async () => {
    const acc = await getAccount(target);
    expect(acc).toEqual({ id: IG_ID, username: "padaria.paoquente" });
    const call = fake.calls.at(-1);
    expect(call?.method).toBe("GET");
    expect(call?.path).toBe(`/v21.0/${IG_ID}?fields=id,username`);
    expect(call?.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  test("getAccount of an unknown id is a Graph 100 error, not retryable", async () => {
    const err = await caught(getAccount({ ...target, businessId: "999" }));
    expect(err.status).toBe(400);
    expect(err.code).toBe(100);
    expect(err.subcode).toBe(33);
    expect(err.retryable).toBe(false);
  });
});

describe("errors", () => {
  test("a 429 with Retry-After is retryable and carries the delay", async () => {
    fake.failNext(429, { retryAfter: "12" });
    const err = await caught(sendText(target, USER, "oi"));
    expect(err.status).toBe(429);
    expect(err.code).toBe(613);
    expect(err.retryable).toBe(true);
    expect(err.retryAfterMs).toBe(12_000);
    expect(err.message).toBe("(#613) injected");
  });

  test("throttling codes are retryable even on a 400; other 400s are not", async () => {
    for (const code of [4, 17, 32, 613]) {
      fake.failNext(400, { code });
      const err = await caught(sendText(target, USER, "oi"));
      expect(err.code).toBe(code);
      expect(err.retryable).toBe(true);
    }
    fake.failNext(400, { code: 10, subcode: 2018278 });
    const window = await caught(sendText(target, USER, "oi"));
    expect(window.retryable).toBe(false);
    expect(window.subcode).toBe(2018278);
    expect(window.retryAfterMs).toBeNull();
  });

  test("a 503 is retryable", async () => {
    fake.failNext(503);
    const err = await caught(sendAttachment(target, USER, { type: "audio", url: "https://cdn.example/a.mp3" }));
    expect(err.status).toBe(503);
    expect(err.retryable).toBe(true);
  });

  test("a bad token is a 401 (code 190), not retryable", async () => {
    const err = await caught(sendText({ ...target, accessToken: "expirado" }, USER, "oi"));
    expect(err.status).toBe(401);
    expect(err.code).toBe(190);
    expect(err.retryable).toBe(false);
    expect(fake.calls.at(-1)?.authorization).toBe("Bearer expirado");
  });
});

describe("parseInstagramWebhook", () => {
  test("a customer's text becomes an InboundMessage tagged with the account", () => {
    const body = messagingPayload({ accountId: IG_ID, userId: USER, mid: "aWdfMID1", text: "Tem bolo de cenoura?", timestamp: 1569262485349 });
    expect(parseInstagramWebhook(body)).toEqual({
      accounts: [IG_ID],
      events: [
        {
          type: "message",
          providerMessageId: "aWdfMID1",
          contactKey: USER,
          contactName: null,
          text: "Tem bolo de cenoura?",
          media: null,
          timestamp: 1569262485349,
          fromBusiness: null,
          accountId: IG_ID,
        },
      ],
    });
  });

  test("the first usable attachment becomes media (file → document); shares alone are dropped", () => {
    const img = parseInstagramWebhook(messagingPayload({ accountId: IG_ID, userId: USER, attachments: [{ type: "image", url: "https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1" }] })).events[0];
    expect(img).toMatchObject({ type: "message", text: "", media: { kind: "image", ref: "https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1" } });
    const audio = parseInstagramWebhook(messagingPayload({ accountId: IG_ID, userId: USER, attachments: [{ type: "audio", url: "https://cdn.example/voz.mp4" }] })).events[0];
    expect(audio).toMatchObject({ media: { kind: "audio" } });
    const file = parseInstagramWebhook(messagingPayload({ accountId: IG_ID, userId: USER, attachments: [{ type: "file", url: "https://cdn.example/a.pdf" }] })).events[0];
    expect(file).toMatchObject({ media: { kind: "document" } });
    expect(parseInstagramWebhook(messagingPayload({ accountId: IG_ID, userId: USER, attachments: [{ type: "share", url: "https://instagram.com/p/x" }] })).events).toEqual([]);
  });

  test("an echo is from the business, keyed by the recipient (the customer)", () => {
    const body = messagingPayload({ accountId: IG_ID, userId: USER, mid: "aWdfECHO", text: "Temos sim!", echo: true });
    const [e] = parseInstagramWebhook(body).events;
    expect(e).toMatchObject({ type: "message", providerMessageId: "aWdfECHO", contactKey: USER, fromBusiness: { sentByProduct: false }, accountId: IG_ID });
  });

  test("messaging_seen with a mid is a read status; deleted messages are skipped", () => {
    const seen = { object: "instagram", entry: [{ id: IG_ID, time: 1, messaging: [{ sender: { id: USER }, recipient: { id: IG_ID }, timestamp: 1700000000000, read: { mid: "aWdfSENT" } }] }] };
    expect(parseInstagramWebhook(seen).events).toEqual([{ type: "status", providerMessageId: "aWdfSENT", status: "read", timestamp: 1700000000000, accountId: IG_ID }]);
    const deleted = messagingPayload({ accountId: IG_ID, userId: USER, text: "x" });
    (deleted.entry[0]?.messaging[0]?.message as Record<string, unknown>).is_deleted = true;
    expect(parseInstagramWebhook(deleted).events).toEqual([]);
  });

  test("the changes form (Instagram-Login apps, dashboard test) is read too; several entries keep their accounts", () => {
    const body = {
      object: "instagram",
      entry: [
        { id: IG_ID, time: 1, changes: [{ field: "messages", value: { sender: { id: USER }, recipient: { id: IG_ID }, timestamp: "1700000000", message: { mid: "aWdfC1", text: "oi" } } }] },
        { id: "17841400000000002", time: 1, messaging: [{ sender: { id: "777" }, recipient: { id: "17841400000000002" }, timestamp: 1, message: { mid: "aWdfC2", text: "olá" } }] },
      ],
    };
    const r = parseInstagramWebhook(body);
    expect(r.accounts).toEqual([IG_ID, "17841400000000002"]);
    expect(r.events.map((e) => [e.providerMessageId, e.accountId, e.timestamp])).toEqual([
      ["aWdfC1", IG_ID, 1700000000000],
      ["aWdfC2", "17841400000000002", 1000],
    ]);
  });

  test("odd payloads never throw and yield nothing", () => {
    const odd: unknown[] = [
      null,
      "x",
      7,
      [],
      {},
      { object: "page", entry: [{ id: "1", messaging: [{ sender: { id: "2" }, message: { mid: "m", text: "oi" } }] }] },
      { object: "instagram", entry: "nope" },
      { object: "instagram", entry: [null, 3, { messaging: "x" }, { id: IG_ID, messaging: [null, { message: "oi" }, { message: { mid: 5 } }, { sender: {}, message: { mid: "m", text: "t" } }] }] },
      { object: "instagram", entry: [{ id: IG_ID, changes: [{ field: "comments", value: { id: "c1", text: "lindo" } }] }] },
    ];
    for (const body of odd) expect(parseInstagramWebhook(body).events).toEqual([]);
    expect(parseInstagramWebhook(odd[7]).accounts).toEqual([IG_ID]);
  });
});

describe("validMetaSignature", () => {
  const SECRET = "app-secret-instagram";
  const payload = messagingPayload({ accountId: IG_ID, userId: USER, text: "oi" });

  test("a delivery signed with the app secret is valid over its exact bytes", () => {
    const d = signedDelivery(SECRET, payload);
    expect(d.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(validMetaSignature(new TextEncoder().encode(d.body), d.signature, SECRET)).toBe(true);
    expect(validMetaSignature(new TextEncoder().encode(d.body), d.signature.toUpperCase().replace("SHA256=", "sha256="), SECRET)).toBe(true);
  });

  test("another secret, altered bytes, a missing or malformed header, or an empty secret are invalid", () => {
    const d = signedDelivery(SECRET, payload);
    const raw = new TextEncoder().encode(d.body);
    expect(validMetaSignature(raw, d.signature, "outro-segredo")).toBe(false);
    expect(validMetaSignature(new TextEncoder().encode(`${d.body} `), d.signature, SECRET)).toBe(false);
    expect(validMetaSignature(raw, null, SECRET)).toBe(false);
    expect(validMetaSignature(raw, "", SECRET)).toBe(false);
    expect(validMetaSignature(raw, d.signature.slice("sha256=".length), SECRET)).toBe(false);
    expect(validMetaSignature(raw, `sha1=${d.signature.slice(7)}`, SECRET)).toBe(false);
    expect(validMetaSignature(raw, d.signature.slice(0, -2), SECRET)).toBe(false);
    expect(validMetaSignature(raw, d.signature, "")).toBe(false);
    // An unset secret must not accept a body signed with the empty key.
    const unsigned = signedDelivery("", payload);
    expect(validMetaSignature(new TextEncoder().encode(unsigned.body), unsigned.signature, "")).toBe(false);
  });
});
