/**
 * The access every HTTP route of the Hono app must enforce (/api/v1, /api/logout, webhooks, the
 * widget), keyed as Hono lists them ("PATCH /api/v1/agents/:id"). Like the procedure table, a route
 * missing here or an entry without a route fails the matrix.
 */
import type { Fixture } from "./guard-fixtures";
import type { Access } from "./guard-procedures";

export type RouteBody = { json?: unknown; raw?: BodyInit; contentType?: string };

export type RouteExpectation = {
  /** signed: no session; the request carries its own proof (signature, secret in the URL, verify token). */
  access: Access | "signed";
  /** The concrete URL for a workspace's ids. */
  url: (f: Fixture) => string;
  body?: (f: Fixture) => RouteBody;
  scoped?: boolean;
  /** An SSE route: only the status is read. */
  stream?: boolean;
  noFuzz?: string;
};

const agentUrl = (f: Fixture) => `/api/v1/agents/${f.agentId}`;
/** Academy uploads (issue 19 H4) are refused by role before any lookup: no lesson is needed in the fixture. */
const UNKNOWN_LESSON_ID = "01930000-0000-7000-8000-000000000000";

function documentForm(): RouteBody {
  const form = new FormData();
  form.set("file", new File(["Horário: das 9h às 18h."], "horario.txt", { type: "text/plain" }));
  return { raw: form };
}

/** A 2×1 PNG as the avatar upload. */
function avatarForm(): RouteBody {
  const png = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwnwEIGAEAJdUCAP+1zwQAAAAASUVORK5CYII="), (c) => c.charCodeAt(0));
  const form = new FormData();
  form.set("file", new File([png], "foto.png", { type: "image/png" }));
  return { raw: form };
}

/** A question without files (POST /api/v1/support/requests, issue 19 H5). */
function supportForm(): RouteBody {
  const form = new FormData();
  form.set("type", "question");
  form.set("subject", "Como conecto o WhatsApp?");
  form.set("description", "Não encontrei onde conectar o número.");
  return { raw: form };
}

/** A one-row contacts CSV with its column mapping (POST /api/v1/contacts/imports). */
function contactsCsvForm(): RouteBody {
  const form = new FormData();
  form.set("file", new File(["nome;telefone\nCarla Matriz;(11) 98765-1111\n"], "contatos.csv", { type: "text/csv" }));
  form.set("mapping", JSON.stringify({ "0": "name", "1": "phone" }));
  form.set("onDuplicate", "skip");
  return { raw: form };
}

