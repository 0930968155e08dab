import { Link } from "wouter";
import { Skeleton } from "../../../components/ui/skeleton";
import { trpcErrorMessage } from "../../../lib/trpc";

/** What a learner page (course, lesson, quiz) shows while it loads: a title bar and the body's shape. */
export function AcademyPageSkeleton({ body, width = "max-w-4xl" }: { body: string; width?: string }) {
  return (
    <div className={`mx-auto flex ${width} flex-col gap-4 p-4 md:p-6`}>
      <Skeleton className="h-8 w-72" />
      <Skeleton className={body} />
    </div>
  );
}

/** A learner page that could not load (no access, gone, offline): why, in pt-BR, and the way back to the catalogue. */
export function AcademyUnavailable({ title, error, fallback }: { title: string; error: unknown; fallback: string }) {
  return (
    <div className="mx-auto max-w-xl p-6 text-center">
      <h1 className="font-semibold text-xl">{title}</h1>
      <p className="mt-2 text-base-content/70 text-sm">{trpcErrorMessage(error, fallback)}</p>
      <Link href="/academy" className="btn btn-primary mt-4">
        Voltar para a Academy
      </Link>
    </div>
  );
}
