import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { createContactInput } from "../../../../../src/schemas/crm/contacts";
import { Dialog } from "../../../../components/ui/dialog";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { type FieldErrors, fieldErrors, serverFieldError } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { useRefreshContacts } from "../hooks/use-contacts";
import { ContactForm, type ContactFormValues, emptyContactForm, toInput } from "./contact-form";

/** "Novo contato": every field, checked by the same contract as the server; a refusal shows under its field. */
export function ContactFormDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [values, setValues] = useState<ContactFormValues>(emptyContactForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const toast = useToast();
  const refresh = useRefreshContacts();
  const create = useMutation(
    trpc.contacts.create.mutationOptions({
      onSuccess: async (c) => {
        toast({ title: "Contato criado", description: c.name });
        await refresh();
        close();
      },
      onError: (e) => {
        const field = serverFieldError(e);
        if (field) setErrors({ [field.field]: field.message });
        else toast({ variant: "destructive", title: "Não foi possível criar o contato", description: trpcErrorMessage(e, "Tente novamente.") });
      },
    }),
  );
  function close() {
    setValues(emptyContactForm);
    setErrors({});
    onClose();
  }
  function submit() {
    const parsed = createContactInput.safeParse(toInput(values));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(toInput(values));
  }
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Novo contato"
      size="lg"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={close} disabled={create.isPending}>
            Cancelar
          </button>
          <button type="submit" form="new-contact-form" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending && <ButtonSpinner />}
            Salvar contato
          </button>
        </>
      }
    >
      <form
        id="new-contact-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <ContactForm values={values} onChange={setValues} errors={errors} disabled={create.isPending} />
      </form>
    </Dialog>
  );
}
