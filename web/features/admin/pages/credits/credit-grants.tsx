import { useState } from "react";
import { Link } from "wouter";
import { GrantForm } from "../../components/credits/grant-form";
import { GrantHistory } from "../../components/credits/grant-history";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /admin/gestao-creditos: grant bonus credits to a workspace (?workspace={id} preselects it) and the grant history. */
export default function CreditGrantsPage() {
  const [workspaceId, setWorkspaceId] = useState<string | null>(() => {
    const fromUrl = new URLSearchParams(window.location.search).get("workspace");
    return fromUrl && UUID.test(fromUrl) ? fromUrl : null;
  });

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-base-content/60 text-sm">Administração</p>
          <h1 className="font-semibold text-2xl sm:text-3xl">Gestão de créditos</h1>
          <p className="mt-1 text-base-content/70 text-sm">Créditos bônus são gastos antes dos créditos do plano e podem ter validade.</p>
        </div>
        <Link href="/admin/configuracoes/creditos" className="btn btn-ghost btn-sm">
          Configuração de créditos
        </Link>
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <GrantForm initialWorkspaceId={workspaceId} onWorkspaceChange={setWorkspaceId} />
        <GrantHistory workspaceId={workspaceId} />
      </div>
    </div>
  );
}
