import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../../../components/ui/confirm-dialog";
import { Dialog } from "../../../../../components/ui/dialog";
import { NumberInput, TextInput } from "../../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../../components/ui/spinner";
import { useToast } from "../../../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../../../lib/trpc";
import { RECORDING_LIMITS, type RecordingTemplate, type RecordingTemplateInput, recordingTemplateCreateInput } from "../../../../../../src/schemas/academy/recording";

const EMPTY: RecordingTemplateInput = { name: "", width: 1920, height: 1080, frameRate: 30, withMicrophone: true, isDefault: false };

type Props = { open: boolean; onClose: () => void; templates: RecordingTemplate[] };

/** "Modelos de gravação": list, create, edit and delete (asks first) the resolution/fps presets. */
export function RecordingTemplatesDialog({ open, onClose, templates }: Props) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState<RecordingTemplate | "new" | null>(null);
  const [form, setForm] = useState<RecordingTemplateInput>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<RecordingTemplate | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.adminAcademyRecording.templates.list.queryKey() });
  const create = useMutation(trpc.adminAcademyRecording.templates.create.mutationOptions());
  const update = useMutation(trpc.adminAcademyRecording.templates.update.mutationOptions());
  const remove = useMutation(trpc.adminAcademyRecording.templates.delete.mutationOptions());

  const edit = (t: RecordingTemplate | "new") => {
    setEditing(t);
    setError(null);
    setForm(t === "new" ? EMPTY : { name: t.name, width: t.width, height: t.height, frameRate: t.frameRate, withMicrophone: t.withMicrophone, isDefault: t.isDefault });
  };

  const save = async () => {
    const parsed = recordingTemplateCreateInput.safeParse(form);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Confira os campos.");
      return;
    }
    try {
      if (editing === "new") await create.mutateAsync(parsed.data);
      else if (editing) await update.mutateAsync({ id: editing.id, ...parsed.data });
      await refresh();
      toast({ title: "Modelo salvo" });
      setEditing(null);
    } catch (e) {
      setError(trpcErrorMessage(e, "Não foi possível salvar o modelo."));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting.id });
      await refresh();
      toast({ title: "Modelo excluído" });
    } catch (e) {
      toast({ title: "Não foi possível excluir", description: trpcErrorMessage(e, "Tente novamente."), variant: "destructive" });
    }
    setDeleting(null);
  };

  const pending = create.isPending || update.isPending;
  return (
    <>
      <Dialog open={open && !deleting} onClose={onClose} title="Modelos de gravação" description="Resolução e quadros por segundo de cada gravação." size="lg">
        {editing ? (
          <form
            className="grid gap-3 sm:grid-cols-2"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <TextInput label="Nome do modelo" value={form.name} onChange={(name) => setForm({ ...form, name })} max={RECORDING_LIMITS.nameMax} className="sm:col-span-2" autoFocus />
            <NumberInput label="Largura" suffix="px" value={form.width} min={RECORDING_LIMITS.minWidth} max={RECORDING_LIMITS.maxWidth} onChange={(width) => setForm({ ...form, width })} />
            <NumberInput label="Altura" suffix="px" value={form.height} min={RECORDING_LIMITS.minHeight} max={RECORDING_LIMITS.maxHeight} onChange={(height) => setForm({ ...form, height })} />
            <NumberInput label="Quadros por segundo" suffix="fps" value={form.frameRate} min={RECORDING_LIMITS.minFps} max={RECORDING_LIMITS.maxFps} onChange={(frameRate) => setForm({ ...form, frameRate })} />
            <div className="flex flex-col justify-end gap-2">
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="checkbox checkbox-sm" checked={form.withMicrophone} onChange={(e) => setForm({ ...form, withMicrophone: e.target.checked })} />
                Gravar o microfone
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="checkbox checkbox-sm" checked={form.isDefault} onChange={(e) => setForm({ ...form, isDefault: e.target.checked })} />
                Modelo padrão
              </label>
            </div>
            {error && (
              <p role="alert" className="text-error text-sm sm:col-span-2">
                {error}
              </p>
            )}
            <div className="flex justify-end gap-2 sm:col-span-2">
              <button type="button" className="btn btn-ghost" onClick={() => setEditing(null)}>
                Cancelar
              </button>
              <button type="submit" className="btn btn-primary" disabled={pending}>
                {pending && <ButtonSpinner />}
                Salvar modelo
              </button>
            </div>
          </form>
        ) : (
          <div className="flex flex-col gap-3">
            <ul className="divide-y divide-base-300 rounded-box border border-base-300">
              {templates.map((t) => (
                <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {t.name} {t.isDefault && <span className="badge badge-primary badge-sm">Padrão</span>}
                    </p>
                    <p className="text-base-content/60 text-xs">
                      {t.width}×{t.height} · {t.frameRate} fps · {t.withMicrophone ? "com microfone" : "sem microfone"}
                    </p>
                  </div>
                  <div className="flex gap-1">
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => edit(t)} aria-label={`Editar ${t.name}`}>
                      Editar
                    </button>
                    <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setDeleting(t)} aria-label={`Excluir ${t.name}`} disabled={templates.length <= 1}>
                      Excluir
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <div className="flex justify-end">
              <button type="button" className="btn btn-outline btn-sm" onClick={() => edit("new")}>
                Novo modelo
              </button>
            </div>
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir modelo?"
        description={`O modelo "${deleting?.name ?? ""}" deixará de aparecer na gravação.`}
        confirmLabel="Excluir"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
