import type { ProcedureExpectation } from "./guard-procedures";

/** A suggestion that does not exist: the board is platform-wide, so there is no workspace id to cross. */
const MISSING = "00000000-0000-4000-8000-000000000000";
const authed = (input?: () => unknown): ProcedureExpectation => ({ access: "authed", input });
const admin = (input?: () => unknown): ProcedureExpectation => ({ access: "admin", input });

/** Access of the issue-19 suggestions and adminSuggestions procedures: merged into PROCEDURES by guard-procedures.ts. */
export const SUGGESTIONS_PROCEDURES: Record<string, ProcedureExpectation> = {
  "suggestions.list": authed(() => ({ page: 1, pageSize: 20, sort: "votes" })),
  "suggestions.get": authed(() => ({ id: MISSING })),
  "suggestions.create": authed(() => ({ title: "Sugestão da matriz", description: "Descrição gerada pela matriz de acesso.", category: "geral" })),
  "suggestions.update": authed(() => ({ id: MISSING, title: "Sugestão da matriz", description: "Descrição gerada pela matriz de acesso.", category: "geral" })),
  "suggestions.delete": authed(() => ({ id: MISSING })),
  "suggestions.vote": authed(() => ({ id: MISSING, voteType: "up" })),
  "adminSuggestions.list": admin(() => ({ page: 1, pageSize: 20 })),
  "adminSuggestions.update": admin(() => ({ id: MISSING, status: "planejada" })),
  "adminSuggestions.reply": admin(() => ({ id: MISSING, reply: "Obrigado pela sugestão." })),
  "adminSuggestions.merge": admin(() => ({ sourceId: MISSING, targetId: "00000000-0000-4000-8000-000000000001" })),
  "adminSuggestions.delete": admin(() => ({ id: MISSING })),
};
