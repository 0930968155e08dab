import { type DragEvent, type FormEvent, useId, useRef, useState } from "react";
import { Icon } from "../../../../components/ui/icons";
import { usePublicConfig } from "../../../auth/hooks/use-public-config";
import { useUploadDocument } from "../../hooks/use-training";
import { useReportDirty } from "../sections/types";
import { ServerError, SubmitRow } from "./form-bits";
import { checkDocumentFile, DOCUMENT_ACCEPT, formatBytes, MAX_UPLOAD_MB } from "./training-format";

type Props = { agentId: string; disabled: boolean; onDirtyChange: (dirty: boolean) => void };

/** Documentos: pick or drop one file; type and size are checked here before anything is sent. */
export function DocumentForm({ agentId, disabled, onDirtyChange }: Props) {
  // The server's cap (TRAINING_MAX_UPLOAD_MB); the server checks again whatever it is.
  const maxMb = usePublicConfig().data?.trainingMaxUploadMb ?? MAX_UPLOAD_MB;
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const upload = useUploadDocument(agentId);
  useReportDirty(file !== null, onDirtyChange);

  const choose = (f: File | undefined) => {
    upload.reset();
    if (!f) return;
    const problem = checkDocumentFile(f, maxMb);
    setError(problem);
    setFile(problem ? null : f);
  };
  const clear = () => {
    setFile(null);
    if (input.current) input.current.value = "";
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) choose(e.dataTransfer.files[0]);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setError("Escolha um arquivo para enviar.");
      return;
    }
    if (!upload.isPending) upload.mutate(file, { onSuccess: clear });
  };

  return (
    <form onSubmit={submit} aria-label="Enviar documento" className="flex flex-col gap-4" noValidate>
      <label
        htmlFor={id}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-box border-2 border-dashed p-8 text-center transition ${
          dragging ? "border-primary bg-primary/5" : error ? "border-error/60" : "border-base-300 hover:border-primary/50"
        } ${disabled ? "pointer-events-none opacity-60" : ""}`}
      >
        <Icon name="upload" className="size-8 text-base-content/50" />
        <span className="font-medium text-sm">Arraste um arquivo para cá ou clique para escolher</span>
        <span className="text-base-content/60 text-xs">PDF, DOCX, TXT, Markdown ou CSV, até {maxMb} MB</span>
        <input
          ref={input}
          id={id}
          type="file"
          accept={DOCUMENT_ACCEPT}
          className="sr-only"
          aria-label="Arquivo do documento"
          aria-invalid={!!error}
          disabled={disabled}
          onChange={(e) => choose(e.target.files?.[0])}
        />
      </label>
      {error && (
        <p role="alert" className="text-error text-xs">
          {error}
        </p>
      )}
      {file && (
        <div className="flex items-center gap-3 rounded-box border border-base-300 px-3 py-2">
          <Icon name="paperclip" className="size-4 shrink-0 text-base-content/60" />
          <span className="min-w-0 flex-1 truncate text-sm">{file.name}</span>
          <span className="text-base-content/60 text-xs tabular-nums">{formatBytes(file.size)}</span>
          <button type="button" className="btn btn-ghost btn-xs btn-square" aria-label="Remover arquivo escolhido" onClick={clear}>
            <Icon name="x" className="size-4" />
          </button>
        </div>
      )}
      <ServerError error={upload.error} />
      <SubmitRow pending={upload.isPending} disabled={disabled || !file}>
        Enviar documento
      </SubmitRow>
    </form>
  );
}
