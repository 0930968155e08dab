/** /admin/suporte (issue 19, H5): placeholder until its helper builds it. */
export default function SupportListPage() {
  return <h1 className="font-semibold text-2xl">Suporte</h1>;
}
