import { z } from "zod";
import { IMAGE_ERRORS } from "../schemas/account";
import { LESSON_VIDEO_TYPES } from "../schemas/academy/recording";
import { forgotPasswordInput, loginInput, registerInput, resetPasswordInput, verifyEmailInput } from "../schemas/auth";
import { createWorkspaceInput, creditGrantInput } from "../schemas/workspaces";

/**
 * OpenAPI 3.1 description of the public /api/v1 contract, request bodies generated from the same
 * zod contracts the server validates with, so the document cannot drift from the code.
 */
type Op = {
  method: "get" | "post";
  path: string;
  summary: string;
  tag: string;
  body?: z.ZodType;
  /** A multipart/form-data body (an upload): field → description. */
  multipart?: Record<string, string>;
  /** A raw binary body (issue 19 lesson uploads): the accepted content types and what the bytes are. */
  raw?: { types: string[]; description: string };
  /** Request headers the call reads: name → description. */
  headers?: Record<string, string>;
  auth?: "session" | "admin" | "none";
  params?: string[];
  query?: Record<string, string>;
  /** Answers of another shape than `{ data }` / `{ error }`, by status (health's 200 and 503). */
  answers?: Record<string, string>;
  /** Answers worth naming besides the generic 4XX (a 413 is added to every call with a body). */
  errors?: Record<string, string>;
};

const RATE_LIMITED = "Muitas tentativas: aguarde e tente de novo (RATE_LIMITED)";

