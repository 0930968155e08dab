/**
 * The official WhatsApp connection's approved message templates (Graph GET /{waba_id}/message_templates),
 * with the placeholders of their body. STUB: the runtime engineer fills it; the campaign form lists them.
 */
import type { ServiceContext, WorkspaceScope } from "../context";

export type ApprovedTemplate = {
  name: string;
  language: string;
  category: string | null;
  /** The body text with {{1}}, {{2}}… */
  body: string;
  /** How many {{n}} the body has: the form asks for one text each. */
  bodyParamCount: number;
  /** IMAGE/DOCUMENT/VIDEO when the header takes media (then headerMediaUrl is asked), else null. */
  headerFormat: string | null;
};

export async function listApprovedTemplates(_ctx: ServiceContext, _scope: WorkspaceScope, _connectionId: string): Promise<ApprovedTemplate[]> {
  throw new Error("templates not built yet");
}
