/**
 * The e-mail ToolProvider: `enviar_email_empresa` (assunto, mensagem) when the agent's e-mail
 * integration is enabled with recipients. The conversation's details are appended to the text.
 */
import type { AgentRow } from "../../runtime/prompt";
import type { ToolContext, ToolProvider } from "../../runtime/tools";
import { EMAIL_TOOL, emailToolArgs } from "../../schemas/email-integration";
import type { AppDeps } from "../../services/context";
import { EmailSendError, activeEmailConfig, sendWithConfig } from "./send";

/** Who, where and what: the lines appended to every e-mail the agent sends about a conversation. */
export function conversationLines(deps: AppDeps, ctx: Partial<ToolContext> & Pick<ToolContext, "channel" | "customer">) {
  return [
    `Canal: ${ctx.channel}`,
    ctx.conversationId ? `Conversa: ${ctx.conversationId} (${deps.appUrl}/conversations)` : null,
    ctx.customer.name ? `Cliente: ${ctx.customer.name}` : null,
    ctx.customer.phone ? `Telefone: ${ctx.customer.phone}` : null,
    ctx.customer.email ? `E-mail: ${ctx.customer.email}` : null,
    ctx.text ? `Mensagem do cliente: ${ctx.text}` : null,
  ].filter((l): l is string => l !== null);
}

export const emailTools: ToolProvider = async (deps, agent: AgentRow, ctx) => {
  const cfg = await activeEmailConfig(deps, agent);
  if (!cfg) return [];
  return [
    {
      name: EMAIL_TOOL,
      description:
        "Envia um e-mail para a equipe da empresa (não para o cliente) com um pedido, reclamação, orçamento ou recado que precisa de atenção humana. Escreva um assunto curto e a mensagem com os dados do cliente.",
      parameters: {
        type: "object",
        properties: {
          assunto: { type: "string", description: "Assunto curto do e-mail" },
          mensagem: { type: "string", description: "Texto do e-mail com o que a equipe precisa saber" },
        },
        required: ["assunto", "mensagem"],
      },
      timeoutMs: 40_000,
      run: async (args, signal) => {
        const parsed = emailToolArgs.safeParse(args);
        if (!parsed.success) throw new EmailSendError(parsed.error.issues[0]?.message ?? "Informe assunto e mensagem");
        const text = [parsed.data.mensagem, "", `— Enviado pelo agente ${agent.name}`, ...conversationLines(deps, ctx)].join("\n");
        await sendWithConfig(deps, cfg, { subject: parsed.data.assunto, text, template: "agent-business-email" }, signal);
        return { data: { enviado: true, destinatarios: cfg.recipients.length } };
      },
    },
  ];
};
