/** /meus-chamados (issue 19, H6): placeholder until its helper builds it. */
export default function MyRequestsPage() {
  return <h1 className="font-semibold text-2xl">Meus chamados</h1>;
}
