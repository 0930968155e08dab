import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { useStartValidation } from "../hooks/use-validation";

type Props = { kind: "campaign_list" | "lead_list"; listId: string; className?: string };

/**
 * "Validar WhatsApp" for a campaign list or a lead list (placed by those pages): asks, starts a run
 * on the workspace's first connected own-server WhatsApp and points to /validation for progress.
 */
export function ValidateButton({ kind, listId, className = "btn btn-sm" }: Props) {
  const [asking, setAsking] = useState(false);
  const [startedId, setStartedId] = useState<string | null>(null);
  const toast = useToast();
  const connections = useQuery(trpc.validation.connections.queryOptions());
  const start = useStartValidation();
  const connection = connections.data?.find((c) => c.connected);
  const confirm = () =>
    start.mutate(
      { connectionId: connection?.id ?? "", target: { kind, listId } },
      {
        onSuccess: (run) => {
          setAsking(false);
          setStartedId(run.id);
          toast({ title: "Validação iniciada", description: "Acompanhe o progresso em Validação." });
        },
        onError: (e) => {
          setAsking(false);
          toast({ variant: "destructive", title: "Não foi possível validar", description: trpcErrorMessage(e, "Tente novamente.") });
        },
      },
    );
  return (
    <>
      <button type="button" className={className} onClick={() => setAsking(true)} disabled={connections.isPending}>
        Validar WhatsApp
      </button>
      {startedId && (
        <Link href="/validation" className="link link-primary text-sm">
          Ver progresso da validação
        </Link>
      )}
      <ConfirmDialog
        open={asking}
        title="Validar números no WhatsApp?"
        tone="primary"
        confirmLabel="Validar"
        pending={start.isPending}
        description={
          connection
            ? `Os números desta lista serão verificados pelo WhatsApp ${connection.name}${connection.phoneNumber ? ` (+${connection.phoneNumber})` : ""}, em lotes, sem enviar mensagens.`
            : "Conecte um WhatsApp por servidor próprio (UAZAPI) em Canais para validar números. A API oficial do WhatsApp não oferece verificação de números."
        }
        onConfirm={() => (connection ? confirm() : setAsking(false))}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
