import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useLocation } from "wouter";
import { BUG_REPORT_TEXT, SUPPORT_LIMITS } from "../../../../src/schemas/support";
import { Dialog } from "../../../components/ui/dialog";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { isHttpError } from "../../../lib/http";
import { trpc } from "../../../lib/trpc";
import { AttachmentPicker } from "../../support/components/attachment-picker";
import { NewRequestDialog } from "../../support/components/new-request-dialog";
import { ScreenRecording } from "../../support/components/screen-recording";
import { SendProgress } from "../../support/components/send-progress";
import { appVersion, bugSubject, postSupportRequest, supportForm } from "../../support/lib/send-request";
import { useScreenRecorder } from "../../support/lib/use-screen-recorder";
import { OPEN_BUG_REPORT_EVENT } from "./user-menu";

const AUTH_PATHS = ["/login", "/register", "/forgot-password", "/reset-password", "/verify-email"];

/**
 * The shell's support dialogs, mounted once: 'Reportar Bug' (the global openBugReport event) and
 * 'Abrir chamado' (web/features/support/lib/events.ts). Both stay out of the auth pages.
 */
export function BugReportDialog() {
  const [path] = useLocation();
  const hidden = AUTH_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
  return (
    <>
      <BugDialog hidden={hidden} />
      <NewRequestDialog hidden={hidden} />
    </>
  );
}

/**
 * 'Reportar Bug' (SPEC §2, §4, §5, §8): a description, one attachment and/or a screen recording,
 * sent as a bug to POST /api/v1/support/requests with the page, the app version and the browser.
 * Closing keeps the draft for a second try but always ends a running recording.
 */
function BugDialog({ hidden }: { hidden: boolean }) {
  const toast = useToast();
  const qc = useQueryClient();
  const recorder = useScreenRecorder();
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [compressing, setCompressing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const descId = useId();
  const visible = open && !hidden;

  useEffect(() => {
    const onOpen = () => setOpen(true);
    window.addEventListener(OPEN_BUG_REPORT_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_BUG_REPORT_EVENT, onOpen);
  }, []);

  // SPEC §4: closing the dialog (or leaving for an auth page) stops a running recording.
  const { stop } = recorder;
  useEffect(() => {
    if (!visible) stop();
  }, [visible, stop]);

  const sending = progress !== null;
  const recording = recorder.status === "recording" || recorder.status === "starting";
  const empty = !description.trim() && !file && !recorder.file;

  const send = async () => {
    const attachments = [file, recorder.file].filter((f): f is File => f !== null);
    const form = supportForm(
      {
        type: "bug",
        subject: bugSubject(description),
        description: description.trim() || BUG_REPORT_TEXT.defaultDescription,
        priority: "medium",
        attachments,
      },
      { pageUrl: window.location.href, appVersion: appVersion() },
    );
    setProgress(0);
    try {
      const sent = await postSupportRequest(form, { onProgress: setProgress });
      toast({ title: BUG_REPORT_TEXT.sentTitle, description: sent.message });
      setDescription("");
      setFile(null);
      recorder.discard();
      setOpen(false);
      // Meus chamados, if open, lists the new request.
      void qc.invalidateQueries({ queryKey: trpc.support.pathKey() });
    } catch (e) {
      const status = isHttpError(e) ? e.status : 0;
      if (status === 401 || status === 403) toast({ title: BUG_REPORT_TEXT.unauthenticated, variant: "destructive" });
      else toast({ title: BUG_REPORT_TEXT.failedTitle, description: BUG_REPORT_TEXT.failed(e instanceof Error ? e.message : String(e)), variant: "destructive" });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Dialog
      open={visible}
      onClose={() => setOpen(false)}
      title={BUG_REPORT_TEXT.title}
      description="Conte o que aconteceu. Prints, documentos e uma gravação da tela ajudam a reproduzir o problema."
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!empty && !sending && !compressing && !recording) void send();
        }}
      >
        <div>
          <label htmlFor={descId} className="mb-1 block font-medium text-sm">
            Descrição do problema
          </label>
          <textarea
            id={descId}
            className="textarea h-28 w-full"
            placeholder="O que você estava fazendo e o que deu errado?"
            maxLength={SUPPORT_LIMITS.descriptionMax}
            value={description}
            disabled={sending}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <AttachmentPicker label="Anexo (imagem, PDF, DOC, DOCX ou TXT)" file={file} onChange={setFile} onBusyChange={setCompressing} />
        <ScreenRecording recorder={recorder} disabled={sending} />
        {empty && <p className="text-error text-xs">{BUG_REPORT_TEXT.needsContent}</p>}
        {sending && <SendProgress fraction={progress} label="Envio do bug report" />}
        <div className="modal-action mt-1">
          <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
            Cancelar
          </button>
          <button type="submit" className="btn btn-primary" disabled={empty || sending || compressing || recording}>
            {sending && <ButtonSpinner />}
            {BUG_REPORT_TEXT.send}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
