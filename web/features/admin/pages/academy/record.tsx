/** /admin/academy/record (issue 19, H4): placeholder until its helper builds it. */
export default function RecordLessonPage() {
  return <h1 className="font-semibold text-2xl">Gravação de aulas</h1>;
}
