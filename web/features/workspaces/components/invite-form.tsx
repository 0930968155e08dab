import { inviteMemberInput, memberRoles, type MemberRole, permissionFlags, type PermissionFlag } from "../../../../src/schemas/workspaces";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { PERMISSION_LABELS, ROLE_LABELS } from "../labels";

const noPermissions = (): Record<PermissionFlag, boolean> => ({
  canCreateAgents: false,
  canEditAgents: false,
  canDeleteAgents: false,
  canManageMembers: false,
  canManageSettings: false,
});

/** Invite by email with a role and the five permission flags (SPEC §5/§6). */
export function InviteForm() {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<MemberRole>("member");
  const [permissions, setPermissions] = useState(noPermissions);
  const [touched, setTouched] = useState(false);
  const toast = useToast();
  const qc = useQueryClient();
  const ids = { email: useId(), role: useId() };

  const parsed = inviteMemberInput.safeParse({ email, role, permissions });
  const emailError = touched && !parsed.success ? parsed.error.issues.find((i) => i.path[0] === "email")?.message : undefined;

  const invite = useMutation(
    trpc.workspaces.members.invite.mutationOptions({
      onSuccess: (_r, input) => {
        toast({ title: "Convite enviado!", description: `Enviamos um convite para ${input.email}.` });
        setEmail("");
        setRole("member");
        setPermissions(noPermissions());
        setTouched(false);
        void qc.invalidateQueries({ queryKey: trpc.workspaces.invitations.list.queryKey() });
      },
    }),
  );

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!parsed.success || invite.isPending) return;
    invite.mutate(parsed.data);
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate aria-label="Convidar membro">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_200px]">
        <div>
          <label htmlFor={ids.email} className="mb-1 block font-medium text-sm">
            Email do convidado
          </label>
          <input
            id={ids.email}
            type="email"
            className={`input w-full ${emailError ? "input-error" : ""}`}
            placeholder="pessoa@empresa.com.br"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setTouched(true)}
          />
          {emailError && <p className="mt-1 text-error text-xs">{emailError}</p>}
        </div>
        <div>
          <label htmlFor={ids.role} className="mb-1 block font-medium text-sm">
            Função
          </label>
          <select id={ids.role} className="select w-full" value={role} onChange={(e) => setRole(e.target.value as MemberRole)}>
            {memberRoles.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
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
      {invite.isError && (
        <div role="alert" className="alert alert-error alert-soft text-sm">
          {trpcErrorMessage(invite.error, "Não foi possível enviar o convite.")}
        </div>
      )}
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary" disabled={!parsed.success || invite.isPending}>
          {invite.isPending && <ButtonSpinner />}
          Enviar convite
        </button>
      </div>
    </form>
  );
}
