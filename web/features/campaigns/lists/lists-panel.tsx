/** The "Listas" tab of /campanhas: campaign lists with search, create, fill and delete (stub until built). */
export function CampaignListsPanel() {
  return <p className="text-base-content/70">Listas de campanha ainda não disponíveis.</p>;
}
