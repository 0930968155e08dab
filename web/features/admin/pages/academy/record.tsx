import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { RECORDING_TEXT } from "../../../../../src/schemas/academy/recording";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { SelectInput } from "../../../../components/ui/fields";
import { Skeleton } from "../../../../components/ui/skeleton";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { useUnsavedGuard } from "../../../../lib/use-unsaved-guard";
import { RecordingSaveForm } from "./components/recording-save-form";
import { RecordingTemplatesDialog } from "./components/recording-templates-dialog";
import { formatClock, useLessonRecorder } from "./components/recording-use-recorder";
import { formatSize } from "./components/upload-progress";

/**
 * /admin/academy/record (issue 19): record a lesson in the browser — the screen at the chosen
 * template's resolution and frame rate, with the microphone — preview it and save it as a lesson.
 */
export default function RecordLessonPage() {
  const templates = useQuery(trpc.adminAcademyRecording.templates.list.queryOptions());
  const recorder = useLessonRecorder();
  const [templateId, setTemplateId] = useState("");
  const [withMicrophone, setWithMicrophone] = useState<boolean | null>(null);
  const [managing, setManaging] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  // The recording lives only in this tab until it is saved as a lesson: leaving asks first.
  const [savedUrl, setSavedUrl] = useState<string | null>(null);

  const list = templates.data ?? [];
  const template = list.find((t) => t.id === templateId) ?? list[0];
  const microphone = withMicrophone ?? template?.withMicrophone ?? true;
  const { state } = recorder;
  const busy = state.kind === "starting" || state.kind === "recording";
  const guard = useUnsavedGuard(state.kind === "recording" || (state.kind === "recorded" && savedUrl !== state.recording.url));

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <p className="text-base-content/60 text-sm">
          <Link href="/admin/academy" className="link">
            Academy
          </Link>{" "}
          / Gravação
        </p>
        <h1 className="font-semibold text-2xl sm:text-3xl">Gravação de aulas</h1>
        <p className="mt-1 text-base-content/70 text-sm">Grave a tela com o microfone, confira a prévia e salve como uma aula de um curso.</p>
      </div>

      <section className="card border border-base-300 bg-base-100" aria-labelledby="record-setup">
        <div className="card-body gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="record-setup" className="card-title text-lg">
              1. Modelo de gravação
            </h2>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setManaging(true)} disabled={!templates.data}>
              Gerenciar modelos
            </button>
          </div>
          {templates.isPending ? (
            <Skeleton className="h-10 w-72" />
          ) : templates.isError ? (
            <div role="alert" className="alert alert-error alert-soft">
              {trpcErrorMessage(templates.error, "Não foi possível carregar os modelos.")}
            </div>
          ) : (
            <div className="flex flex-wrap items-end gap-4">
              <SelectInput
                label="Modelo"
                value={template?.id ?? ""}
                onChange={(id) => {
                  setTemplateId(id);
                  setWithMicrophone(null);
                }}
                options={list.map((t) => ({ value: t.id, label: t.name }))}
                className="w-full max-w-sm"
                disabled={busy}
              />
              <label className="flex items-center gap-2 pb-2 text-sm">
                <input type="checkbox" className="checkbox checkbox-sm" checked={microphone} disabled={busy} onChange={(e) => setWithMicrophone(e.target.checked)} />
                Gravar o microfone
              </label>
            </div>
          )}
          {template && (
            <p className="text-base-content/60 text-xs">
              Até {template.width}×{template.height} a {template.frameRate} fps, em WebM. O navegador pergunta qual tela, janela ou aba gravar.
            </p>
          )}
        </div>
      </section>

      <section className="card border border-base-300 bg-base-100" aria-labelledby="record-capture">
        <div className="card-body gap-4">
          <h2 id="record-capture" className="card-title text-lg">
            2. Gravação
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            {state.kind === "recording" ? (
              <>
                <span className="inline-flex items-center gap-2 font-medium text-error">
                  <span className="size-3 animate-pulse rounded-full bg-error" aria-hidden="true" />
                  Gravando
                </span>
                <span role="timer" aria-label="Tempo de gravação" className="font-mono text-lg tabular-nums">
                  {formatClock(state.seconds)}
                </span>
                <span className="text-base-content/60 text-sm">{formatSize(state.bytes)}</span>
                <button type="button" className="btn btn-error" onClick={recorder.stop}>
                  {RECORDING_TEXT.stop}
                </button>
              </>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                disabled={!template || busy}
                onClick={() => {
                  if (!template) return;
                  if (state.kind === "recorded") setConfirmDiscard(true);
                  else void recorder.start({ ...template, withMicrophone: microphone });
                }}
              >
                {state.kind === "starting" ? "Aguardando a tela..." : state.kind === "recorded" ? "Gravar novamente" : RECORDING_TEXT.start}
              </button>
            )}
          </div>
          {state.kind === "recording" && !state.microphone && microphone && recorder.micWarning && (
            <p role="status" className="text-sm text-warning">
              {recorder.micWarning}
            </p>
          )}
          {state.kind === "error" && (
            <div role="alert" className="alert alert-error alert-soft">
              {state.message}
            </div>
          )}
          {state.kind === "recorded" && (
            <div className="flex flex-col gap-2">
              <video src={state.recording.url} controls className="w-full rounded-box bg-black" aria-label="Prévia da gravação" />
              <p className="text-base-content/70 text-sm">
                Duração {formatClock(state.recording.seconds)} · {formatSize(state.recording.blob.size)}
              </p>
            </div>
          )}
        </div>
      </section>

      {state.kind === "recorded" && (
        <section className="card border border-base-300 bg-base-100" aria-labelledby="record-save">
          <div className="card-body gap-4">
            <h2 id="record-save" className="card-title text-lg">
              3. {RECORDING_TEXT.save}
            </h2>
            <RecordingSaveForm key={state.recording.url} recording={state.recording} onSaved={() => setSavedUrl(state.recording.url)} />
          </div>
        </section>
      )}

      <RecordingTemplatesDialog open={managing} onClose={() => setManaging(false)} templates={list} />
      <ConfirmDialog
        open={confirmDiscard}
        title="Descartar a gravação?"
        description="A gravação atual será apagada deste navegador. Se ainda não foi salva como aula, ela se perde."
        confirmLabel="Descartar e gravar"
        onCancel={() => setConfirmDiscard(false)}
        onConfirm={() => {
          setConfirmDiscard(false);
          if (template) void recorder.start({ ...template, withMicrophone: microphone });
        }}
      />
      <ConfirmDialog
        open={guard.dialog.open}
        title="Sair sem salvar a gravação?"
        description="A gravação existe só neste navegador até ser salva como aula. Se sair agora, ela se perde."
        confirmLabel="Sair e descartar"
        cancelLabel="Continuar aqui"
        onConfirm={guard.dialog.onConfirm}
        onCancel={guard.dialog.onCancel}
      />
    </div>
  );
}
