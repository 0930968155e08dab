import type { SupportType } from "../../../../src/schemas/support";

/** Opens the 'Abrir chamado' dialog from anywhere (user menu, Meus chamados); `detail.type` preselects the type. */
export const OPEN_SUPPORT_REQUEST_EVENT = "openSupportRequest";

export function openSupportRequest(type?: SupportType) {
  window.dispatchEvent(new CustomEvent<{ type?: SupportType }>(OPEN_SUPPORT_REQUEST_EVENT, { detail: { type } }));
}
