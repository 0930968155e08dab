/**
 * Atenda chat widget, served at GET /widget.js and embedded with
 *   <script src="{APP_URL}/widget.js" data-agent-id="{id}" async></script>
 * Optional: data-color="#0f766e", data-position="left" (default right), data-greeting="...".
 *
 * Plain browser JavaScript with no dependencies (it runs on sites we do not control). Everything
 * lives in a Shadow DOM so the host page's CSS never reaches it, and model text is only ever set
 * as text nodes: a reply can never become markup on someone else's site.
 */
(() => {
  const script = document.currentScript || document.querySelector("script[data-agent-id][src*='widget.js']");
  if (!script?.src) return;
  const agentId = script.getAttribute("data-agent-id") || "";
  window.__atendaWidgets = window.__atendaWidgets || {};
  const registry = window.__atendaWidgets;
  // The snippet pasted twice (or a SPA re-inserting it) must not stack two bubbles.
  if (!agentId || registry[agentId]) return;
  registry[agentId] = true;

  const api = new URL(script.src, location.href).origin;
  const agentPath = `${api}/api/v1/agents/${encodeURIComponent(agentId)}`;
  const rawColor = script.getAttribute("data-color") || "";
  // Only plain colour values: the attribute lands in CSS.
  const color = /^(#[0-9a-f]{3,8}|[a-z]{3,20})$/i.test(rawColor) ? rawColor : "#2563eb";
  const side = script.getAttribute("data-position") === "left" ? "left" : "right";
  const subtitle = script.getAttribute("data-greeting") || "Como posso ajudá-lo hoje?";
  const GENERIC_ERROR = "Desculpe, ocorreu um erro ao processar sua mensagem. Tente novamente.";
  const CHAT_KEY = `atenda:chat:${agentId}`;
  const SESSION_KEY = "atenda:session";
  const canStream = typeof ReadableStream === "function" && typeof TextDecoder === "function";

  /** Storage can throw (privacy modes, sandboxed iframes): the chat then simply forgets. */
  const storage = (kind) => {
    try {
      return window[kind] || null;
    } catch {
      return null;
    }
  };
  const read = (kind, key) => {
    try {
      return storage(kind)?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const write = (kind, key, value) => {
    try {
      storage(kind)?.setItem(key, value);
    } catch {
      // full or forbidden: keep going without persistence
    }
  };

  /** One id per visitor (localStorage): the server keeps one conversation per visitor and agent. */
  function visitorSession() {
    let id = read("localStorage", SESSION_KEY);
    if (!id || !/^widget-[0-9a-f]{32}$/.test(id)) {
      // getRandomValues, not randomUUID: the latter only exists on https pages.
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      id = `widget-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
      write("localStorage", SESSION_KEY, id);
    }
    return id;
  }

  /** The conversation survives page navigations of the same tab (sessionStorage), not a new tab. */
  function loadChat() {
    try {
      const saved = JSON.parse(read("sessionStorage", CHAT_KEY) || "null");
      const messages = Array.isArray(saved?.messages)
        ? saved.messages.filter((m) => (m.role === "user" || m.role === "assistant") && typeof m.content === "string")
        : [];
      return { messages, open: saved?.open === true };
    } catch {
      return { messages: [], open: false };
    }
  }

  const state = { agent: null, refused: false, busy: false, ...loadChat() };
  const saveChat = () => write("sessionStorage", CHAT_KEY, JSON.stringify({ messages: state.messages.slice(-50), open: state.open }));

  const ICON_CHAT =
    '<svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>';
  const ICON_CLOSE =
    '<svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M18 6 6 18M6 6l12 12"/></svg>';
  const ICON_SEND =
    '<svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="m22 2-7 20-4-9-9-4z"/><path d="M22 2 11 13"/></svg>';

  const CSS = `
:host{all:initial}
*{box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
[hidden]{display:none!important}
.launcher{position:fixed;bottom:20px;right:20px;width:56px;height:56px;padding:0;border:0;border-radius:50%;background:var(--c);color:#fff;cursor:pointer;display:grid;place-items:center;box-shadow:0 6px 20px rgba(0,0,0,.25);z-index:2147483000;transition:transform .15s}
.launcher:hover{transform:scale(1.06)}
.panel{position:fixed;bottom:88px;right:20px;width:370px;height:min(600px,calc(100vh - 108px));display:flex;flex-direction:column;overflow:hidden;background:#fff;color:#111827;border-radius:16px;box-shadow:0 12px 40px rgba(0,0,0,.22);font-size:14px;line-height:1.45;z-index:2147483001}
.left .launcher,.left .panel{right:auto;left:20px}
.head{display:flex;align-items:center;gap:10px;padding:12px 14px;background:var(--c);color:#fff}
.avatar{flex:none;width:38px;height:38px;border-radius:50%;overflow:hidden;display:grid;place-items:center;background:rgba(255,255,255,.25);font-weight:600;font-size:16px}
.avatar img{width:100%;height:100%;object-fit:cover}
.who{flex:1;min-width:0}
.who h2,.who p{margin:0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.who h2{font-size:15px;font-weight:600}
.who p{font-size:12px}
.close{flex:none;width:34px;height:34px;padding:0;border:0;border-radius:8px;background:none;color:inherit;cursor:pointer;display:grid;place-items:center}
.close:hover{background:rgba(255,255,255,.15)}
button:focus-visible,textarea:focus-visible,a:focus-visible{outline:2px solid var(--c);outline-offset:2px}
.head button:focus-visible,.launcher:focus-visible{outline:3px solid #111827;outline-offset:2px}
.body{flex:1;overflow-y:auto;padding:16px;background:#f9fafb;display:flex;flex-direction:column;gap:8px}
.hello{text-align:center;padding:4px 0 10px}
.hello h3{margin:0 0 4px;font-size:16px;font-weight:600}
.hello p{margin:0;color:#6b7280}
.log{display:flex;flex-direction:column;gap:8px}
.msg{max-width:85%;padding:8px 12px;border-radius:14px;white-space:pre-wrap;overflow-wrap:anywhere}
.user{align-self:flex-end;background:var(--c);color:#fff;border-bottom-right-radius:4px}
.assistant{align-self:flex-start;background:#fff;border:1px solid #e5e7eb;border-bottom-left-radius:4px}
.assistant a{color:var(--c);text-decoration:underline}
.error,.notice{background:#fef2f2;border:1px solid #fecaca;color:#991b1b}
.notice{border-radius:10px;padding:10px 12px}
.typing{align-self:flex-start;display:flex;gap:4px;padding:12px 14px;background:#fff;border:1px solid #e5e7eb;border-radius:14px}
.typing i{width:6px;height:6px;border-radius:50%;background:#9ca3af;animation:bounce 1s infinite}
.typing i:nth-of-type(2){animation-delay:.15s}
.typing i:nth-of-type(3){animation-delay:.3s}
@keyframes bounce{0%,80%,100%{opacity:.35;transform:none}40%{opacity:1;transform:translateY(-3px)}}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.composer{display:flex;align-items:flex-end;gap:8px;padding:10px;border-top:1px solid #e5e7eb;background:#fff}
textarea{flex:1;min-height:40px;max-height:120px;resize:none;padding:9px 12px;border:1px solid #d1d5db;border-radius:12px;background:#fff;color:#111827;font-size:14px;line-height:1.4}
.send{flex:none;width:40px;height:40px;padding:0;border:0;border-radius:50%;background:var(--c);color:#fff;cursor:pointer;display:grid;place-items:center}
.send:disabled{opacity:.5;cursor:default}
@media (max-width:480px){.panel,.left .panel{inset:0;width:100%;height:100%;border-radius:0}textarea{font-size:16px}}
@media (prefers-reduced-motion:reduce){.typing i{animation:none}.launcher{transition:none}}`;

  // Static markup only (no data interpolated): names, activity and messages are set as text below.
  const SKELETON = `<style>${CSS}</style>
<div class="w">
<button type="button" class="launcher" aria-haspopup="dialog" aria-expanded="false" aria-controls="panel" aria-label="Abrir chat">${ICON_CHAT}</button>
<section class="panel" id="panel" role="dialog" aria-label="Chat" hidden>
<header class="head"><div class="avatar" aria-hidden="true"></div><div class="who"><h2 id="title">Chat</h2><p class="activity"></p></div>
<button type="button" class="close" aria-label="Fechar chat">${ICON_CLOSE}</button></header>
<div class="body">
<div class="hello"><h3></h3><p></p></div>
<div class="notice" role="alert" hidden></div>
<div class="log" role="log" aria-label="Mensagens"></div>
<div class="typing" role="status" hidden><span class="sr">Digitando...</span><i></i><i></i><i></i></div>
</div>
<form class="composer"><textarea rows="1" maxlength="4000" aria-label="Mensagem" placeholder="Digite sua mensagem..."></textarea>
<button type="submit" class="send" aria-label="Enviar mensagem">${ICON_SEND}</button></form>
</section>
</div>`;

  const host = document.createElement("atenda-chat");
  // Inline !important beats any host stylesheet rule that could hide or move our element.
  host.style.setProperty("all", "initial", "important");
  host.style.setProperty("--c", color);
  host.setAttribute("data-agent-id", agentId);
  const root = host.attachShadow({ mode: "open" });
  root.innerHTML = SKELETON;
  const $ = (sel) => root.querySelector(sel);
  const wrap = $(".w");
  const launcher = $(".launcher");
  const panel = $(".panel");
  const body = $(".body");
  const log = $(".log");
  const typing = $(".typing");
  const notice = $(".notice");
  const form = $("form");
  const input = $("textarea");
  const sendButton = $(".send");
  wrap.classList.add(side);

  /** **bold**, [text](https://…) and bare https links; everything else stays text (white-space: pre-wrap keeps lines). */
  function renderRich(el, text) {
    el.replaceChildren();
    const re = /\*\*([^*\n]+)\*\*|\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)|(https?:\/\/[^\s<>()"']*[^\s<>()"'.,;:!?])/g;
    let last = 0;
    for (const m of text.matchAll(re)) {
      el.append(text.slice(last, m.index));
      if (m[1]) {
        const b = document.createElement("strong");
        b.textContent = m[1];
        el.append(b);
      } else {
        const a = document.createElement("a");
        a.href = m[3] || m[4];
        a.textContent = m[2] || m[4];
        a.target = "_blank";
        a.rel = "noopener noreferrer nofollow";
        el.append(a);
      }
      last = m.index + m[0].length;
    }
    el.append(text.slice(last));
  }

  function fill(el, m) {
    el.className = `msg ${m.role}${m.error ? " error" : ""}`;
    if (m.role === "assistant") renderRich(el, m.content);
    else el.textContent = m.content;
  }

  function bubble(m) {
    const el = document.createElement("div");
    el.setAttribute("data-role", m.role);
    fill(el, m);
    log.append(el);
    return el;
  }

  const scrollDown = () => {
    body.scrollTop = body.scrollHeight;
  };

  function setBusy(busy) {
    state.busy = busy;
    sendButton.disabled = busy || state.refused;
    typing.hidden = !busy;
    if (busy) scrollDown();
  }

  function autosize() {
    input.style.height = "auto";
    input.style.height = `${Math.min(input.scrollHeight + 2, 120)}px`;
  }

  function open(focus = true) {
    state.open = true;
    panel.hidden = false;
    launcher.setAttribute("aria-expanded", "true");
    launcher.setAttribute("aria-label", "Minimizar chat");
    scrollDown();
    saveChat();
    if (focus) (state.refused ? $(".close") : input).focus();
  }

  function close() {
    state.open = false;
    panel.hidden = true;
    launcher.setAttribute("aria-expanded", "false");
    launcher.setAttribute("aria-label", state.agent ? `Abrir chat com ${state.agent.name}` : "Abrir chat");
    saveChat();
    launcher.focus();
  }

  /** A refusal (403: site not allowed) disables the chat and shows the server's own words. */
  function refuse(message) {
    state.refused = true;
    notice.textContent = message;
    notice.hidden = false;
    input.disabled = true;
    sendButton.disabled = true;
  }

  class ServerError extends Error {
    constructor(status, message, code) {
      super(message);
      this.status = status;
      this.code = code;
    }
  }

  /** The server's pt-BR message for a refusal it explains (limits, validation, 403); the generic one otherwise. */
  async function errorOf(res) {
    const payload = await res.json().catch(() => null);
    const message = payload?.error?.message;
    return new ServerError(res.status, res.status < 500 && typeof message === "string" && message ? message : GENERIC_ERROR, payload?.error?.code);
  }

  /** Reads "delta" events as they arrive; resolves with the "done" reply, rejects on "error". */
  async function readStream(res, onDelta) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      buffer += decoder.decode(value || new Uint8Array(), { stream: !done });
      const blocks = buffer.split(/\r?\n\r?\n/);
      buffer = done ? "" : (blocks.pop() ?? "");
      for (const block of blocks) {
        let event = "message";
        const data = [];
        for (const line of block.split(/\r?\n/)) {
          if (line.startsWith("event:")) event = line.slice(6).trim();
          else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
        }
        if (!data.length) continue;
        const payload = JSON.parse(data.join("\n"));
        if (event === "delta" && typeof payload.text === "string") onDelta(payload.text);
        else if (event === "done") return String(payload.response ?? "");
        else if (event === "error") throw new ServerError(200, payload.message || GENERIC_ERROR);
      }
      if (done) throw new Error("stream ended without a reply");
    }
  }

  async function send(text) {
    if (state.busy || state.refused || !state.agent || !text.trim()) return;
    const history = state.messages
      .filter((m) => !m.error)
      .slice(-50)
      .map((m) => ({ role: m.role, content: m.content }));
    const question = { role: "user", content: text };
    state.messages.push(question);
    bubble(question);
    saveChat();
    input.value = "";
    autosize();
    setBusy(true);
    const answer = { role: "assistant", content: "" };
    let el = null;
    const show = () => {
      if (el) fill(el, answer);
      else {
        typing.hidden = true;
        el = bubble(answer);
        el.setAttribute("aria-busy", "true");
      }
      scrollDown();
    };
    try {
      const res = await fetch(`${agentPath}/chat-external`, {
        method: "POST",
        credentials: "omit",
        headers: { "content-type": "application/json", accept: canStream ? "text/event-stream" : "application/json" },
        body: JSON.stringify({ message: text, chatHistory: history, sessionId: visitorSession() }),
      });
      if (!res.ok) throw await errorOf(res);
      if (canStream && res.body && (res.headers.get("content-type") || "").includes("text/event-stream")) {
        answer.content = await readStream(res, (delta) => {
          answer.content += delta;
          show();
        });
      } else {
        // Non-streaming fallback: one JSON answer (old browsers, or a proxy that buffers SSE).
        const payload = await res.json();
        answer.content = String(payload.response ?? payload.data?.response ?? "");
      }
      if (!answer.content) throw new Error("empty reply");
    } catch (err) {
      answer.error = true;
      answer.content = err instanceof ServerError ? err.message : GENERIC_ERROR;
      if (err instanceof ServerError && err.code === "FORBIDDEN") refuse(err.message);
    }
    show();
    el?.removeAttribute("aria-busy");
    state.messages.push(answer);
    saveChat();
    setBusy(false);
    if (state.open && !state.refused) input.focus();
  }

  function applyAgent(agent) {
    state.agent = agent;
    const name = String(agent.name || "");
    $("#title").textContent = name;
    $(".activity").textContent = agent.activity || "";
    $(".hello h3").textContent = `Olá! Sou ${name}`;
    $(".hello p").textContent = subtitle;
    launcher.setAttribute("aria-label", `Abrir chat com ${name}`);
    panel.setAttribute("aria-label", `Chat com ${name}`);
    const avatar = $(".avatar");
    avatar.textContent = name.trim().charAt(0).toUpperCase();
    if (typeof agent.avatarUrl === "string" && /^https?:\/\//.test(agent.avatarUrl)) {
      const img = document.createElement("img");
      img.alt = "";
      img.src = agent.avatarUrl;
      img.onload = () => avatar.replaceChildren(img);
    }
  }

  launcher.addEventListener("click", () => (state.open ? close() : open()));
  $(".close").addEventListener("click", close);
  root.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && state.open) {
      e.stopPropagation();
      close();
    }
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    void send(input.value);
  });
  input.addEventListener("keydown", (e) => {
    // Enter sends, Shift+Enter breaks the line; never while an IME is composing.
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      void send(input.value);
    }
  });
  input.addEventListener("input", autosize);

  function mount() {
    for (const m of state.messages) bubble(m);
    document.body.append(host);
    if (state.open) open(false);
  }

  fetch(`${api}/api/v1/public/agents/${encodeURIComponent(agentId)}`, { credentials: "omit" })
    .then(async (res) => {
      const err = res.ok ? null : await errorOf(res);
      if (!err) applyAgent((await res.json()).data);
      else if (err.code === "FORBIDDEN") refuse(err.message);
      else throw err;
      if (document.body) mount();
      else document.addEventListener("DOMContentLoaded", mount);
    })
    .catch((err) => {
      // A stale snippet (agent deleted or inactive) shows nothing rather than a broken bubble.
      registry[agentId] = false;
      console.warn("[Atenda] widget não carregado:", err instanceof Error ? err.message : err);
    });
})();
