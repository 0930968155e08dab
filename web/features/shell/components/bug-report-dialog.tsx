import { useEffect, useId, useState } from "react";
import { useLocation } from "wouter";
import { Dialog } from "../../../components/ui/dialog";
import { OPEN_BUG_REPORT_EVENT } from "./user-menu";

const AUTH_PATHS = ["/login", "/register", "/forgot-password", "/reset-password", "/verify-email"];
const ACCEPT = "image/*,.pdf,.doc,.docx,.txt,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain";

export const formatFileSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * 'Reportar Bug', opened by the global openBugReport event. The support endpoint arrives in a later
 * issue, so sending says so plainly instead of pretending it worked.
 */
export function BugReportDialog() {
  const [path] = useLocation();
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const ids = { desc: useId(), file: useId() };
  const hidden = AUTH_PATHS.some((p) => path === p || path.startsWith(`${p}/`));

  useEffect(() => {
    const onOpen = () => setOpen(true);
    window.addEventListener(OPEN_BUG_REPORT_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_BUG_REPORT_EVENT, onOpen);
  }, []);

  const empty = !description.trim() && !file;
  const close = () => {
    setOpen(false);
    setNotice(null);
  };

  return (
    <Dialog
      open={open && !hidden}
      onClose={close}
      title="Reportar Bug"
      description="Conte o que aconteceu. Prints e documentos ajudam a reproduzir o problema."
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (empty) return;
          setNotice("O envio de relatórios de bug ainda não está disponível nesta versão. Seu texto continua aqui.");
        }}
      >
        <div>
          <label htmlFor={ids.desc} className="mb-1 block font-medium text-sm">
            Descrição do problema
          </label>
          <textarea
            id={ids.desc}
            className="textarea h-28 w-full"
            placeholder="O que você estava fazendo e o que deu errado?"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.file} className="mb-1 block font-medium text-sm">
            Anexo (imagem, PDF, DOC, DOCX ou TXT)
          </label>
          <input
            id={ids.file}
            type="file"
            accept={ACCEPT}
            className="file-input file-input-sm w-full"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          {file && (
            <p className="mt-1 text-base-content/60 text-xs">
              {file.name} · {formatFileSize(file.size)}
            </p>
          )}
        </div>
        {empty && <p className="text-error text-xs">Por favor, descreva o problema ou anexe um arquivo/vídeo.</p>}
        {notice && (
          <div role="status" className="alert alert-info alert-soft text-sm">
            {notice}
          </div>
        )}
        <div className="modal-action mt-1">
          <button type="button" className="btn btn-ghost" onClick={close}>
            Cancelar
          </button>
          <button type="submit" className="btn btn-primary" disabled={empty}>
            Enviar Bug Report
          </button>
        </div>
      </form>
    </Dialog>
  );
}
