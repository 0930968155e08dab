import { BUG_RECORDING, BUG_REPORT_TEXT } from "../../../../src/schemas/support";
import { Icon } from "../../../components/ui/icons";
import { formatFileSize } from "../lib/attachments";
import { formatElapsed, type useScreenRecorder } from "../lib/use-screen-recorder";

type Recorder = ReturnType<typeof useScreenRecorder>;

/** The recording part of 'Reportar Bug': start, the running timer with 'Parar', then the preview to keep or remove. */
export function ScreenRecording({ recorder, disabled }: { recorder: Recorder; disabled?: boolean }) {
  const { status, elapsed, file, previewUrl, error } = recorder;
  const limit = formatElapsed(BUG_RECORDING.maxSeconds);
  return (
    <div className="rounded-box border border-base-300 p-3">
      <p className="font-medium text-sm">Gravação de tela</p>
      {(status === "idle" || status === "starting") && (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <button type="button" className="btn btn-sm" disabled={disabled || status === "starting"} onClick={() => void recorder.start()}>
            <Icon name="video" className="size-4" />
            Gravar tela
          </button>
          <span className="text-base-content/60 text-xs">Até {limit} minutos. Escolha a tela, janela ou aba que mostra o problema.</span>
        </div>
      )}
      {status === "recording" && (
        <div className="mt-2 flex items-center gap-3">
          <span className="size-3 animate-pulse rounded-full bg-error" aria-hidden="true" />
          <span className="font-mono text-sm tabular-nums" role="timer" aria-label={`Gravando: ${formatElapsed(elapsed)} de ${limit}`}>
            {formatElapsed(elapsed)} / {limit}
          </span>
          <button type="button" className="btn btn-error btn-sm" onClick={recorder.stop}>
            <Icon name="stop" className="size-4" />
            {BUG_REPORT_TEXT.stop}
          </button>
        </div>
      )}
      {status === "recorded" && file && previewUrl && (
        <div className="mt-2 flex flex-col gap-2">
          <video src={previewUrl} controls className="max-h-48 w-full rounded-box bg-black" aria-label="Pré-visualização da gravação de tela" />
          <div className="flex items-center justify-between gap-2 text-base-content/70 text-xs">
            <span>
              {file.name} · {formatFileSize(file.size)} · {formatElapsed(elapsed)}
            </span>
            <button type="button" className="btn btn-ghost btn-xs" onClick={recorder.discard}>
              Remover gravação
            </button>
          </div>
        </div>
      )}
      {error && <p className="mt-2 text-error text-xs">{error}</p>}
    </div>
  );
}
