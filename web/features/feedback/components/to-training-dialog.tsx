import { useState } from "react";
import { Dialog } from "../../../components/ui/dialog";
import { TextArea, TextInput } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { trpcErrorMessage } from "../../../lib/trpc";
import { feedbackToTrainingInput } from "../../../../src/schemas/feedback";
import { type FeedbackItem, useFeedbackToTraining } from "../hooks/use-feedback";

const defaultTitle = (item: FeedbackItem) => {
  const q = item.userMessage?.trim() || item.agentResponse.trim();
  return q.length > 60 ? `${q.slice(0, 57).trim()}…` : q;
};

/**
 * "Transformar em texto de treinamento": the customer's question and the answer the agent should
 * give (prefilled with the one it gave, to be corrected), saved as a text of the agent's training.
 */
export function ToTrainingDialog({ agentId, item, onClose }: { agentId: string; item: FeedbackItem; onClose: () => void }) {
  const [title, setTitle] = useState(() => defaultTitle(item));
  const [content, setContent] = useState(item.agentResponse);
  const [errors, setErrors] = useState<{ title?: string; content?: string; form?: string }>({});
  const save = useFeedbackToTraining(agentId);

  const submit = () => {
    const parsed = feedbackToTrainingInput.safeParse({ id: item.id, title, content });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === "title" || key === "content") && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onSuccess: onClose, onError: (e) => setErrors({ form: trpcErrorMessage(e, "Não foi possível criar o texto de treinamento.") }) });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title="Transformar em texto de treinamento"
      description="O agente vai aprender a resposta correta para esta pergunta. Corrija a resposta abaixo antes de salvar."
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={save.isPending}>
            Cancelar
          </button>
          <button type="button" className="btn btn-primary" onClick={submit} disabled={save.isPending}>
            {save.isPending && <ButtonSpinner />}
            Criar texto de treinamento
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="rounded-box bg-base-200 p-3 text-sm">
          <p className="font-medium text-base-content/70 text-xs">Pergunta do cliente</p>
          <p className="whitespace-pre-wrap">{item.userMessage?.trim() || "(sem mensagem do cliente)"}</p>
        </div>
        <TextInput label="Título" value={title} onChange={setTitle} error={errors.title} max={120} />
        <TextArea label="Resposta correta" value={content} onChange={setContent} error={errors.content} max={10000} rows={6} hint="Preenchida com a resposta que o agente deu: corrija o que estiver errado." />
        {errors.form && (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            {errors.form}
          </div>
        )}
      </div>
    </Dialog>
  );
}
