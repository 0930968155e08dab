import type { ProcedureExpectation } from "./guard-procedures";

/** Access of adminCredits.* (issue 17): merged into PROCEDURES by guard-procedures.ts. */
const MISSING = "00000000-0000-4000-8000-000000000000";
/** Inactive and under a provider no agent uses: a guard run never changes a price that is charged. */
const guardPrice = () => ({
  provider: "guarda",
  modelId: "modelo-guarda",
  displayName: "Modelo guarda",
  inputPricePer1k: 0.001,
  outputPricePer1k: 0.002,
  creditsPerInteraction: 1,
  supportsVision: false,
  supportsFunctionCalling: true,
  isActive: false,
});

export const ADMIN_CREDITS_PROCEDURES: Record<string, ProcedureExpectation> = {
  "adminCredits.workspaces": { access: "admin", input: () => ({ search: "" }) },
  "adminCredits.workspace": { access: "admin", input: () => ({ workspaceId: MISSING }) },
  // A workspace that does not exist: the admin gets NOT_FOUND, everyone else is refused first.
  "adminCredits.grant": { access: "admin", input: () => ({ workspaceId: MISSING, amount: 10, reason: "Guarda de acesso" }) },
  "adminCredits.history": { access: "admin", input: () => ({ period: "30d", page: 1, pageSize: 20 }) },
  "adminCredits.config.get": { access: "admin" },
  "adminCredits.config.save": {
    access: "admin",
    input: () => ({ creditsPerUsd: 1000, usdToBrlRate: 5.5, autoUpdateExchangeRate: false }),
    noFuzz: "reprices every credit of the shared test server",
  },
  "adminCredits.config.refreshRate": { access: "admin", noFuzz: "asks the quote API at EXCHANGE_RATE_API_BASE (the internet outside tests that set a fake)" },
  "adminCredits.models.list": { access: "admin" },
  "adminCredits.models.create": { access: "admin", input: () => guardPrice() },
  "adminCredits.models.update": { access: "admin", input: () => ({ id: MISSING, ...guardPrice() }) },
  "adminCredits.models.setActive": { access: "admin", input: () => ({ id: MISSING, isActive: false }) },
  "adminCredits.models.remove": { access: "admin", input: () => ({ id: MISSING }) },
  "adminCredits.models.fetchFromProviders": { access: "admin", noFuzz: "lists models from the configured AI providers" },
};
