/** UAZAPI wire layer against a loopback fake: auth headers, bodies, parsed answers, error classes, webhook parsing. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  connectInstance,
  createInstance,
  deleteInstance,
  disconnectInstance,
  downloadMedia,
  fetchMediaBytes,
  instanceStatus,
  sendMedia,
  sendPresence,
  sendText,
  setWebhook,
  toUazapiNumber,
  UazapiApiError,
  type UazapiTarget,
} from "../src/adapters/uazapi/client";
import { parseUazapiWebhook } from "../src/adapters/uazapi/inbound";
import { connectionPayload, startFakeUazapi, statusPayload, webhookPayload } from "./fakes/uazapi";

const ADMIN_TOKEN = "admin-segredo-123";
let fake: Awaited<ReturnType<typeof startFakeUazapi>>;
let target: UazapiTarget;

beforeAll(async () => {
  fake = await startFakeUazapi({ adminToken: ADMIN_TOKEN });
  const created = await createInstance({ serverUrl: fake.url, adminToken: ADMIN_TOKEN }, "loja-1");
  target = { serverUrl: `${fake.url}/`, token: created.token };
});
afterAll(() => fake.stop());

const lastCall = (path: string) => fake.calls.filter((c) => c.path === path).at(-1);

async function caught(p: Promise<unknown>): Promise<UazapiApiError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof UazapiApiError) return err;
    throw err;
  }
  throw new Error("expected a UazapiApiError");
}

describe("instance lifecycle", () => {
  test("createInstance sends admintoken (not token, not Bearer) and returns the new token", async () => {
    const created = await createInstance({ serverUrl: fake.url, adminToken: ADMIN_TOKEN }, "loja-2");
    const call = lastCall("/instance/init");
    expect(call?.headers.admintoken).toBe(ADMIN_TOKEN);
    expect(call?.headers.token).toBeUndefined();
    expect(call?.headers.authorization).toBeUndefined();
    expect(call?.body?.name).toBe("loja-2");
    expect(created.name).toBe("loja-2");
    expect(created.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.token).not.toBe(target.token);
    expect(fake.instances.get(created.token)?.name).toBe("loja-2");
  });

  test("a wrong admin token is a 403, not retryable, in pt-BR", async () => {
    const err = await caught(createInstance({ serverUrl: fake.url, adminToken: "errado" }, "x"));
    expect(err.status).toBe(403);
    expect(err.retryable).toBe(false);
    expect(err.message).toContain("UAZAPI recusou o token (403)");
    expect(err.message).toContain("Invalid AdminToken Header");
  });

  test("a fresh instance is disconnected with no phone", async () => {
    const s = await instanceStatus(target);
    expect(s).toEqual({ status: "disconnected", connected: false, loggedIn: false, phoneNumber: null, qrcode: null, profileName: null });
    expect(lastCall("/instance/status")?.headers.token).toBe(target.token);
  });

  test("connect without a phone gives a QR data URL and moves to connecting", async () => {
    const r = await connectInstance(target);
    expect(lastCall("/instance/connect")?.body).toEqual({});
    expect(r.status).toBe("connecting");
    expect(r.qrcode?.startsWith("data:image/png;base64,")).toBe(true);
    expect(r.paircode).toBeNull();
    expect(r.connected).toBe(false);
    expect(r.loggedIn).toBe(false);
    const s = await instanceStatus(target);
    expect(s.status).toBe("connecting");
    expect(s.qrcode).toBe(r.qrcode);
  });

  test("connect with a phone sends it as digits and returns a pairing code", async () => {
    const r = await connectInstance(target, "+55 (11) 98888-7777");
    expect(lastCall("/instance/connect")?.body).toEqual({ phone: "5511988887777" });
    expect(r.paircode).toBe("ABCD-EFGH");
  });

  test("after the phone pairs, status has the number (jid.user) and profile name", async () => {
    fake.pair(target.token, "5511988887777", "Padaria Pão Quente");
    const s = await instanceStatus(target);
    expect(s).toEqual({ status: "connected", connected: true, loggedIn: true, phoneNumber: "5511988887777", qrcode: null, profileName: "Padaria Pão Quente" });
  });

  test("setWebhook excludes the API's own messages and asks for messages, receipts and connection", async () => {
    await setWebhook(target, "https://app.example/webhooks/uazapi/abc?k=1");
    const call = lastCall("/webhook");
    expect(call?.headers.token).toBe(target.token);
    expect(call?.body?.url).toBe("https://app.example/webhooks/uazapi/abc?k=1");
    expect(call?.body?.enabled).toBe(true);
    expect(call?.body?.excludeMessages).toEqual(["wasSentByApi"]);
    expect(call?.body?.events).toEqual(["messages", "messages_update", "connection"]);
    expect(fake.instances.get(target.token)?.webhook?.url).toBe("https://app.example/webhooks/uazapi/abc?k=1");
  });

  test("disconnect and delete; a deleted instance's token is refused (401, not retryable)", async () => {
    const other = await createInstance({ serverUrl: fake.url, adminToken: ADMIN_TOKEN }, "loja-3");
    const t = { serverUrl: fake.url, token: other.token };
    fake.pair(other.token, "5511977776666");
    await disconnectInstance(t);
    expect((await instanceStatus(t)).status).toBe("disconnected");
    expect((await instanceStatus(t)).phoneNumber).toBeNull();
    await deleteInstance(t);
    expect(lastCall("/instance")?.method).toBe("DELETE");
    const err = await caught(instanceStatus(t));
    expect(err.status).toBe(401);
    expect(err.retryable).toBe(false);
    expect(err.message).toContain("Invalid token");
  });
});

describe("sending", () => {
  test("sendText strips the number to digits and returns messageid", async () => {
    const id = await sendText(target, "+55 11 96666-5555", "Olá! Como posso ajudar?", { delay: 300, replyId: "3EB0ABC" });
    const call = lastCall("/send/text");
    expect(call?.headers.token).toBe(target.token);
    expect(call?.headers["content-type"]).toContain("application/json");
    expect(call?.body).toEqual({ number: "5511966665555", text: "Olá! Como posso ajudar?", linkPreview: false, delay: 300, replyid: "3EB0ABC" });
    expect(id).toMatch(/^[0-9A-F]{32}$/);
  });

  test("a JID is accepted as a number; a @lid or group id is refused before any request", async () => {
    await sendText(target, "5511955554444@s.whatsapp.net", "oi");
    expect(lastCall("/send/text")?.body?.number).toBe("5511955554444");
    const before = fake.calls.length;
    const lid = await caught(sendText(target, "123456789012345@lid", "oi"));
    expect(lid.retryable).toBe(false);
    expect(lid.message).toContain("Número de WhatsApp inválido");
    await caught(sendText(target, "120363040000000000@g.us", "oi"));
    await caught(sendText(target, "abc", "oi"));
    expect(fake.calls.length).toBe(before);
    expect(toUazapiNumber("5511944443333:12@s.whatsapp.net")).toBe("5511944443333");
  });

  test("sendMedia sends type, file, caption as text and docName", async () => {
    const id = await sendMedia(target, "5511966665555", { type: "document", file: "https://files.example/cardapio.pdf", caption: "Nosso cardápio", docName: "cardapio.pdf" });
    expect(lastCall("/send/media")?.body).toEqual({
      number: "5511966665555",
      type: "document",
      file: "https://files.example/cardapio.pdf",
      text: "Nosso cardápio",
      docName: "cardapio.pdf",
    });
    expect(id).toMatch(/^[0-9A-F]{32}$/);
  });

  test("sendPresence sends presence and delay", async () => {
    await sendPresence(target, "+5511966665555", "composing", 4000);
    expect(lastCall("/message/presence")?.body).toEqual({ number: "5511966665555", presence: "composing", delay: 4000 });
  });

  test("an injected 429 is retryable and carries Retry-After in ms", async () => {
    fake.failNext(429, { retryAfter: "7" });
    const err = await caught(sendText(target, "5511966665555", "oi"));
    expect(err.status).toBe(429);
    expect(err.retryable).toBe(true);
    expect(err.retryAfterMs).toBe(7000);
    expect(err.message).toContain("Rate limit exceeded");
    // The queue is consumed: the next send goes through.
    expect(await sendText(target, "5511966665555", "oi de novo")).toMatch(/^[0-9A-F]{32}$/);
  });

  test("a 502 is retryable without Retry-After; a 400 is not retryable", async () => {
    fake.failNext(502);
    const e502 = await caught(sendMedia(target, "5511966665555", { type: "image", file: "https://x.example/a.jpg" }));
    expect(e502.status).toBe(502);
    expect(e502.retryable).toBe(true);
    expect(e502.retryAfterMs).toBeNull();
    const e400 = await caught(sendText(target, "5511966665555", ""));
    expect(e400.status).toBe(400);
    expect(e400.retryable).toBe(false);
    expect(e400.message).toBe("UAZAPI respondeu 400: Missing number or text");
  });

  test("an unreachable server is retryable with no status", async () => {
    const dead = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
    const deadUrl = `http://127.0.0.1:${dead.port}`;
    dead.stop(true);
    const err = await caught(sendText({ serverUrl: deadUrl, token: "t" }, "5511966665555", "oi"));
    expect(err.status).toBeNull();
    expect(err.retryable).toBe(true);
    expect(err.message).toStartWith("UAZAPI inacessível");
  });
});

describe("media download", () => {
  const voice = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 1, 2, 3, 250]);

  test("downloadMedia asks for a link and mp3 and returns fileURL and mimetype", async () => {
    fake.addMedia("ACF6ADA647ACF0091AFEFB3DF199AB99", "audio/mpeg", voice);
    const r = await downloadMedia(target, "ACF6ADA647ACF0091AFEFB3DF199AB99");
    expect(lastCall("/message/download")?.body).toEqual({ id: "ACF6ADA647ACF0091AFEFB3DF199AB99", return_base64: false, return_link: true, generate_mp3: true, transcribe: false });
    expect(r.fileURL).toBe(`${fake.url}/files/ACF6ADA647ACF0091AFEFB3DF199AB99`);
    expect(r.mimetype).toBe("audio/mpeg");
    expect(r.base64Data).toBeUndefined();
  });

  test("fetchMediaBytes returns the exact bytes and mime", async () => {
    const r = await fetchMediaBytes(target, "ACF6ADA647ACF0091AFEFB3DF199AB99");
    expect(r.mime).toBe("audio/mpeg");
    expect([...r.data]).toEqual([...voice]);
    await expect(fetchMediaBytes(target, "ACF6ADA647ACF0091AFEFB3DF199AB99", 4)).rejects.toThrow("Mídia grande demais");
  });

  test("an unknown message id is a 404, not retryable", async () => {
    const err = await caught(downloadMedia(target, "NAOEXISTE"));
    expect(err.status).toBe(404);
    expect(err.retryable).toBe(false);
  });
});

describe("parseUazapiWebhook", () => {
  const TOKEN = "tok-instancia-1";

  test("a customer's text becomes an InboundMessage keyed by phone", () => {
    const body = webhookPayload({ token: TOKEN, instanceName: "loja-1", phone: "5511988887777", name: "Ana Souza", text: "Vocês abrem sábado?", messageId: "AC15A64CEA2CBE5F37AAC86CEE33908A", timestamp: 1769798428000 });
    const r = parseUazapiWebhook(body);
    expect(r.instanceToken).toBe(TOKEN);
    expect(r.instanceName).toBe("loja-1");
    expect(r.connection).toBeNull();
    expect(r.events).toEqual([
      {
        type: "message",
        providerMessageId: "AC15A64CEA2CBE5F37AAC86CEE33908A",
        contactKey: "5511988887777",
        contactName: "Ana Souza",
        text: "Vocês abrem sábado?",
        media: null,
        timestamp: 1769798428000,
        fromBusiness: null,
      },
    ]);
  });

  test("a @lid sender is resolved to the phone through sender_pn, never keyed by the lid", () => {
    const body = webhookPayload({ token: TOKEN, phone: "40723973035", name: "Tito", text: "Oi", lid: true });
    expect(body.message.sender).toEndWith("@lid");
    const [m] = parseUazapiWebhook(body).events;
    expect(m?.type === "message" && m.contactKey).toBe("40723973035");
  });

  test("with only the lid and the chat id, the chat id gives the phone", () => {
    const body = webhookPayload({ token: TOKEN, phone: "40723973035", text: "Oi", lid: true });
    const message = body.message as Record<string, unknown>;
    message.sender_pn = "";
    const [m] = parseUazapiWebhook(body).events;
    expect(m?.type === "message" && m.contactKey).toBe("40723973035");
    message.chatid = "123456789012345@lid";
    body.chat.wa_chatid = "123456789012345@lid";
    body.chat.phone = "";
    expect(parseUazapiWebhook(body).events).toEqual([]);
  });

  test("a voice note (ptt) is audio media referenced by its message id", () => {
    const body = webhookPayload({ token: TOKEN, phone: "5511988887777", name: "Ana", messageId: "ACF6ADA647ACF0091AFEFB3DF199AB99", media: { mediaType: "ptt", mimetype: "audio/ogg; codecs=opus" } });
    const [m] = parseUazapiWebhook(body).events;
    expect(m).toMatchObject({ type: "message", text: "", media: { kind: "audio", ref: "ACF6ADA647ACF0091AFEFB3DF199AB99", mime: "audio/ogg; codecs=opus", caption: null } });
  });

  test("an image keeps its caption; a document its file name; a sticker is a sticker", () => {
    const img = parseUazapiWebhook(webhookPayload({ token: TOKEN, phone: "5511988887777", text: "olha isso", media: { mediaType: "image", mimetype: "image/jpeg" } })).events[0];
    expect(img).toMatchObject({ text: "olha isso", media: { kind: "image", caption: "olha isso", mime: "image/jpeg" } });
    const doc = parseUazapiWebhook(webhookPayload({ token: TOKEN, phone: "5511988887777", media: { mediaType: "document", mimetype: "application/pdf", fileName: "pedido.pdf" } })).events[0];
    expect(doc).toMatchObject({ media: { kind: "document", fileName: "pedido.pdf" } });
    const sticker = parseUazapiWebhook(webhookPayload({ token: TOKEN, phone: "5511988887777", media: { mediaType: "user_created_sticker", mimetype: "image/webp" } })).events[0];
    expect(sticker).toMatchObject({ media: { kind: "sticker" } });
  });

  test("fromMe typed on the phone is a human reply; fromMe sent by the API is the product's; both keyed by the customer", () => {
    const human = parseUazapiWebhook(webhookPayload({ token: TOKEN, phone: "5511988887777", name: "Ana", text: "Oi, aqui é a Maria da loja", fromMe: true })).events[0];
    expect(human).toMatchObject({ type: "message", contactKey: "5511988887777", fromBusiness: { sentByProduct: false } });
    // sender_pn is the owner's phone on fromMe; senderName is the business's profile name.
    expect(human?.type === "message" && human.contactName).not.toBe("Loja Teste");
    const bot = parseUazapiWebhook(webhookPayload({ token: TOKEN, phone: "5511988887777", text: "Resposta automática", fromMe: true, wasSentByApi: true })).events[0];
    expect(bot).toMatchObject({ contactKey: "5511988887777", fromBusiness: { sentByProduct: true } });
  });

  test("group messages, reactions and edits are ignored", () => {
    expect(parseUazapiWebhook(webhookPayload({ token: TOKEN, phone: "5511988887777", text: "bom dia grupo", isGroup: true })).events).toEqual([]);
    // The flag alone is enough, whatever the chat id says.
    const flagged = webhookPayload({ token: TOKEN, phone: "5511988887777", text: "oi" });
    flagged.message.isGroup = true;
    expect(parseUazapiWebhook(flagged).events).toEqual([]);
    const chatFlagged = webhookPayload({ token: TOKEN, phone: "5511988887777", text: "oi" });
    chatFlagged.chat.wa_isGroup = true;
    expect(parseUazapiWebhook(chatFlagged).events).toEqual([]);
    const groupByChat = webhookPayload({ token: TOKEN, phone: "5511988887777", text: "oi" });
    groupByChat.message.chatid = "120363040000000000@g.us";
    expect(parseUazapiWebhook(groupByChat).events).toEqual([]);
    const reaction = webhookPayload({ token: TOKEN, phone: "5511988887777", text: "❤️" });
    Object.assign(reaction.message, { type: "reaction", messageType: "ReactionMessage", reaction: "AC7FDD5E9CF02502B5C5F661D9CE49C7" });
    expect(parseUazapiWebhook(reaction).events).toEqual([]);
    const edit = webhookPayload({ token: TOKEN, phone: "5511988887777", text: "Oi2" });
    edit.message.edited = "AC15A64CEA2CBE5F37AAC86CEE33908A";
    expect(parseUazapiWebhook(edit).events).toEqual([]);
  });

  test("without messageid the id's bare part is used", () => {
    const body = webhookPayload({ token: TOKEN, phone: "5511988887777", text: "oi", messageId: "AC0E8207D54F74D79D765DDF3055B436" });
    (body.message as Record<string, unknown>).messageid = "";
    expect(parseUazapiWebhook(body).events[0]).toMatchObject({ providerMessageId: "AC0E8207D54F74D79D765DDF3055B436" });
  });

  test("receipts become statuses, one per id, seconds scaled to ms", () => {
    const r = parseUazapiWebhook(statusPayload({ token: TOKEN, messageIds: ["ID1", "ID2"], state: "Delivered", timestampSec: 1785820620 }));
    expect(r.instanceToken).toBe(TOKEN);
    expect(r.events).toEqual([
      { type: "status", providerMessageId: "ID1", status: "delivered", timestamp: 1785820620000 },
      { type: "status", providerMessageId: "ID2", status: "delivered", timestamp: 1785820620000 },
    ]);
    expect(parseUazapiWebhook(statusPayload({ token: TOKEN, messageIds: ["ID3"], state: "Read" })).events[0]).toMatchObject({ status: "read" });
    expect(parseUazapiWebhook(statusPayload({ token: TOKEN, messageIds: ["ID4"], state: "Played" })).events[0]).toMatchObject({ status: "read" });
  });

  test("receipts from the business's own device and unknown receipt types are skipped; the flat shape is read", () => {
    const self = statusPayload({ token: TOKEN, messageIds: ["ID5"], state: "Read" });
    self.event.IsFromMe = "True";
    expect(parseUazapiWebhook(self).events).toEqual([]);
    const odd = statusPayload({ token: TOKEN, messageIds: ["ID6"], state: "Read" });
    Object.assign(odd, { state: "ReadSelf" });
    Object.assign(odd.event, { Type: "ReadSelf" });
    expect(parseUazapiWebhook(odd).events).toEqual([]);
    const flat = { EventType: "messages_update", token: TOKEN, id: "5511:3EB0538DA65A59F6D8A251", messageid: "3EB0538DA65A59F6D8A251", status: "Read", fromMe: true, messageTimestamp: 1706198400000 };
    expect(parseUazapiWebhook(flat).events).toEqual([{ type: "status", providerMessageId: "3EB0538DA65A59F6D8A251", status: "read", timestamp: 1706198400000 }]);
  });

  test("a connection event reports the status and no messages", () => {
    const r = parseUazapiWebhook(connectionPayload({ token: TOKEN, status: "disconnected", instanceName: "loja-1" }));
    expect(r).toEqual({ instanceToken: TOKEN, instanceName: "loja-1", events: [], connection: { status: "disconnected" } });
  });

  test("odd payloads never throw and yield nothing", () => {
    const odd: unknown[] = [
      null,
      undefined,
      42,
      "texto",
      [],
      [{ EventType: "messages" }],
      {},
      { EventType: "messages" },
      { EventType: "messages", message: "x", chat: 1 },
      { EventType: "messages", message: { messageid: 5, chatid: ["a"], fromMe: "sim" } },
      { EventType: "messages_update", event: "Read" },
      { EventType: "messages_update", event: { MessageIDs: "ID", Type: 7 } },
      { EventType: "connection", instance: null },
      { EventType: "presence", token: TOKEN },
      { EventType: { nested: true }, token: ["x"] },
    ];
    for (const body of odd) {
      const r = parseUazapiWebhook(body);
      expect(r.events).toEqual([]);
      expect(r.connection).toBeNull();
    }
    expect(parseUazapiWebhook({ EventType: "presence", token: TOKEN }).instanceToken).toBe(TOKEN);
  });
});
