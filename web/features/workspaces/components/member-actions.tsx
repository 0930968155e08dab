import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { type MemberPermissions, type MemberRole, memberRoles, permissionFlags } from "../../../../src/schemas/workspaces";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Dialog } from "../../../components/ui/dialog";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { PERMISSION_LABELS, ROLE_LABELS } from "../labels";

export type MemberView = { userId: string; email: string; name: string; role: MemberRole; permissions: MemberPermissions };

function useRefreshMembers() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: trpc.workspaces.members.list.queryKey() });
    void qc.invalidateQueries({ queryKey: trpc.workspaces.details.queryKey() });
  };
}

/** Role and the five flags of one member, in a dialog (canManageMembers). */
function EditMemberDialog({ member, onClose }: { member: MemberView; onClose: () => void }) {
  const [role, setRole] = useState<MemberRole>(member.role);
  const [permissions, setPermissions] = useState<MemberPermissions>(member.permissions);
  const roleId = useId();
  const toast = useToast();
  const refresh = useRefreshMembers();
  const save = useMutation(
    trpc.workspaces.members.update.mutationOptions({
      onSuccess: () => {
        toast({ title: "Permissões atualizadas", description: `${member.name} já tem as novas permissões.` });
        refresh();
        onClose();
      },
    }),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Editar ${member.name}`}
      description="A mudança vale a partir da próxima ação da pessoa."
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={save.isPending}>
            Cancelar
          </button>
          <button type="button" className="btn btn-primary" disabled={save.isPending} onClick={() => save.mutate({ userId: member.userId, role, permissions })}>
            {save.isPending && <ButtonSpinner />}
            Salvar
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div>
          <label htmlFor={roleId} className="mb-1 block font-medium text-sm">
            Função
          </label>
          <select id={roleId} className="select w-full" value={role} onChange={(e) => setRole(e.target.value as MemberRole)}>
            {memberRoles.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="mb-2 font-medium text-sm">Permissões</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {permissionFlags.map((flag) => (
              <label key={flag} className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-primary checkbox-sm"
                  checked={permissions[flag]}
                  onChange={(e) => setPermissions((p) => ({ ...p, [flag]: e.target.checked }))}
                />
                {PERMISSION_LABELS[flag]}
              </label>
            ))}
          </div>
        </fieldset>
        {save.isError && (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            {trpcErrorMessage(save.error, "Não foi possível salvar.")}
          </div>
        )}
      </div>
    </Dialog>
  );
}

/** The row's "Editar" and "Remover" (asks first: the person loses access at once). */
export function MemberActions({ member }: { member: MemberView }) {
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const toast = useToast();
  const refresh = useRefreshMembers();
  const remove = useMutation(
    trpc.workspaces.members.remove.mutationOptions({
      onSuccess: () => {
        toast({ title: "Membro removido", description: `${member.name} não tem mais acesso a este workspace.` });
        setRemoving(false);
        refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao remover membro", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  return (
    <div className="flex justify-end gap-1">
      <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(true)} aria-label={`Editar ${member.name}`}>
        Editar
      </button>
      <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setRemoving(true)} aria-label={`Remover ${member.name}`}>
        Remover
      </button>
      {editing && <EditMemberDialog member={member} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={removing}
        title="Remover membro?"
        description={
          <>
            <strong>{member.name}</strong> ({member.email}) perde o acesso a este workspace imediatamente, inclusive nas sessões abertas.
          </>
        }
        confirmLabel="Remover"
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ userId: member.userId })}
        onCancel={() => setRemoving(false)}
      />
    </div>
  );
}
