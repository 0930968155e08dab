import { forwardRef, useEffect, useImperativeHandle, useRef } from "react";
import { Icon } from "../../../components/ui/icons";
import { Menu, MenuItem } from "../../../components/ui/menu";

const MIN_HEIGHT = 58;
const MAX_HEIGHT = 120;

type Props = {
  text: string;
  onText: (v: string) => void;
  image: string | null;
  onRemoveImage: () => void;
  onPickImage: (file: File) => void;
  attachError: string | null;
  sending: boolean;
  recording: boolean;
  onRecord: () => void;
  onSend: () => void;
};

export type ComposerHandle = { focus: () => void };

/**
 * The message box of §2: 58 px growing to 120 px, Enter sends, Shift+Enter breaks the line;
 * attach menu ('Imagem'), record button and send. Sending needs text, an image or audio.
 */
export const Composer = forwardRef<ComposerHandle, Props>(function Composer(
  { text, onText, image, onRemoveImage, onPickImage, attachError, sending, recording, onRecord, onSend },
  ref,
) {
  const area = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => area.current?.focus() }), []);

  // Grow with the text: measure from the minimum each time so deleting lines shrinks it back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the text changes
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = `${MIN_HEIGHT}px`;
    el.style.height = `${Math.min(Math.max(el.scrollHeight, MIN_HEIGHT), MAX_HEIGHT)}px`;
  }, [text]);

  const canSend = !sending && (text.trim().length > 0 || image !== null);

  return (
    <div className="mx-auto w-full max-w-3xl px-4">
      {(image || attachError) && (
        <div className="mb-2 flex items-center gap-3">
          {image && (
            <div className="relative">
              <img src={image} alt="Imagem anexada" className="size-16 rounded-box border border-base-300 object-cover" />
              <button
                type="button"
                className="btn btn-circle btn-xs absolute -top-2 -right-2 border-base-300 bg-base-100"
                aria-label="Remover imagem"
                onClick={() => {
                  // The button goes away with the image: the keyboard continues from the message box.
                  onRemoveImage();
                  area.current?.focus();
                }}
              >
                <Icon name="x" className="size-3" />
              </button>
            </div>
          )}
          {attachError && (
            <p role="alert" className="text-error text-sm">
              {attachError}
            </p>
          )}
        </div>
      )}
      <div
        className={`flex items-end gap-1 rounded-2xl border bg-base-100 p-1.5 shadow-sm transition focus-within:border-primary focus-within:ring-1 focus-within:ring-primary ${recording ? "border-error/60" : "border-base-300"}`}
      >
        <Menu
          label="Anexar"
          trigger={({ open, toggle, id }) => (
            // The tooltip steps aside while the menu is open, so the two never overlap.
            <div className={open ? "" : "tooltip tooltip-top"} data-tip="Anexar arquivo">
              <button
                type="button"
                className="btn btn-ghost btn-circle btn-sm mb-1.5"
                aria-label="Anexar arquivo"
                aria-haspopup="menu"
                aria-expanded={open}
                aria-controls={open ? id : undefined}
                onClick={toggle}
                disabled={sending}
              >
                <Icon name="paperclip" className="size-5" />
              </button>
            </div>
          )}
        >
          {(close) => (
            <MenuItem
              icon={<Icon name="image" className="size-4" />}
              onSelect={() => {
                close();
                file.current?.click();
              }}
            >
              Imagem
            </MenuItem>
          )}
        </Menu>
        <input
          ref={file}
          type="file"
          accept="image/*"
          className="hidden"
          // Reached from the keyboard through 'Anexar arquivo' → 'Imagem', which opens it; named for AT.
          aria-label="Anexar imagem"
          tabIndex={-1}
          data-testid="image-input"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) onPickImage(f);
            e.target.value = "";
          }}
        />
        <textarea
          ref={area}
          rows={1}
          aria-label="Mensagem"
          placeholder="Digite sua mensagem..."
          className="flex-1 resize-none self-center bg-transparent px-2 py-[18px] text-[15px] leading-[22px] outline-none"
          style={{ height: MIN_HEIGHT, maxHeight: MAX_HEIGHT }}
          value={text}
          onChange={(e) => onText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              if (canSend) onSend();
            }
          }}
        />
        <div className="tooltip tooltip-top" data-tip={recording ? "Parar gravação" : "Gravar áudio"}>
          <button
            type="button"
            className={`btn btn-circle btn-sm mb-1.5 ${recording ? "btn-error animate-pulse" : "btn-ghost"}`}
            aria-label={recording ? "Parar gravação" : "Gravar áudio"}
            aria-pressed={recording}
            disabled={sending && !recording}
            onClick={onRecord}
          >
            <Icon name={recording ? "stop" : "mic"} className="size-5" />
          </button>
        </div>
        <button type="button" className="btn btn-primary btn-circle btn-sm mb-1.5" aria-label="Enviar mensagem" disabled={!canSend} onClick={onSend}>
          <Icon name="send" className="size-4" />
        </button>
      </div>
    </div>
  );
});
