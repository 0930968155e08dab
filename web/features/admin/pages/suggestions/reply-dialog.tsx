import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Dialog } from "../../../../components/ui/dialog";
import { TextArea } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { SUGGESTION_REPLY_MAX, adminSuggestionReplyInput } from "../../../../../src/schemas/suggestions-api";

type Target = { id: string; title: string; adminReply: string | null };

/** The team's public answer on a suggestion; the author is e-mailed with it. */
export function ReplyDialog({ target, onClose }: { target: Target | null; onClose: () => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [reply, setReply] = useState("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setReply(target?.adminReply ?? "");
    setError(null);
  }, [target]);
  const send = useMutation(
    trpc.adminSuggestions.reply.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Resposta enviada", description: "O autor foi avisado por e-mail." });
        onClose();
        await qc.invalidateQueries({ queryKey: trpc.adminSuggestions.list.queryKey() });
      },
      onError: (e) => setError(trpcErrorMessage(e, "Não foi possível enviar a resposta.")),
    }),
  );
  const submit = () => {
    if (!target) return;
    const parsed = adminSuggestionReplyInput.safeParse({ id: target.id, reply });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Resposta inválida");
    send.mutate(parsed.data);
  };
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      title="Responder sugestão"
      description={target?.title}
      size="lg"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={send.isPending}>
            Cancelar
          </button>
          <button type="button" className="btn btn-primary" onClick={submit} disabled={send.isPending}>
            {send.isPending && <ButtonSpinner />}
            Enviar resposta
          </button>
        </>
      }
    >
      <TextArea label="Resposta" value={reply} onChange={setReply} error={error} max={SUGGESTION_REPLY_MAX} rows={5} hint="Aparece para todos no quadro de sugestões." />
    </Dialog>
  );
}
