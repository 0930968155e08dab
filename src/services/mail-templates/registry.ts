/**
 * Every mail the platform sends, by type: its pt-BR name, the variables it may use and its built-in
 * default. The admin edits a copy in email_templates (/admin/modelos-emails); a type without an
 * active row is sent with the default here. Add a type here before sending it.
 * Every platform mail goes through here (send.ts); the agents' own business mails do not.
 */
export type MailTemplateDefault = {
  name: string;
  /** Names usable as {{name}} in subject, text and html; appUrl and productName always exist. */
  variables: readonly string[];
  subject: string;
  text: string;
  html: string;
  /** Example values for the preview, the demo page and test sends (missing ones show as [name]). */
  sample?: Record<string, string>;
};

export const MAIL_TEMPLATES = {
  "verify-email": {
    name: "Confirmação de email (cadastro)",
    variables: ["firstName", "verifyUrl"],
    subject: "Confirme seu email no {{productName}}",
    text: "Olá, {{firstName}}!\n\nConfirme seu email para ativar sua conta no {{productName}}: {{verifyUrl}}\n\nO link expira em 48 horas.",
    html: '<p>Olá, {{firstName}}!</p><p>Confirme seu email para ativar sua conta no {{productName}}: <a href="{{verifyUrl}}">confirmar email</a>.</p><p>O link expira em 48 horas.</p>',
    sample: { firstName: "Carla", verifyUrl: "https://atenda.exemplo.com.br/verify-email?token=exemplo" },
  },
  "reset-password": {
    name: "Redefinição de senha",
    variables: ["firstName", "resetUrl"],
    subject: "Redefinição de senha do {{productName}}",
    text: "Olá, {{firstName}}!\n\nRecebemos um pedido para redefinir sua senha. Para criar uma nova senha, acesse: {{resetUrl}}\n\nO link expira em 1 hora. Se você não pediu, ignore este email.",
    html: '<p>Olá, {{firstName}}!</p><p>Recebemos um pedido para redefinir sua senha. <a href="{{resetUrl}}">Criar uma nova senha</a>.</p><p>O link expira em 1 hora. Se você não pediu, ignore este email.</p>',
    sample: { firstName: "Carla", resetUrl: "https://atenda.exemplo.com.br/reset-password?token=exemplo" },
  },
  "workspace-invitation": {
    name: "Convite para workspace",
    variables: ["inviterName", "workspaceName", "inviteUrl"],
    subject: "Convite para o workspace {{workspaceName}} no {{productName}}",
    text: '{{inviterName}} convidou você para participar do workspace "{{workspaceName}}" no {{productName}}.\n\nPara aceitar, acesse: {{inviteUrl}}\n\nO convite expira em 7 dias.',
    html: '<p>{{inviterName}} convidou você para participar do workspace <strong>{{workspaceName}}</strong> no {{productName}}.</p><p><a href="{{inviteUrl}}">Aceitar o convite</a></p><p>O convite expira em 7 dias.</p>',
    sample: { inviterName: "Carla Souza", workspaceName: "Loja Exemplo", inviteUrl: "https://atenda.exemplo.com.br/convite?token=exemplo" },
  },
  "spend-cap-reached": {
    name: "Limite de uso atingido (alerta)",
    variables: ["capName", "workspaceName", "month"],
    subject: "Limite de uso atingido",
    text: 'O limite mensal de créditos {{capName}} foi atingido no workspace {{workspaceName}} ({{month}}). Os clientes afetados recebem a mensagem "Limite de uso atingido" até o próximo mês ou até você aumentar o limite em Faturamento.',
    html: '<p>O limite mensal de créditos {{capName}} foi atingido no workspace <strong>{{workspaceName}}</strong> ({{month}}).</p><p>Os clientes afetados recebem a mensagem "Limite de uso atingido" até o próximo mês ou até você <a href="{{appUrl}}/faturamento">aumentar o limite em Faturamento</a>.</p>',
    sample: { capName: "do workspace", workspaceName: "Loja Exemplo", month: "2026-11" },
  },
  "email-change-requested": {
    name: "Aviso de troca de email (endereço atual)",
    variables: ["firstName", "newEmail"],
    subject: "Pedido de troca do email da sua conta no {{productName}}",
    text: "Olá, {{firstName}}!\n\nFoi pedida a troca do email da sua conta para {{newEmail}}. A troca só vale depois que o link enviado ao novo endereço for aberto.\n\nSe não foi você, troque a sua senha agora em {{appUrl}}/account (isso cancela o pedido) ou redefina-a em {{appUrl}}/forgot-password.",
    sample: { firstName: "Carla", newEmail: "carla.nova@exemplo.com.br" },
    html: '<p>Olá, {{firstName}}!</p><p>Foi pedida a troca do email da sua conta para <strong>{{newEmail}}</strong>. A troca só vale depois que o link enviado ao novo endereço for aberto.</p><p>Se não foi você, <a href="{{appUrl}}/account">troque a sua senha agora</a> (isso cancela o pedido) ou <a href="{{appUrl}}/forgot-password">redefina-a</a>.</p>',
  },
  "email-change": {
    name: "Confirmação de novo email",
    variables: ["firstName", "newEmail", "confirmUrl"],
    subject: "Confirme seu novo email no {{productName}}",
    text: "Olá, {{firstName}}!\n\nPara passar a usar {{newEmail}} na sua conta, abra o link abaixo (válido por 24 horas):\n{{confirmUrl}}\n\nSe você não pediu essa troca, ignore este email.",
    sample: { firstName: "Carla", newEmail: "carla.nova@exemplo.com.br", confirmUrl: "https://atenda.exemplo.com.br/verify-email?type=email-change&token=exemplo" },
    html: '<p>Olá, {{firstName}}!</p><p>Para passar a usar <strong>{{newEmail}}</strong> na sua conta, <a href="{{confirmUrl}}">confirme o novo email</a> (válido por 24 horas).</p><p>Se você não pediu essa troca, ignore este email.</p>',
  },
  "password-changed": {
    name: "Senha alterada",
    variables: ["firstName"],
    subject: "Sua senha do {{productName}} foi alterada",
    text: "Olá, {{firstName}}!\n\nA senha da sua conta acabou de ser alterada e as outras sessões foram encerradas. Se não foi você, redefina a senha em {{appUrl}}/forgot-password.",
    sample: { firstName: "Carla" },
    html: '<p>Olá, {{firstName}}!</p><p>A senha da sua conta acabou de ser alterada e as outras sessões foram encerradas.</p><p>Se não foi você, <a href="{{appUrl}}/forgot-password">redefina a senha</a>.</p>',
  },
  "account-suspended": {
    name: "Conta suspensa",
    variables: ["firstName", "reason"],
    subject: "Sua conta no {{productName}} foi suspensa",
    text: "Olá, {{firstName}}.\n\nSua conta foi suspensa por um administrador. Motivo: {{reason}}\n\nSeus agentes não respondem enquanto a conta estiver suspensa. Responda a este email para falar com o suporte.",
    sample: { firstName: "Carla", reason: "Envio de mensagens em massa não solicitadas" },
    html: "<p>Olá, {{firstName}}.</p><p>Sua conta foi suspensa por um administrador. Motivo: {{reason}}</p><p>Seus agentes não respondem enquanto a conta estiver suspensa. Responda a este email para falar com o suporte.</p>",
  },
  "account-reactivated": {
    name: "Conta reativada",
    variables: ["firstName"],
    subject: "Sua conta no {{productName}} foi reativada",
    text: "Olá, {{firstName}}!\n\nSua conta foi reativada por um administrador. Você já pode entrar de novo em {{appUrl}}/login e seus agentes voltam a responder.",
    html: '<p>Olá, {{firstName}}!</p><p>Sua conta foi reativada por um administrador. Você já pode <a href="{{appUrl}}/login">entrar de novo</a> e seus agentes voltam a responder.</p>',
  },
  "agent-blocked": {
    name: "Agente desativado pela administração",
    variables: ["firstName", "agentName", "workspaceName", "reason"],
    subject: "O agente {{agentName}} foi desativado no {{productName}}",
    text: 'Olá, {{firstName}}.\n\nO agente "{{agentName}}" do workspace {{workspaceName}} foi desativado pela administração da plataforma. Motivo: {{reason}}\n\nEle não responde ninguém enquanto estiver desativado e não pode ser reativado por você. Responda a este email para falar com o suporte.',
    html: '<p>Olá, {{firstName}}.</p><p>O agente <strong>{{agentName}}</strong> do workspace {{workspaceName}} foi desativado pela administração da plataforma. Motivo: {{reason}}</p><p>Ele não responde ninguém enquanto estiver desativado e não pode ser reativado por você. Responda a este email para falar com o suporte.</p>',
    sample: { firstName: "Carla", agentName: "Agente Demo", workspaceName: "Loja Exemplo", reason: "Envio de mensagens em massa não solicitadas" },
  },
  "handoff-requested": {
    name: "Cliente aguardando um atendente (transferência)",
    variables: ["firstName", "clientName", "reason", "notes", "lastMessage", "conversationUrl"],
    subject: "{{clientName}} está aguardando um atendente",
    text: "Olá, {{firstName}}!\n\n{{clientName}} pediu para falar com uma pessoa ({{reason}}). {{notes}}\n\nÚltima mensagem: {{lastMessage}}\n\nAceite o atendimento em: {{conversationUrl}}",
    html: '<p>Olá, {{firstName}}!</p><p><strong>{{clientName}}</strong> pediu para falar com uma pessoa ({{reason}}). {{notes}}</p><p>Última mensagem: {{lastMessage}}</p><p><a href="{{conversationUrl}}">Aceitar o atendimento</a></p>',
    sample: { firstName: "Carla", clientName: "Maria Souza", reason: "Pedido do cliente", notes: "O cliente pediu um atendente", lastMessage: "Quero falar com uma pessoa", conversationUrl: "https://atenda.exemplo.com.br/conversations?c=exemplo" },
  },
  "sentiment-alert": {
    name: "Alerta de sentimento",
    variables: ["firstName", "ruleName", "clientName", "agentName", "lastMessage", "conversationUrl"],
    subject: "Alerta: {{ruleName}} ({{clientName}})",
    text: "Olá, {{firstName}}!\n\nO alerta \"{{ruleName}}\" disparou na conversa de {{clientName}} com o agente {{agentName}}.\n\nÚltima mensagem: {{lastMessage}}\n\nVeja a conversa em: {{conversationUrl}}",
    html: '<p>Olá, {{firstName}}!</p><p>O alerta <strong>{{ruleName}}</strong> disparou na conversa de {{clientName}} com o agente {{agentName}}.</p><p>Última mensagem: {{lastMessage}}</p><p><a href="{{conversationUrl}}">Ver a conversa</a></p>',
    sample: { firstName: "Carla", ruleName: "3 mensagens negativas seguidas", clientName: "Maria Souza", agentName: "Ana Atendente", lastMessage: "Péssimo atendimento, ninguém resolve", conversationUrl: "https://atenda.exemplo.com.br/conversations?c=exemplo" },
  },
  "support-reply": {
    name: "Resposta a um chamado de suporte",
    variables: ["firstName", "subject", "reply", "status", "requestUrl"],
    subject: "Resposta ao seu chamado: {{subject}}",
    text: "Olá, {{firstName}}!\n\nA equipe de suporte respondeu ao seu chamado \"{{subject}}\" (situação: {{status}}):\n\n{{reply}}\n\nVeja e responda em: {{requestUrl}}",
    html: '<p>Olá, {{firstName}}!</p><p>A equipe de suporte respondeu ao seu chamado <strong>{{subject}}</strong> (situação: {{status}}):</p><blockquote>{{reply}}</blockquote><p><a href="{{requestUrl}}">Ver e responder</a></p>',
    sample: { firstName: "Carla", subject: "Erro ao conectar o WhatsApp", reply: "Olá! Corrigimos o problema, tente conectar de novo.", status: "Resolvido", requestUrl: "https://atenda.exemplo.com.br/meus-chamados/exemplo" },
  },
  "suggestion-update": {
    name: "Atualização de uma sugestão de funcionalidade",
    variables: ["firstName", "title", "status", "reply", "suggestionsUrl"],
    subject: "Sua sugestão \"{{title}}\" foi atualizada",
    text: "Olá, {{firstName}}!\n\nSua sugestão \"{{title}}\" agora está: {{status}}.\n\n{{reply}}\n\nVeja as sugestões em: {{suggestionsUrl}}",
    html: '<p>Olá, {{firstName}}!</p><p>Sua sugestão <strong>{{title}}</strong> agora está: {{status}}.</p><p>{{reply}}</p><p><a href="{{suggestionsUrl}}">Ver as sugestões</a></p>',
    sample: { firstName: "Carla", title: "Relatório semanal por e-mail", status: "Planejada", reply: "Obrigado! Entrou no planejamento do próximo trimestre.", suggestionsUrl: "https://atenda.exemplo.com.br/feature-suggestions" },
  },
} satisfies Record<string, MailTemplateDefault>;

export type MailTemplateType = keyof typeof MAIL_TEMPLATES;
export const MAIL_TEMPLATE_TYPES = Object.keys(MAIL_TEMPLATES) as MailTemplateType[];
