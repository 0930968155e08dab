/** /admin/suporte/{id} (issue 19, H5): placeholder until its helper builds it. */
export default function SupportDetailPage() {
  return <h1 className="font-semibold text-2xl">Chamado de suporte</h1>;
}
