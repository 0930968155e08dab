/** BRL from integer centavos (pt-BR), for the billing screens. */
const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
export const formatCents = (cents: number | null | undefined) => brl.format(Number(cents ?? 0) / 100);

export const periodLabel = (p: string) => ({ free: "grátis", yearly: "por ano", quarterly: "por trimestre" })[p] ?? "por mês";

export const subscriptionStatusLabel = (s: string) =>
  ({ active: "Ativo", past_due: "Pagamento pendente", canceled: "Cancelado", replaced: "Substituído" })[s] ?? s;
