import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Dialog } from "../../../../components/ui/dialog";
import { TextArea } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { SUSPENSION_REASON_MAX, SUSPENSION_REASON_MIN, USER_ROLE_LABEL, type UserRole, type UserStatus, adminSuspendInput } from "../../../../../src/schemas/admin-users";

type Target = { id: string; firstName: string; lastName: string; email: string; role: UserRole; status: UserStatus; emailVerified: boolean };
type Pending = "role" | "suspend" | "reactivate" | "verify" | "reset" | null;

/** Every mutation here changes what the detail and the list show: both are read again. */
function useRefresh() {
  const qc = useQueryClient();
  return async () => {
    await qc.invalidateQueries({ queryKey: trpc.adminUsers.get.queryKey() });
    await qc.invalidateQueries({ queryKey: trpc.adminUsers.list.queryKey() });
  };
}

/**
 * The admin's actions on one user: role, suspension, reactivation, verification and reset links.
 * Each asks first; the server refuses what the rules forbid (self, last admin) with its own message.
 */
export function UserActions({ user, isSelf }: { user: Target; isSelf: boolean }) {
  const toast = useToast();
  const refresh = useRefresh();
  const [open, setOpen] = useState<Pending>(null);
  const name = `${user.firstName} ${user.lastName}`.trim();
  const close = () => setOpen(null);
  const fail = (title: string) => (e: unknown) => toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });
  const done = (title: string, description: string) => async () => {
    close();
    toast({ title, description });
    await refresh();
  };
  const nextRole: UserRole = user.role === "admin" ? "user" : "admin";
  const setRole = useMutation(
    trpc.adminUsers.setRole.mutationOptions({
      onSuccess: done("Papel alterado", `${name} agora é ${USER_ROLE_LABEL[nextRole].toLowerCase()}.`),
      onError: fail("Não foi possível alterar o papel"),
    }),
  );
  const reactivate = useMutation(
    trpc.adminUsers.reactivate.mutationOptions({
      onSuccess: done("Conta reativada", `${name} já pode entrar de novo e foi avisado por email.`),
      onError: fail("Não foi possível reativar"),
    }),
  );
  const verify = useMutation(
    trpc.adminUsers.resendVerification.mutationOptions({
      onSuccess: done("Email de verificação enviado", `Um novo link foi enviado para ${user.email}.`),
      onError: fail("Não foi possível enviar"),
    }),
  );
  const reset = useMutation(
    trpc.adminUsers.sendPasswordReset.mutationOptions({
      onSuccess: done("Link de redefinição enviado", `${user.email} recebeu um link válido por 1 hora.`),
      onError: fail("Não foi possível enviar"),
    }),
  );
  const suspended = user.status === "suspended";

  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn btn-sm" disabled={isSelf} title={isSelf ? "Você não pode alterar o seu próprio papel" : undefined} onClick={() => setOpen("role")}>
        {user.role === "admin" ? "Remover administrador" : "Tornar administrador"}
      </button>
      {!suspended && (
        <>
          {!user.emailVerified && (
            <button type="button" className="btn btn-sm" onClick={() => setOpen("verify")}>
              Reenviar verificação
            </button>
          )}
          <button type="button" className="btn btn-sm" onClick={() => setOpen("reset")}>
            Enviar link de redefinição de senha
          </button>
        </>
      )}
      {suspended ? (
        <button type="button" className="btn btn-sm btn-success" onClick={() => setOpen("reactivate")}>
          Reativar conta
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-error"
          disabled={isSelf || user.role === "admin"}
          title={isSelf ? "Você não pode suspender a sua própria conta" : user.role === "admin" ? "Remova o papel de administrador antes de suspender" : undefined}
          onClick={() => setOpen("suspend")}
        >
          Suspender conta
        </button>
      )}

      <ConfirmDialog
        open={open === "role"}
        title={user.role === "admin" ? "Remover administrador?" : "Tornar administrador?"}
        description={
          user.role === "admin"
            ? `${name} perde o acesso à administração da plataforma na próxima ação.`
            : `${name} passa a ver e alterar todos os usuários, workspaces, créditos e configurações da plataforma.`
        }
        confirmLabel={user.role === "admin" ? "Remover administrador" : "Tornar administrador"}
        tone={user.role === "admin" ? "danger" : "primary"}
        pending={setRole.isPending}
        onConfirm={() => setRole.mutate({ userId: user.id, role: nextRole })}
        onCancel={close}
      />
      <ConfirmDialog
        open={open === "reactivate"}
        title="Reativar conta?"
        description={`${name} poderá entrar de novo e os agentes dos workspaces dele voltam a responder. Ele receberá um email avisando.`}
        confirmLabel="Reativar conta"
        tone="primary"
        pending={reactivate.isPending}
        onConfirm={() => reactivate.mutate({ userId: user.id })}
        onCancel={close}
      />
      <ConfirmDialog
        open={open === "verify"}
        title="Reenviar verificação?"
        description={`Um novo link de confirmação será enviado para ${user.email}; o link anterior deixa de valer.`}
        confirmLabel="Enviar"
        tone="primary"
        pending={verify.isPending}
        onConfirm={() => verify.mutate({ userId: user.id })}
        onCancel={close}
      />
      <ConfirmDialog
        open={open === "reset"}
        title="Enviar link de redefinição?"
        description={`${user.email} receberá um link para criar uma nova senha (válido por 1 hora). A senha atual continua valendo até ser trocada.`}
        confirmLabel="Enviar link"
        tone="primary"
        pending={reset.isPending}
        onConfirm={() => reset.mutate({ userId: user.id })}
        onCancel={close}
      />
      {open === "suspend" && <SuspendDialog user={user} name={name} onClose={close} onDone={done("Conta suspensa", `${name} foi desconectado e avisado por email.`)} />}
    </div>
  );
}

function SuspendDialog({ user, name, onClose, onDone }: { user: Target; name: string; onClose: () => void; onDone: () => Promise<void> }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const suspend = useMutation(trpc.adminUsers.suspend.mutationOptions({ onSuccess: onDone, onError: (e) => setError(trpcErrorMessage(e, "Não foi possível suspender.")) }));
  function confirm() {
    // The same schema as the server: the message under the field is the one the server would give.
    const parsed = adminSuspendInput.safeParse({ userId: user.id, reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Motivo inválido");
    setError(null);
    suspend.mutate(parsed.data);
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title="Suspender conta?"
      size="sm"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={suspend.isPending}>
            Cancelar
          </button>
          <button type="button" className="btn btn-error" onClick={confirm} disabled={suspend.isPending}>
            {suspend.isPending && <ButtonSpinner />}
            Suspender conta
          </button>
        </>
      }
    >
      <div className="grid gap-3 text-sm">
        <p>
          {name} ({user.email}) será desconectado de todas as sessões agora, não poderá entrar e os agentes dos workspaces dele param de responder até a conta ser
          reativada. Ele receberá um email com o motivo.
        </p>
        <TextArea
          label="Motivo da suspensão"
          value={reason}
          onChange={setReason}
          error={error}
          max={SUSPENSION_REASON_MAX}
          hint={`Obrigatório, de ${SUSPENSION_REASON_MIN} a ${SUSPENSION_REASON_MAX} caracteres. Vai no email ao usuário.`}
          rows={3}
        />
      </div>
    </Dialog>
  );
}
