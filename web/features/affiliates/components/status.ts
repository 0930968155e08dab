/** pt-BR labels and badges of commission and payout states (shared by /afiliados and /admin/afiliados). */
export const COMMISSION_LABEL = { pending: "Pendente", approved: "Aprovada", paid: "Paga", canceled: "Cancelada" } as const;
export const COMMISSION_BADGE = { pending: "badge-warning", approved: "badge-info", paid: "badge-success", canceled: "badge-ghost" } as const;
export const PAYOUT_LABEL = { pending: "Pendente", paid: "Pago", rejected: "Recusado" } as const;
export const PAYOUT_BADGE = { pending: "badge-warning", paid: "badge-success", rejected: "badge-error" } as const;
export const formatRate = (rate: number) => `${(rate * 100).toLocaleString("pt-BR", { maximumFractionDigits: 2 })}%`;
