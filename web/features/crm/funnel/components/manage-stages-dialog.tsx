import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { DEFAULT_STAGE_COLOR, MAX_STAGES, createStageInput, updateStageInput } from "../../../../../src/schemas/crm/funnel";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Dialog } from "../../../../components/ui/dialog";
import { Icon } from "../../../../components/ui/icons";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import type { Pipeline } from "../hooks/use-funnel";

type Stage = Pipeline["stages"][number];
type Kind = "open" | "won" | "lost";
const KIND_LABEL: Record<Kind, string> = { open: "Em andamento", won: "Ganho", lost: "Perdido" };
const kindOf = (s: { isWon: boolean; isLost: boolean }): Kind => (s.isWon ? "won" : s.isLost ? "lost" : "open");
const flags = (k: Kind) => ({ isWon: k === "won", isLost: k === "lost" });

type Draft = { name: string; color: string; probability: string; kind: Kind };
const draftOf = (s: Stage): Draft => ({ name: s.name, color: s.color, probability: String(s.probability), kind: kindOf(s) });

/** One stage's row: its fields, save when changed, move up/down, delete (asks first). */
function StageRow({ stage, index, count, onSaved, onMove, onDelete }: { stage: Stage; index: number; count: number; onSaved: () => void; onMove: (dir: -1 | 1) => void; onDelete: () => void }) {
  const [d, setD] = useState<Draft>(draftOf(stage));
  const toast = useToast();
  const update = useMutation(trpc.funnel.stages.update.mutationOptions());
  const dirty = JSON.stringify(d) !== JSON.stringify(draftOf(stage));
  const input = { stageId: stage.id, patch: { name: d.name, color: d.color.toUpperCase(), probability: Number(d.probability), ...flags(d.kind) } };
  const parsed = updateStageInput.safeParse(input);
  const error = !parsed.success ? parsed.error.issues[0]?.message : update.isError ? trpcErrorMessage(update.error, "Não foi possível salvar") : null;
  function save(e: FormEvent) {
    e.preventDefault();
    if (!parsed.success) return;
    update.mutate(parsed.data, { onSuccess: () => { onSaved(); toast({ title: "Etapa salva" }); } });
  }
  return (
    <li className="rounded-box border border-base-300 p-3" data-testid="stage-row">
      <form onSubmit={save} className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-xs">
          Cor
          <input type="color" className="h-9 w-10 cursor-pointer rounded border border-base-300" aria-label={`Cor da etapa ${stage.name}`} value={d.color} onChange={(e) => setD({ ...d, color: e.target.value })} />
        </label>
        <label className="flex min-w-36 flex-1 flex-col gap-1 text-xs">
          Nome
          <input className="input input-sm w-full" aria-label={`Nome da etapa ${stage.name}`} value={d.name} maxLength={60} onChange={(e) => setD({ ...d, name: e.target.value })} />
        </label>
        <label className="flex w-24 flex-col gap-1 text-xs">
          Probab. (%)
          <input type="number" min={0} max={100} className="input input-sm w-full" aria-label={`Probabilidade da etapa ${stage.name}`} value={d.probability} onChange={(e) => setD({ ...d, probability: e.target.value })} />
        </label>
        <label className="flex flex-col gap-1 text-xs">
          Tipo
          <select className="select select-sm" aria-label={`Tipo da etapa ${stage.name}`} value={d.kind} onChange={(e) => setD({ ...d, kind: e.target.value as Kind })}>
            {(Object.keys(KIND_LABEL) as Kind[]).map((k) => (
              <option key={k} value={k}>
                {KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </label>
        <div className="flex gap-1">
          <button type="submit" className="btn btn-primary btn-sm" disabled={!dirty || update.isPending}>
            {update.isPending && <ButtonSpinner />}
            Salvar
          </button>
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={`Subir ${stage.name}`} disabled={index === 0} onClick={() => onMove(-1)}>
            <Icon name="arrowUp" className="size-4" />
          </button>
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={`Descer ${stage.name}`} disabled={index === count - 1} onClick={() => onMove(1)}>
            <Icon name="arrowDown" className="size-4" />
          </button>
          <button type="button" className="btn btn-ghost btn-sm btn-square text-error" aria-label={`Excluir ${stage.name}`} onClick={onDelete}>
            <Icon name="trash" className="size-4" />
          </button>
        </div>
      </form>
      {error && dirty && <p className="mt-1 text-error text-xs">{error}</p>}
    </li>
  );
}

/** "Gerenciar etapas": add, rename, recolour, reorder and delete the pipeline's stages. */
export function ManageStagesDialog({ open, onClose, pipeline, onChanged }: { open: boolean; onClose: () => void; pipeline: Pipeline; onChanged: () => void }) {
  const toast = useToast();
  const [adding, setAdding] = useState({ name: "", color: DEFAULT_STAGE_COLOR, probability: "0" });
  const [deleting, setDeleting] = useState<Stage | null>(null);
  const fail = (title: string) => (e: unknown) => toast({ title, description: trpcErrorMessage(e, "Tente novamente."), variant: "destructive" });
  const create = useMutation(trpc.funnel.stages.create.mutationOptions({ onSuccess: () => { onChanged(); setAdding({ name: "", color: DEFAULT_STAGE_COLOR, probability: "0" }); } }));
  const reorder = useMutation(trpc.funnel.stages.reorder.mutationOptions({ onSuccess: onChanged, onError: fail("Não foi possível reordenar") }));
  const remove = useMutation(trpc.funnel.stages.delete.mutationOptions({ onSuccess: () => { onChanged(); setDeleting(null); toast({ title: "Etapa excluída" }); }, onError: (e) => { setDeleting(null); fail("Não foi possível excluir a etapa")(e); } }));
  const newStage = createStageInput.safeParse({ pipelineId: pipeline.id, name: adding.name, color: adding.color.toUpperCase(), probability: Number(adding.probability) });
  const [tried, setTried] = useState(false);

  function move(index: number, dir: -1 | 1) {
    const ids = pipeline.stages.map((s) => s.id);
    const [id] = ids.splice(index, 1);
    if (!id) return;
    ids.splice(index + dir, 0, id);
    reorder.mutate({ pipelineId: pipeline.id, stageIds: ids });
  }
  function add(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (newStage.success) create.mutate(newStage.data, { onSuccess: () => setTried(false) });
  }
  const addError = tried && !newStage.success ? newStage.error.issues[0]?.message : create.isError ? trpcErrorMessage(create.error, "Não foi possível adicionar") : null;

  return (
    <Dialog open={open} onClose={onClose} title="Gerenciar etapas" description={`Etapas do funil "${pipeline.name}", na ordem do quadro.`} size="lg">
      <ol className="flex flex-col gap-2" aria-label="Etapas">
        {pipeline.stages.map((s, i) => (
          <StageRow key={`${s.id}:${s.updatedAt}`} stage={s} index={i} count={pipeline.stages.length} onSaved={onChanged} onMove={(dir) => move(i, dir)} onDelete={() => setDeleting(s)} />
        ))}
      </ol>
      {pipeline.stages.length < MAX_STAGES && (
        <form onSubmit={add} noValidate className="mt-4 flex flex-wrap items-end gap-2 border-base-300 border-t pt-4">
          <label className="flex flex-col gap-1 text-xs">
            Cor
            <input type="color" className="h-9 w-10 cursor-pointer rounded border border-base-300" aria-label="Cor da nova etapa" value={adding.color} onChange={(e) => setAdding({ ...adding, color: e.target.value })} />
          </label>
          <label className="flex min-w-36 flex-1 flex-col gap-1 text-xs">
            Nova etapa
            <input className="input input-sm w-full" aria-label="Nome da nova etapa" placeholder="Ex.: Demonstração" value={adding.name} onChange={(e) => setAdding({ ...adding, name: e.target.value })} aria-invalid={!!addError} />
          </label>
          <label className="flex w-24 flex-col gap-1 text-xs">
            Probab. (%)
            <input type="number" min={0} max={100} className="input input-sm w-full" aria-label="Probabilidade da nova etapa" value={adding.probability} onChange={(e) => setAdding({ ...adding, probability: e.target.value })} />
          </label>
          <button type="submit" className="btn btn-sm btn-primary" disabled={create.isPending}>
            {create.isPending ? <ButtonSpinner /> : <Icon name="plus" className="size-4" />}
            Adicionar etapa
          </button>
          {addError && (
            <p role="alert" className="w-full text-error text-xs">
              {addError}
            </p>
          )}
        </form>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir etapa?"
        description={`A etapa "${deleting?.name ?? ""}" será excluída. Uma etapa com negócios não pode ser excluída: mova-os antes.`}
        confirmLabel="Excluir etapa"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ stageId: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </Dialog>
  );
}
