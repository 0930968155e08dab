/** /admin/sugestoes (issue 19, H7): placeholder until its helper builds it. */
export default function AdminSuggestionsPage() {
  return <h1 className="font-semibold text-2xl">Sugestões</h1>;
}
