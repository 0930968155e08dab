import { type ReactNode, Suspense } from "react";

export function Spinner({ size = "md", label }: { size?: "xs" | "sm" | "md" | "lg"; label?: string }) {
  const cls = { xs: "loading-xs", sm: "loading-sm", md: "loading-md", lg: "loading-lg" }[size];
  return (
    <span className="inline-flex items-center gap-2" role="status">
      <span className={`loading loading-spinner ${cls} text-primary`} aria-hidden="true" />
      {label ? <span>{label}</span> : <span className="sr-only">Carregando</span>}
    </span>
  );
}

/** Whole-page centred loader, used by Suspense and route guards. */
export function PageLoader({ label = "Carregando..." }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center text-base-content/70">
      <Spinner label={label} />
    </div>
  );
}

/** The fallback of every lazy page: 'Carregando...' (SPEC §2). */
export function PageSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoader label="Carregando..." />}>{children}</Suspense>;
}

/** Decorative spinner for buttons: hidden from the accessible name so the label stays exact. */
export function ButtonSpinner() {
  return <span className="loading loading-spinner loading-xs" aria-hidden="true" />;
}
