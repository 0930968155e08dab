/** /meus-chamados/{id} (issue 19, H6): placeholder until its helper builds it. */
export default function MyRequestPage() {
  return <h1 className="font-semibold text-2xl">Chamado</h1>;
}