export const ROUTES: Record<string, RouteExpectation> = {
  "GET /api/v1/health": { access: "public", url: () => "/api/v1/health" },
  "GET /api/v1/openapi.json": { access: "public", url: () => "/api/v1/openapi.json" },
  "GET /api/v1/config/public": { access: "public", url: () => "/api/v1/config/public" },
  // Test-only (NODE_ENV=test): 404 otherwise.
  "GET /api/v1/dev/outbox": { access: "public", url: () => "/api/v1/dev/outbox" },
  "GET /widget.js": { access: "public", url: () => "/widget.js" },
  "OPTIONS /api/v1/public/agents/:id": { access: "public", url: (f) => `/api/v1/public/agents/${f.agentId}` },
  "OPTIONS /api/v1/agents/:id/chat-external": { access: "public", url: (f) => `${agentUrl(f)}/chat-external` },
  "OPTIONS /api/v1/agents/:id/feedback": { access: "public", url: (f) => `${agentUrl(f)}/feedback` },
  "GET /api/v1/public/agents/:id": { access: "public", url: (f) => `/api/v1/public/agents/${f.agentId}` },
  "POST /api/v1/agents/:id/chat-external": { access: "public", url: (f) => `${agentUrl(f)}/chat-external`, body: () => ({ json: { message: "oi" } }) },
  "POST /api/v1/agents/:agentId/feedback": {
    access: "public",
    url: (f) => `${agentUrl(f)}/feedback`,
    body: () => ({ json: { userMessage: "oi", agentResponse: "olá", feedbackType: "like" } }),
  },
  // Always a redirect: the state (single use, bound to agent + user + workspace) is the proof.
  "GET /api/v1/integrations/google-calendar/callback": { access: "public", url: () => "/api/v1/integrations/google-calendar/callback?state=x&code=y" },

  "POST /api/v1/auth/register": { access: "public", url: () => "/api/v1/auth/register", body: () => ({ json: {} }) },
  "POST /api/v1/auth/login": { access: "public", url: () => "/api/v1/auth/login", body: () => ({ json: {} }) },
  "POST /api/v1/auth/logout": { access: "public", url: () => "/api/v1/auth/logout", noFuzz: "ends the fuzzing session" },
  "POST /api/logout": { access: "public", url: () => "/api/logout", noFuzz: "ends the fuzzing session" },
  "POST /api/v1/auth/forgot-password": { access: "public", url: () => "/api/v1/auth/forgot-password", body: () => ({ json: {} }) },
  "POST /api/v1/auth/reset-password": { access: "public", url: () => "/api/v1/auth/reset-password", body: () => ({ json: {} }) },
  "POST /api/v1/auth/verify-email": { access: "public", url: () => "/api/v1/auth/verify-email", body: () => ({ json: {} }) },
  "GET /api/v1/auth/user": { access: "authed", url: () => "/api/v1/auth/user" },
  "POST /api/v1/auth/heartbeat": { access: "authed", url: () => "/api/v1/auth/heartbeat" },
  "POST /api/v1/auth/resend-verification": { access: "authed", url: () => "/api/v1/auth/resend-verification" },

  // The account (issue 17): the avatar upload, the LGPD download and the protected avatar image.
  "POST /api/v1/account/avatar": { access: "authed", url: () => "/api/v1/account/avatar", body: avatarForm },
  "GET /api/v1/account/export": { access: "authed", url: () => "/api/v1/account/export" },
  "GET /api/v1/users/:id/avatar": { access: "authed", url: (f) => `/api/v1/users/${f.ownerId}/avatar`, scoped: true },
  // Protected files (issue 19, H8): a workspace's chat image, for its members only.
  "GET /api/v1/files/:id": { access: "member", url: (f) => `/api/v1/files/${f.chatImageFileId}`, scoped: true },

  "GET /api/v1/workspaces": { access: "authed", url: () => "/api/v1/workspaces" },
  "POST /api/v1/workspaces": { access: "authed", url: () => "/api/v1/workspaces", body: () => ({ json: { name: "Outro espaço" } }) },
  "POST /api/v1/workspaces/:id/switch": { access: "authed", url: (f) => `/api/v1/workspaces/${f.workspaceId}/switch`, scoped: true },
  "GET /api/v1/workspaces/:id/dashboard": { access: "member", url: (f) => `/api/v1/workspaces/${f.workspaceId}/dashboard`, scoped: true },
  "GET /api/v1/credit-usage/history": { access: "member", url: () => "/api/v1/credit-usage/history?period=7" },

  "GET /api/v1/agents": { access: "member", url: () => "/api/v1/agents" },
  "POST /api/v1/agents": { access: "canCreateAgents", url: () => "/api/v1/agents", body: () => ({ json: { name: "Novo agente", activity: "Vendas" } }) },
  "GET /api/v1/agents/:id": { access: "member", url: agentUrl, scoped: true },
  "PATCH /api/v1/agents/:id/toggle": { access: "canEditAgents", url: (f) => `${agentUrl(f)}/toggle`, body: () => ({ json: { isActive: true } }), scoped: true },
  "PUT /api/v1/agents/:id": { access: "canEditAgents", url: agentUrl, body: () => ({ json: { voiceTone: "Formal" } }), scoped: true },
  "PATCH /api/v1/agents/:id": { access: "canEditAgents", url: agentUrl, body: () => ({ json: { voiceTone: "Formal" } }), scoped: true },
  "DELETE /api/v1/agents/:id": { access: "canDeleteAgents", url: agentUrl, scoped: true },
  "POST /api/v1/agents/:id/training/documents": { access: "canEditAgents", url: (f) => `${agentUrl(f)}/training/documents`, body: documentForm, scoped: true },

  "GET /api/v1/conversations": { access: "member", url: () => "/api/v1/conversations" },
  "GET /api/v1/conversations/stream": { access: "member", url: () => "/api/v1/conversations/stream", stream: true, noFuzz: "takes no input" },

  "POST /api/v1/contacts/imports": { access: "canAnswerConversations", url: () => "/api/v1/contacts/imports", body: contactsCsvForm },
  "GET /api/v1/contacts/export": { access: "member", url: () => "/api/v1/contacts/export?status=lead" },
  "GET /api/v1/logs/export": { access: "member", url: (f) => `/api/v1/logs/export?scope=mine&agentId=${f.agentId}`, scoped: true },
  "GET /api/v1/billing/statement.csv": { access: "member", url: () => "/api/v1/billing/statement.csv?from=2026-01-01&to=2026-01-31" },

  "GET /api/v1/admin/model-pricing": { access: "admin", url: () => "/api/v1/admin/model-pricing" },
  "POST /api/v1/admin/credits/grant": { access: "admin", url: () => "/api/v1/admin/credits/grant", body: (f) => ({ json: { workspaceId: f.workspaceId, amount: 10 } }) },
  // Issue 19 (H4): academy uploads; a non-admin is refused before the lesson is even looked up.
  "POST /api/v1/admin/academy/lessons/:id/video": {
    access: "admin",
    url: () => `/api/v1/admin/academy/lessons/${UNKNOWN_LESSON_ID}/video`,
    body: () => ({ raw: new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]), contentType: "video/webm" }),
  },
  "POST /api/v1/admin/academy/lessons/:id/materials": {
    access: "admin",
    url: () => `/api/v1/admin/academy/lessons/${UNKNOWN_LESSON_ID}/materials`,
    body: () => ({ raw: "Roteiro da aula", contentType: "application/octet-stream" }),
  },

  // Issue 19 (H5): a support request needs only a session (any user may ask for help).
  "POST /api/v1/support/requests": { access: "authed", url: () => "/api/v1/support/requests", body: supportForm },

  // Issue 19 (H2): a certificate's PDF, for its owner or an admin; an unknown id is 404 (allowed for the viewer).
  "GET /api/v1/academy/certificates/:id/pdf": { access: "authed", url: () => "/api/v1/academy/certificates/01930000-0000-7000-8000-00000000a19e/pdf" },

  // Webhooks: refused without their proof (no valid signature, wrong secret, wrong verify token).
  "GET /webhooks/whatsapp": { access: "signed", url: () => "/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=errado&hub.challenge=42" },
  "POST /webhooks/whatsapp": {
    access: "signed",
    url: () => "/webhooks/whatsapp",
    body: () => ({ json: { object: "whatsapp_business_account", entry: [{ id: "1", changes: [{ field: "messages", value: { metadata: { phone_number_id: "5511" }, messages: [] } }] }] } }),
  },
  "GET /webhooks/instagram": { access: "signed", url: () => "/webhooks/instagram?hub.mode=subscribe&hub.verify_token=errado&hub.challenge=42" },
  // Unsigned: 400 (Stripe not configured, or no Stripe-Signature); nothing is stored either way.
  "POST /webhooks/stripe": { access: "signed", url: () => "/webhooks/stripe", body: () => ({ json: { id: "evt_sem_assinatura", object: "event", type: "invoice.paid", data: { object: {} } } }) },
  "POST /webhooks/instagram": { access: "signed", url: () => "/webhooks/instagram", body: () => ({ json: { object: "instagram", entry: [{ id: "1784", time: 1, messaging: [] }] } }) },
  "POST /webhooks/telegram/:connectionId": {
    access: "signed",
    url: (f) => `/webhooks/telegram/${f.connectionId}`,
    body: () => ({ json: { update_id: 1, message: { message_id: 1, date: 1, chat: { id: 1, type: "private" }, text: "oi" } } }),
  },
  "POST /webhooks/uazapi/:connectionId/:secret": { access: "signed", url: (f) => `/webhooks/uazapi/${f.connectionId}/segredo-errado`, body: () => ({ json: { EventType: "messages" } }) },
};
