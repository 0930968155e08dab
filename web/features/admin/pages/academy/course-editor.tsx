/** /admin/academy/cursos/{courseId} (issue 19, H3): placeholder until its helper builds it. */
export default function CourseEditorPage() {
  return <h1 className="font-semibold text-2xl">Editar curso</h1>;
}
