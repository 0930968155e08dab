import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { SUPPORT_ERRORS, SUPPORT_LIMITS, SUPPORT_TYPE_LABEL, SUPPORT_TYPES, type SupportType } from "../../../../src/schemas/support";
import { Dialog } from "../../../components/ui/dialog";
import { SelectInput, TextArea, TextInput } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { isHttpError } from "../../../lib/http";
import { trpc } from "../../../lib/trpc";
import { OPEN_SUPPORT_REQUEST_EVENT } from "../lib/events";
import { appVersion, postSupportRequest, supportForm } from "../lib/send-request";
import { AttachmentPicker } from "./attachment-picker";
import { SendProgress } from "./send-progress";

const TYPE_ORDER: SupportType[] = ["question", "billing", "feature", "bug"];
const typeOptions = TYPE_ORDER.filter((t) => SUPPORT_TYPES.includes(t)).map((t) => ({ value: t, label: SUPPORT_TYPE_LABEL[t] }));

type Errors = { subject?: string; description?: string };

function validate(subject: string, description: string): Errors {
  const errors: Errors = {};
  const s = subject.trim();
  const d = description.trim();
  if (!s || s.length > SUPPORT_LIMITS.subjectMax) errors.subject = SUPPORT_ERRORS.subject;
  if (!d || d.length > SUPPORT_LIMITS.descriptionMax) errors.description = SUPPORT_ERRORS.description;
  return errors;
}

/**
 * 'Abrir chamado': a question, billing matter, feature wish or bug with a subject, a description and
 * an optional file, to the same route as the bug report. The user follows it in Meus chamados.
 */
export function NewRequestDialog({ hidden }: { hidden: boolean }) {
  const toast = useToast();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<SupportType>("question");
  const [subject, setSubject] = useState("");
  const [description, setDescription] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [compressing, setCompressing] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const sending = progress !== null;

  useEffect(() => {
    const onOpen = (e: Event) => {
      const preset = e instanceof CustomEvent ? (e.detail as { type?: SupportType } | null)?.type : undefined;
      if (preset) setType(preset);
      setOpen(true);
    };
    window.addEventListener(OPEN_SUPPORT_REQUEST_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_SUPPORT_REQUEST_EVENT, onOpen);
  }, []);

  const send = async () => {
    const found = validate(subject, description);
    setErrors(found);
    if (found.subject || found.description) return;
    const form = supportForm(
      { type, subject: subject.trim(), description: description.trim(), priority: "medium", attachments: file ? [file] : [] },
      { pageUrl: window.location.href, appVersion: appVersion() },
    );
    setProgress(0);
    try {
      const sent = await postSupportRequest(form, { onProgress: setProgress });
      toast({ title: "Chamado aberto", description: sent.message });
      setSubject("");
      setDescription("");
      setFile(null);
      setType("question");
      setOpen(false);
      await qc.invalidateQueries({ queryKey: trpc.support.pathKey() });
    } catch (e) {
      const status = isHttpError(e) ? e.status : 0;
      const reason =
        status === 401 || status === 403 ? "Sua sessão expirou. Faça login novamente." : e instanceof Error ? e.message : "Tente novamente em instantes.";
      toast({ title: "Não foi possível abrir o chamado", description: reason, variant: "destructive" });
    } finally {
      setProgress(null);
    }
  };

  return (
    <Dialog open={open && !hidden} onClose={() => setOpen(false)} title="Abrir chamado" description="Nossa equipe responde por e-mail e em Meus chamados.">
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!sending && !compressing) void send();
        }}
      >
        <SelectInput label="Tipo" value={type} options={typeOptions} onChange={setType} disabled={sending} />
        <TextInput
          label="Assunto"
          value={subject}
          onChange={setSubject}
          max={SUPPORT_LIMITS.subjectMax}
          error={errors.subject}
          placeholder="Resuma em uma frase"
          disabled={sending}
        />
        <TextArea
          label="Descrição"
          value={description}
          onChange={setDescription}
          max={SUPPORT_LIMITS.descriptionMax}
          error={errors.description}
          placeholder="Conte com detalhes: o que você quer fazer, o que aconteceu, quando."
          rows={5}
          disabled={sending}
        />
        <AttachmentPicker label="Anexo (opcional: imagem, PDF, DOC, DOCX ou TXT)" file={file} onChange={setFile} onBusyChange={setCompressing} />
        {sending && <SendProgress fraction={progress} label="Envio do chamado" />}
        <div className="modal-action mt-1">
          <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
            Cancelar
          </button>
          <button type="submit" className="btn btn-primary" disabled={sending || compressing}>
            {sending && <ButtonSpinner />}
            Abrir chamado
          </button>
        </div>
      </form>
    </Dialog>
  );
}
