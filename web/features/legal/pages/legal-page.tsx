import type { ReactNode } from "react";
import { Link } from "wouter";
import { Logo } from "../../auth/components/auth-layout";

/** Plain public document page (terms, privacy, refunds). */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-base-200">
      <header className="border-base-300 border-b bg-base-100">
        <div className="mx-auto flex max-w-3xl items-center justify-between p-4">
          <Link href="/login">
            <Logo />
          </Link>
          <Link href="/register" className="btn btn-ghost btn-sm">
            Criar conta
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl p-4 sm:p-8">
        <article className="card border border-base-300 bg-base-100">
          <div className="card-body space-y-3 leading-relaxed [&_h2]:mt-4 [&_h2]:font-semibold [&_h2]:text-lg">
            <h1 className="font-semibold text-2xl">{title}</h1>
            {children}
          </div>
        </article>
      </main>
    </div>
  );
}
