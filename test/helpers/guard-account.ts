import type { ProcedureExpectation } from "./guard-procedures";

/** Never a real session's id: ending it must find nothing. */
const NO_SESSION = "0".repeat(32);

/** Access of account.* (issue 17): merged into PROCEDURES by guard-procedures.ts. Any signed-in user, on their own account. */
export const ACCOUNT_PROCEDURES: Record<string, ProcedureExpectation> = {
  "account.get": { access: "authed" },
  "account.updateProfile": {
    access: "authed",
    input: () => ({ firstName: "Matriz", lastName: "Conta", phoneNumber: "+55 (11) 98765-4321", language: "pt-BR" }),
  },
  "account.removeAvatar": { access: "authed" },
  // A wrong password: the sample never changes the fixture user's email, password or existence.
  "account.requestEmailChange": { access: "authed", input: () => ({ newEmail: "matriz.nova@exemplo.com.br", currentPassword: "senha-errada-9" }) },
  "account.cancelEmailChange": { access: "authed" },
  "account.confirmEmailChange": { access: "public", input: () => ({ token: "link-que-nao-existe" }) },
  "account.changePassword": { access: "authed", input: () => ({ currentPassword: "senha-errada-9", newPassword: "outra-senha-9" }) },
  "account.sessions.list": { access: "authed" },
  "account.sessions.end": { access: "authed", input: () => ({ id: NO_SESSION }) },
  "account.sessions.endOthers": { access: "authed", noFuzz: "ends the fixture user's other sessions" },
  "account.delete": { access: "authed", input: () => ({ currentPassword: "senha-errada-9", confirmation: "EXCLUIR" }), noFuzz: "deletes the account on a right guess" },
};
