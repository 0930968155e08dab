import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Dialog } from "../../../components/ui/dialog";
import { SelectInput, TextArea, TextInput } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import type { SuggestionCategory } from "../../../../src/schemas/suggestions";
import { SUGGESTION_DESCRIPTION_MAX, SUGGESTION_TITLE_MAX, suggestionCreateInput } from "../../../../src/schemas/suggestions-api";
import { categoryOptions } from "./suggestion-badges";

export type EditableSuggestion = { id: string; title: string; description: string; category: string };
type Errors = Partial<Record<"title" | "description" | "category", string>>;

/** New suggestion, or the author's edit of a pending one (`editing`). Checked with the server's own contract first. */
export function SuggestionFormDialog({ open, editing, onClose }: { open: boolean; editing: EditableSuggestion | null; onClose: () => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [category, setCategory] = useState<SuggestionCategory>("geral");
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (!open) return;
    setTitle(editing?.title ?? "");
    setDescription(editing?.description ?? "");
    setCategory((editing?.category as SuggestionCategory | undefined) ?? "geral");
    setErrors({});
  }, [open, editing]);

  const done = async (msg: string) => {
    toast({ title: msg });
    onClose();
    await qc.invalidateQueries({ queryKey: trpc.suggestions.list.queryKey() });
  };
  const fail = (e: unknown) => toast({ variant: "destructive", title: "Não foi possível salvar", description: trpcErrorMessage(e, "Tente novamente.") });
  const create = useMutation(trpc.suggestions.create.mutationOptions({ onSuccess: () => done("Sugestão enviada! Obrigado pela ideia."), onError: fail }));
  const update = useMutation(trpc.suggestions.update.mutationOptions({ onSuccess: () => done("Sugestão atualizada"), onError: fail }));
  const pending = create.isPending || update.isPending;

  const submit = () => {
    const parsed = suggestionCreateInput.safeParse({ title, description, category });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    if (editing) update.mutate({ id: editing.id, ...parsed.data });
    else create.mutate(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? "Editar sugestão" : "Nova sugestão"}
      description="Conte o que faria a Atenda mais útil para você. Outras pessoas poderão votar."
      size="lg"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={pending}>
            Cancelar
          </button>
          <button type="button" className="btn btn-primary" onClick={submit} disabled={pending}>
            {pending && <ButtonSpinner />}
            {editing ? "Salvar" : "Enviar sugestão"}
          </button>
        </>
      }
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextInput label="Título" value={title} onChange={setTitle} error={errors.title} max={SUGGESTION_TITLE_MAX} placeholder="Ex.: Relatório semanal por e-mail" />
        <TextArea
          label="Descrição"
          value={description}
          onChange={setDescription}
          error={errors.description}
          max={SUGGESTION_DESCRIPTION_MAX}
          rows={5}
          placeholder="Qual problema isso resolve? Como você usaria?"
        />
        <SelectInput label="Categoria" value={category} onChange={(v) => setCategory(v as SuggestionCategory)} options={categoryOptions} error={errors.category} />
      </form>
    </Dialog>
  );
}