const ops: Op[] = [
  {
    method: "get",
    path: "/health",
    summary: "Estado do servidor",
    tag: "sistema",
    auth: "none",
    answers: {
      "200": '`{ status: "ok", checks }`: o processador de tarefas roda e a fila está em dia',
      "503": '`{ status: "unavailable", checks }`: o processador de tarefas parou ou a fila está atrasada',
    },
  },
  { method: "get", path: "/config/public", summary: "Configuração pública (site, modo offline)", tag: "sistema", auth: "none" },
  {
    method: "post",
    path: "/auth/register",
    summary: "Criar conta",
    tag: "auth",
    body: registerInput,
    auth: "none",
    errors: { "429": "Muitos cadastros a partir deste endereço IP (REGISTER_PER_IP_PER_HOUR por hora)" },
  },
  { method: "post", path: "/auth/login", summary: "Entrar", tag: "auth", body: loginInput, auth: "none", errors: { "429": RATE_LIMITED } },
  { method: "get", path: "/auth/user", summary: "Usuário atual", tag: "auth" },
  { method: "post", path: "/auth/logout", summary: "Sair", tag: "auth", auth: "none" },
  { method: "post", path: "/auth/heartbeat", summary: "Presença (a cada 60 s)", tag: "auth" },
  {
    method: "post",
    path: "/auth/forgot-password",
    summary: "Pedir redefinição de senha",
    tag: "auth",
    body: forgotPasswordInput,
    auth: "none",
    errors: { "429": RATE_LIMITED, "503": "O serviço de email recusou o envio" },
  },
  { method: "post", path: "/auth/reset-password", summary: "Redefinir senha", tag: "auth", body: resetPasswordInput, auth: "none" },
  { method: "post", path: "/auth/verify-email", summary: "Confirmar email", tag: "auth", body: verifyEmailInput, auth: "none" },
  { method: "post", path: "/auth/resend-verification", summary: "Reenviar confirmação de email", tag: "auth" },
  {
    method: "post",
    path: "/account/avatar",
    summary: "Enviar a foto de perfil (reduzida no servidor para WebP) → 201 { data: { avatarUrl } }",
    tag: "conta",
    multipart: { file: "a imagem: PNG, JPG, WEBP ou GIF, até 5 MB" },
  },
  {
    method: "get",
    path: "/account/export",
    summary: "Baixar todos os dados do usuário (LGPD) em JSON: perfil, workspaces, sessões e atividade, sem segredos",
    tag: "conta",
    answers: { "200": "`application/json` como anexo atenda-meus-dados-AAAA-MM-DD.json" },
  },
  {
    method: "get",
    path: "/users/{id}/avatar",
    summary: "Foto de perfil (sessão exigida): a própria, a de quem divide um workspace, ou qualquer uma para administradores",
    tag: "conta",
    params: ["id"],
    answers: { "200": "`image/webp`" },
    errors: { "401": IMAGE_ERRORS.unauthorized, "403": IMAGE_ERRORS.forbidden, "404": IMAGE_ERRORS.notFound },
  },
  {
    method: "get",
    path: "/files/{id}",
    summary:
      "Arquivo guardado (anexo de chamado, vídeo ou material de aula, imagem de conversa, foto de agente) para quem pode vê-lo; aceita Range (uma faixa → 206, fora do arquivo → 416) e HEAD",
    tag: "arquivos",
    params: ["id"],
    answers: {
      "200": "os bytes com o Content-Type do arquivo; inline para imagens, vídeo, áudio e PDF, anexo para o resto",
      "206": "a faixa pedida, com Content-Range",
      "416": "faixa fora do arquivo (Content-Range: bytes */tamanho)",
    },
    errors: { "401": IMAGE_ERRORS.unauthorized, "403": IMAGE_ERRORS.forbidden, "404": IMAGE_ERRORS.notFound },
  },
  { method: "get", path: "/workspaces", summary: "Workspaces do usuário", tag: "workspaces" },
  { method: "post", path: "/workspaces", summary: "Criar workspace", tag: "workspaces", body: createWorkspaceInput },
  { method: "post", path: "/workspaces/{id}/switch", summary: "Trocar de workspace", tag: "workspaces", params: ["id"] },
  { method: "get", path: "/workspaces/{id}/dashboard", summary: "Painel do workspace", tag: "workspaces", params: ["id"] },
  {
    method: "get",
    path: "/conversations",
    summary: "Caixa de entrada: conversas do workspace atual, atividade mais recente primeiro, 30 por página → { data: { items, nextCursor } }",
    tag: "conversas",
    query: {
      channel: "whatsapp, telegram, instagram ou web",
      status: "active ou resolved",
      unread: "true: só conversas com mensagens não lidas",
      needsHuman: "true: só conversas que precisam de um atendente",
      mine: "true: só as atribuídas a mim",
      search: "nome, telefone ou texto de mensagem (até 100 caracteres)",
      cursor: "nextCursor da página anterior",
    },
  },
  {
    method: "get",
    path: "/conversations/stream",
    summary: "Eventos ao vivo (text/event-stream): `event: conversation` com { conversationId, kind } a cada mudança no workspace atual; comentário a cada 25 s",
    tag: "conversas",
  },
  {
    method: "post",
    path: "/contacts/imports",
    summary: "Importar contatos de um CSV: guarda o arquivo e enfileira a importação → 201 { data: importação } (acompanhe em contacts.imports.get)",
    tag: "contatos",
    multipart: {
      file: "o CSV (UTF-8 ou Windows-1252; vírgula, ponto e vírgula ou tab; cabeçalho na 1ª linha; até 20 MB, 100.000 linhas e 100 colunas)",
      mapping: 'JSON: índice da coluna → campo ({"0":"name","1":"phone","4":"custom:Plano"}); Nome é obrigatório',
      onDuplicate: "update (atualiza o contato com o mesmo telefone ou email, sem apagar campos) ou skip (ignora a linha)",
    },
    errors: { "403": "Acesso somente leitura (viewer)", "409": "Já há 3 importações em andamento neste workspace" },
  },
  {
    method: "get",
    path: "/contacts/export",
    summary: "Exportar os contatos filtrados em CSV (UTF-8 com BOM, separador ;), arquivo contatos-AAAA-MM-DD.csv, mais recentes primeiro",
    tag: "contatos",
    query: {
      search: "nome, telefone, email ou empresa",
      status: "lead, prospect, customer ou inactive",
      tags: "etiquetas separadas por vírgula (todas precisam estar no contato)",
      source: "origem do contato",
      channel: "web_chat, whatsapp_cloud, whatsapp_uaz, telegram ou instagram",
      validWhatsApp: "true ou false",
      listId: "só os contatos desta lista",
    },
    answers: { "200": "`text/csv`: cabeçalho e uma linha por contato" },
  },
  {
    method: "get",
    path: "/logs/export",
    summary: "Exportar as atividades filtradas (/logs) em CSV (UTF-8 com BOM, separador ;), arquivo atividades-AAAA-MM-DD.csv, mais recentes primeiro",
    tag: "atividades",
    query: {
      scope: "mine (as suas) ou workspace (todas do workspace: dono e quem gerencia membros)",
      period: "today, 7d, 30d (padrão), 90d, 365d ou custom",
      from: "AAAA-MM-DD (com period=custom)",
      to: "AAAA-MM-DD (com period=custom)",
      category: "auth, account, workspace, member, credits, billing, agent, training, channel, integration, conversation, crm, campaign ou admin",
      agentId: "só as atividades deste agente",
      userId: "só as atividades desta pessoa (scope=workspace)",
      search: "texto na descrição ou na ação",
    },
    answers: { "200": "`text/csv`: cabeçalho e uma linha por atividade" },
  },
  { method: "get", path: "/credit-usage/history", summary: "Créditos usados por dia", tag: "créditos", query: { period: "7, 15 ou 30" } },
  { method: "get", path: "/admin/model-pricing", summary: "Preços dos modelos", tag: "admin", auth: "admin" },
  { method: "post", path: "/admin/credits/grant", summary: "Conceder créditos bônus", tag: "admin", body: creditGrantInput, auth: "admin" },
  // Issue 19 (H5): support requests and bug reports.
  {
    method: "post",
    path: "/support/requests",
    summary: "Abrir um chamado de suporte ou enviar um bug report → 201 { message, data: { id } } (até 10 por hora por usuário)",
    tag: "suporte",
    multipart: {
      type: "bug, question, billing ou feature (opcional, padrão bug)",
      subject: "assunto, até 200 caracteres (opcional; um bug sem assunto vira \"Bug report\")",
      description: "a descrição, até 10.000 caracteres",
      priority: "low, medium, high ou urgent (opcional, padrão medium)",
      pageUrl: "a página onde o usuário estava (opcional)",
      appVersion: "a versão do app (opcional; o navegador vem do User-Agent)",
      attachments: "campo repetido, até 5 arquivos: imagens, PDF, DOC, DOCX, TXT (10 MB cada) e a gravação de tela WEBM (100 MB); o tipo é conferido pelos bytes",
    },
    errors: { "429": RATE_LIMITED },
  },
  // Issue 19: academy uploads (raw bodies streamed to disk).
  {
    method: "post",
    path: "/admin/academy/lessons/{id}/video",
    summary: "Enviar o vídeo de uma aula (substitui o anterior; a duração é lida do arquivo em segundo plano) → 201 { data: { lessonId, fileId, processingStatus: \"pending\" } }",
    tag: "academy",
    auth: "admin",
    params: ["id"],
    raw: { types: [...LESSON_VIDEO_TYPES], description: "os bytes do vídeo, até ACADEMY_VIDEO_MAX_MB (1024 MB por padrão)" },
    headers: { "X-File-Name": "nome do arquivo, codificado como URI", "X-Duration-Seconds": "duração contada pelo gravador (usada quando o arquivo não traz a duração)" },
  },
  {
    method: "post",
    path: "/admin/academy/lessons/{id}/materials",
    summary: "Enviar um material de apoio da aula → 201 { data: { id, fileId, title } }",
    tag: "academy",
    auth: "admin",
    params: ["id"],
    raw: { types: ["application/octet-stream"], description: "os bytes do arquivo (PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, TXT, ZIP, PNG ou JPG), até 50 MB; o tipo vem da extensão em X-File-Name" },
    headers: { "X-File-Name": "nome do arquivo com extensão, codificado como URI" },
  },
  // Issue 19 (H2): the certificate of a completed course.
  {
    method: "get",
    path: "/academy/certificates/{id}/pdf",
    summary: "Certificado de conclusão em PDF (A4 paisagem, com o código e a URL de verificação) para o dono ou um administrador; outros recebem 404",
    tag: "academy",
    params: ["id"],
    answers: { "200": "`application/pdf` como anexo" },
    errors: { "404": "Certificado não encontrado" },
  },
];

