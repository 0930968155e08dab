/** /academy/lessons/{lessonId} (issue 19, H1): placeholder until its helper builds it. */
export default function LessonPage() {
  return <h1 className="font-semibold text-2xl">Aula</h1>;
}
