import { type FormEvent, type ReactNode, useState } from "react";
import { trainingTextInput, trainingVideoInput, trainingWebsiteInput } from "../../../../../src/schemas/training";
import { Dialog } from "../../../../components/ui/dialog";
import { SelectInput, TextArea, TextInput } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { trpcErrorMessage } from "../../../../lib/trpc";
import { useSectionForm } from "../../hooks/use-section-form";
import { type TrainingSource, useDiscover, useUpdateSource } from "../../hooks/use-training";
import { ServerError } from "./form-bits";
import { sourceLabel } from "./source-item";
import { SubpagePicker } from "./subpage-picker";
import { FREQUENCY_OPTIONS, type UpdateFrequency } from "./training-format";
import { TRANSCRIPT_PLACEHOLDER } from "./video-form";

type Props = { agentId: string; source: TrainingSource | null; onClose: () => void };

const TITLES = { text: "Editar texto", website: "Editar site", video: "Editar vídeo", document: "Documento" } as const;

/** Edits what can change in place; saving queues the source for training again. */
export function SourceEditDialog({ agentId, source, onClose }: Props) {
  return (
    <Dialog open={source !== null} onClose={onClose} title={source ? TITLES[source.sourceType] : ""} size="lg" description={source ? sourceLabel(source) : undefined}>
      {source?.sourceType === "text" && <EditText key={source.id} agentId={agentId} source={source} onDone={onClose} />}
      {source?.sourceType === "website" && <EditWebsite key={source.id} agentId={agentId} source={source} onDone={onClose} />}
      {source?.sourceType === "video" && <EditVideo key={source.id} agentId={agentId} source={source} onDone={onClose} />}
    </Dialog>
  );
}

type EditProps = { agentId: string; source: TrainingSource; onDone: () => void };

function EditShell({ label, error, pending, dirty, onSubmit, onCancel, children }: { label: string; error: unknown; pending: boolean; dirty: boolean; onSubmit: () => void; onCancel: () => void; children: ReactNode }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <form onSubmit={submit} aria-label={label} className="flex flex-col gap-4" noValidate>
      {children}
      <ServerError error={error} />
      <div className="modal-action mt-0">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={pending}>
          Cancelar
        </button>
        <button type="submit" className="btn btn-primary" disabled={pending || !dirty}>
          {pending && <ButtonSpinner />}
          Salvar e treinar
        </button>
      </div>
    </form>
  );
}

function EditText({ agentId, source, onDone }: EditProps) {
  const form = useSectionForm(trainingTextInput, { content: source.content ?? "", imageUrl: source.imageUrl ?? "" });
  const update = useUpdateSource(agentId);
  const { values: v, set, errors } = form;
  const save = () => {
    const body = form.validate();
    if (body) update.mutate({ agentId, sourceId: source.id, body }, { onSuccess: onDone });
  };
  return (
    <EditShell label="Editar texto" error={update.error} pending={update.isPending} dirty={form.dirty} onSubmit={save} onCancel={onDone}>
      <TextArea label="Texto" value={v.content} onChange={(x) => set("content", x)} error={errors.content} max={10000} rows={10} />
      <TextInput label="Imagem (opcional)" value={v.imageUrl} onChange={(x) => set("imageUrl", x)} error={errors.imageUrl} placeholder="https://…/imagem.png" />
    </EditShell>
  );
}

function EditWebsite({ agentId, source, onDone }: EditProps) {
  const url = source.url ?? "";
  const form = useSectionForm(trainingWebsiteInput, { url, subpages: source.subpages, updateFrequency: source.updateFrequency as UpdateFrequency });
  const update = useUpdateSource(agentId);
  const discover = useDiscover();
  const [pages, setPages] = useState<string[]>(source.subpages);
  const { values: v, set, errors } = form;
  const save = () => {
    const body = form.validate();
    if (body) update.mutate({ agentId, sourceId: source.id, body: { subpages: body.subpages, updateFrequency: body.updateFrequency } }, { onSuccess: onDone });
  };
  const more = () =>
    discover.mutate({ url }, { onSuccess: (r) => setPages((cur) => [...cur, ...r.subpages.filter((p) => !cur.includes(p))]) });
  return (
    <EditShell label="Editar site" error={update.error} pending={update.isPending} dirty={form.dirty} onSubmit={save} onCancel={onDone}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-sm">Subpáginas lidas junto com o endereço principal</p>
        <button type="button" className="btn btn-outline btn-sm" disabled={discover.isPending} onClick={more}>
          {discover.isPending ? <ButtonSpinner /> : <Icon name="search" className="size-4" />}
          Descobrir páginas
        </button>
      </div>
      {discover.error && <p className="text-error text-xs">{trpcErrorMessage(discover.error, "Não foi possível ler o site.")}</p>}
      <SubpagePicker pages={pages} selected={v.subpages} onChange={(x) => set("subpages", x)} />
      {errors.subpages && <p className="text-error text-xs">{errors.subpages}</p>}
      <SelectInput
        className="sm:max-w-xs"
        label="Atualizar automaticamente"
        value={v.updateFrequency}
        onChange={(x) => set("updateFrequency", x)}
        options={FREQUENCY_OPTIONS}
        error={errors.updateFrequency}
      />
    </EditShell>
  );
}

function EditVideo({ agentId, source, onDone }: EditProps) {
  const form = useSectionForm(trainingVideoInput, { title: source.title, url: source.url ?? "", transcript: source.content ?? "" });
  const update = useUpdateSource(agentId);
  const { values: v, set, errors } = form;
  const save = () => {
    const body = form.validate();
    if (body) update.mutate({ agentId, sourceId: source.id, body: { title: body.title, transcript: body.transcript } }, { onSuccess: onDone });
  };
  return (
    <EditShell label="Editar vídeo" error={update.error} pending={update.isPending} dirty={form.dirty} onSubmit={save} onCancel={onDone}>
      <TextInput label="Título do vídeo" value={v.title} onChange={(x) => set("title", x)} error={errors.title} max={200} />
      <TextArea
        label="Transcrição"
        value={v.transcript}
        onChange={(x) => set("transcript", x)}
        error={errors.transcript}
        rows={10}
        placeholder={TRANSCRIPT_PLACEHOLDER}
        hint="Deixe em branco para buscarmos as legendas do vídeo novamente."
      />
    </EditShell>
  );
}
