import { useEffect, useId, useRef, useState } from "react";
import { BUG_REPORT_TEXT } from "../../../../src/schemas/support";
import { Icon } from "../../../components/ui/icons";
import { ATTACHMENT_ACCEPT, attachmentError, formatFileSize } from "../lib/attachments";
import { compressImage, needsCompression } from "../lib/compress-image";

type Props = {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** True while an image is being compressed: the form must not send the original meanwhile. */
  onBusyChange?: (busy: boolean) => void;
};

/**
 * One attachment: images over 500 KB are compressed first ('Comprimindo imagem...'), then type and
 * size are checked; the chosen file shows with its size in KB/MB and can be removed.
 */
export function AttachmentPicker({ label, file, onChange, onBusyChange }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const seq = useRef(0);
  const [compressing, setCompressing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [originalSize, setOriginalSize] = useState<number | null>(null);

  // The form cleared the attachment (sent, or removed): the input forgets the picked file too.
  useEffect(() => {
    if (!file && input.current) input.current.value = "";
    if (!file) setOriginalSize(null);
  }, [file]);

  const busy = (v: boolean) => {
    setCompressing(v);
    onBusyChange?.(v);
  };

  const pick = async (picked: File | null) => {
    seq.current += 1;
    const mine = seq.current;
    setError(null);
    setOriginalSize(null);
    if (!picked) {
      onChange(null);
      return;
    }
    let ready = picked;
    if (needsCompression(picked)) {
      busy(true);
      try {
        ready = await compressImage(picked);
      } finally {
        // A newer pick started meanwhile: its own run owns the flag now.
        if (mine === seq.current) busy(false);
      }
      if (mine !== seq.current) return;
    }
    const problem = attachmentError(ready);
    if (problem) {
      setError(problem);
      onChange(null);
      if (input.current) input.current.value = "";
      return;
    }
    if (ready !== picked) setOriginalSize(picked.size);
    onChange(ready);
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium text-sm">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        className="file-input file-input-sm w-full"
        aria-describedby={error ? `${id}-err` : undefined}
        aria-invalid={!!error}
        onChange={(e) => void pick(e.target.files?.[0] ?? null)}
      />
      {compressing && (
        <p role="status" className="mt-1 flex items-center gap-2 text-base-content/70 text-xs">
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          {BUG_REPORT_TEXT.compressing}
        </p>
      )}
      {file && !compressing && (
        <div className="mt-1 flex items-center justify-between gap-2 text-base-content/70 text-xs">
          <span className="flex min-w-0 items-center gap-1">
            <Icon name="paperclip" className="size-3.5 shrink-0" />
            <span className="truncate">{file.name}</span>
            <span className="shrink-0">
              · {formatFileSize(file.size)}
              {originalSize !== null && ` (comprimida de ${formatFileSize(originalSize)})`}
            </span>
          </span>
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => void pick(null)}>
            Remover anexo
          </button>
        </div>
      )}
      {error && (
        <p id={`${id}-err`} className="mt-1 text-error text-xs">
          {error}
        </p>
      )}
    </div>
  );
}
