/** /admin/academy (issue 19, H3): placeholder until its helper builds it. */
export default function AcademyAdminPage() {
  return <h1 className="font-semibold text-2xl">Academy</h1>;
}
