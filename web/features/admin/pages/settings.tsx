import { Link } from "wouter";
import { CampaignPricingCard } from "../components/settings/campaign-pricing";
import { GoogleCalendarClientCard } from "../components/settings/google-calendar-client";
import { GooglePlacesKeyCard } from "../components/settings/google-places-key";
import { N8nGlobalCard } from "../components/settings/n8n-global";
import { WebSearchProviderCard } from "../components/settings/web-search-provider";

/**
 * /admin/configuracoes: platform-wide integration settings (SPEC §3), one card each, saved on
 * its own: the Google Calendar OAuth client, the workflow-automation switch, the web-search provider.
 */
export default function AdminSettingsPage() {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <p className="text-base-content/60 text-sm">Administração</p>
        <h1 className="font-semibold text-2xl sm:text-3xl">Configurações</h1>
        <p className="mt-1 text-base-content/70 text-sm">
          Integrações que valem para toda a plataforma. Chaves e segredos ficam criptografados e nunca voltam para a tela.
        </p>
      </div>
      <Link href="/admin/configuracoes/creditos" className="card border border-base-300 bg-base-100 transition-colors hover:border-primary">
        <div className="card-body flex-row items-center justify-between gap-3 py-4">
          <div>
            <h2 className="font-semibold">Configuração de créditos</h2>
            <p className="text-base-content/70 text-sm">Créditos por dólar, cotação do dólar e a atualização automática diária.</p>
          </div>
          <span aria-hidden="true">→</span>
        </div>
      </Link>
      <GoogleCalendarClientCard />
      <N8nGlobalCard />
      <WebSearchProviderCard />
      <GooglePlacesKeyCard />
      <CampaignPricingCard />
    </div>
  );
}
