import type { FormEvent } from "react";
import { telegramConfigInput } from "../../../../../src/schemas/channels";
import { TextInput } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { type ConnectionOf, useConnectTelegram } from "../../hooks/use-channels";
import { useSectionForm } from "../../hooks/use-section-form";
import { useReportDirty } from "../sections/types";
import { ServerError } from "../training/form-bits";
import { ChannelCardHeader } from "./card-header";
import { DisconnectButton } from "./disconnect-button";
import { TestConnection } from "./test-connection";

type Props = { agentId: string; connection: ConnectionOf<"telegram"> | undefined; canEdit: boolean; onDirtyChange: (dirty: boolean) => void };

/** Telegram: a bot token from @BotFather, checked with getMe; webhook with a public https URL, long polling otherwise. */
export function TelegramCard({ agentId, connection, canEdit, onDirtyChange }: Props) {
  const form = useSectionForm(telegramConfigInput, { botToken: "" });
  useReportDirty(!connection && form.dirty, onDirtyChange);
  const connect = useConnectTelegram(agentId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (connect.isPending || !canEdit) return;
    const input = form.validate();
    if (input) connect.mutate({ agentId, ...input });
  };

  return (
    <section aria-label="Telegram" className="rounded-box border border-base-300 p-4">
      <ChannelCardHeader
        icon="send"
        iconClass="text-info"
        title="Telegram"
        description="Um bot do Telegram atendendo pelo agente. Crie o bot com o @BotFather e cole o token."
        status={connection ? { label: "Conectado", tone: "success" } : { label: "Não conectado", tone: "ghost" }}
        testId="telegram-status"
        configured={connection?.configured}
      />
      {connection ? (
        <div className="flex flex-col gap-4">
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-base-content/60 text-xs">Bot</dt>
              <dd data-testid="telegram-bot" className="font-medium">
                {connection.botUsername ? `@${connection.botUsername}` : connection.botId}
              </dd>
            </div>
            <div>
              <dt className="text-base-content/60 text-xs">Modo</dt>
              <dd data-testid="telegram-mode">{connection.mode === "polling" ? "long polling (sem URL pública)" : "webhook"}</dd>
            </div>
          </dl>
          <TestConnection agentId={agentId} connection={connection} />
          <div className="flex justify-end">
            <DisconnectButton
              agentId={agentId}
              connectionId={connection.id}
              disabled={!canEdit}
              title="Desconectar o Telegram?"
              description="O agente deixará de responder por este bot. O token salvo será apagado."
            />
          </div>
        </div>
      ) : (
        <form onSubmit={submit} aria-label="Conexão do Telegram" className="flex flex-col gap-4" noValidate>
          <TextInput
            label="Token do bot"
            type="password"
            value={form.values.botToken}
            onChange={(x) => form.set("botToken", x)}
            error={form.errors.botToken}
            hint="Ex.: 123456789:AA… — o @BotFather mostra o token ao criar o bot."
            disabled={!canEdit || connect.isPending}
          />
          <ServerError error={connect.error} />
          <div className="flex justify-end">
            <button type="submit" className="btn btn-primary btn-sm" disabled={!canEdit || connect.isPending}>
              {connect.isPending && <ButtonSpinner />}
              Conectar
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
