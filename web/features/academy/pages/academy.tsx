/** /academy: the course catalogue (issue 19, H1): placeholder until its helper builds it. */
export default function AcademyPage() {
  return <h1 className="font-semibold text-2xl">Academy</h1>;
}