const errorSchema = {
  type: "object",
  properties: { error: { type: "object", properties: { code: { type: "string" }, message: { type: "string" } }, required: ["code", "message"] } },
};

const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: errorSchema } } });

const multipartSchema = (fields: Record<string, string>) => ({
  type: "object",
  required: Object.keys(fields),
  properties: Object.fromEntries(Object.entries(fields).map(([name, description]) => [name, name === "file" || name === "attachments" ? { type: "string", format: "binary", description } : { type: "string", description }])),
});

export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ops) {
    const parameters = [
      ...(op.params ?? []).map((name) => ({ name, in: "path", required: true, schema: { type: "string", format: "uuid" } })),
      ...Object.entries(op.query ?? {}).map(([name, description]) => ({ name, in: "query", required: false, description, schema: { type: "string" } })),
      ...Object.entries(op.headers ?? {}).map(([name, description]) => ({ name, in: "header", required: false, description, schema: { type: "string" } })),
    ];
    paths[op.path] ??= {};
    const target = paths[op.path] ?? {};
    target[op.method] = {
      summary: op.summary,
      tags: [op.tag],
      ...(parameters.length ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: z.toJSONSchema(op.body, { io: "input", unrepresentable: "any" }) } } } } : {}),
      ...(op.multipart ? { requestBody: { required: true, content: { "multipart/form-data": { schema: multipartSchema(op.multipart) } } } } : {}),
      ...(op.raw ? { requestBody: { required: true, description: op.raw.description, content: Object.fromEntries(op.raw.types.map((t) => [t, { schema: { type: "string", format: "binary" } }])) } } : {}),
      ...(op.auth === "none" ? { security: [] } : {}),
      responses: {
        "200": { description: "Sucesso: `{ data }`" },
        "4XX": errorResponse("Erro com mensagem em português"),
        ...(op.body || op.multipart || op.raw ? { "413": errorResponse("Corpo da requisição acima do limite da rota (PAYLOAD_TOO_LARGE)") } : {}),
        ...Object.fromEntries(Object.entries(op.errors ?? {}).map(([status, description]) => [status, errorResponse(description)])),
        ...Object.fromEntries(Object.entries(op.answers ?? {}).map(([status, description]) => [status, { description }])),
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Atenda API", version: "1", description: "API pública do Atenda. Escritas com cookie de sessão exigem o cabeçalho x-csrf-token igual ao cookie atenda_csrf." },
    servers: [{ url: `${serverUrl}/api/v1` }],
    components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "atenda_session" } } },
    security: [{ session: [] }],
    paths,
  };
}
