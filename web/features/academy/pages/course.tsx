/** /academy/courses/{id} (issue 19, H1): placeholder until its helper builds it. */
export default function CoursePage() {
  return <h1 className="font-semibold text-2xl">Curso</h1>;
}
