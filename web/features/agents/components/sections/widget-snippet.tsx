import { Icon } from "../../../../components/ui/icons";
import { useToast } from "../../../../components/ui/toast";
import { copyText } from "../../../../lib/clipboard";
import { usePublicConfig } from "../../../auth/hooks/use-public-config";

/** The one-line embed code; APP_URL comes from the server (the SPA may be opened on another address). */
export const widgetSnippet = (appUrl: string, agentId: string) => `<script src="${appUrl}/widget.js" data-agent-id="${agentId}" async></script>`;

/** Publicação › Widget do site: the snippet to paste, a copy button, and what allowedDomains does to it. */
export function WidgetSnippet({ agentId, allowedDomains }: { agentId: string; allowedDomains: string[] }) {
  const toast = useToast();
  const appUrl = usePublicConfig().data?.appUrl ?? window.location.origin;
  const snippet = widgetSnippet(appUrl, agentId);
  return (
    <div>
      <p id="widget-snippet-label" className="mb-1 font-medium text-sm">
        Widget do site
      </p>
      <p className="mb-2 text-base-content/70 text-sm">
        Cole este código antes de <code>&lt;/body&gt;</code> nas páginas do seu site para mostrar o botão de chat com o agente.
      </p>
      <div className="flex items-start gap-2 rounded-field border border-base-300 bg-base-200/60 p-2">
        <pre aria-labelledby="widget-snippet-label" className="min-w-0 flex-1 overflow-x-auto whitespace-pre-wrap break-all p-1 font-mono text-xs">
          <code data-testid="widget-snippet">{snippet}</code>
        </pre>
        <button
          type="button"
          className="btn btn-sm"
          aria-label="Copiar código do widget"
          onClick={async () => {
            const ok = await copyText(snippet);
            toast(ok ? { title: "Código copiado!" } : { variant: "destructive", title: "Não foi possível copiar o código" });
          }}
        >
          <Icon name="copy" className="size-4" />
          Copiar
        </button>
      </div>
      <p className="mt-1 text-base-content/60 text-xs">
        {allowedDomains.length > 0
          ? `O widget só funciona nos domínios permitidos (${allowedDomains.join(", ")}) e nos seus subdomínios; em outros sites ele mostra que o agente não está liberado.`
          : "Sem domínios permitidos, o widget funciona em qualquer site. Adicione domínios abaixo para restringir."}
      </p>
    </div>
  );
}
