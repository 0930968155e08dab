import type { ReactNode } from "react";

export function Logo({ short = false }: { short?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 font-bold text-lg tracking-tight">
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-content" aria-hidden="true">
        A
      </span>
      <span className={short ? "sr-only" : undefined}>Atenda</span>
    </span>
  );
}

/** Auth screens: brand panel on wide screens, a single form card otherwise. No sidebar here. */
export function AuthLayout({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="grid min-h-screen bg-base-200 lg:grid-cols-2">
      <aside className="hidden flex-col justify-between bg-gradient-to-br from-primary to-secondary p-10 text-primary-content lg:flex">
        <span className="inline-flex items-center gap-2 font-bold text-xl">
          <span className="flex size-9 items-center justify-center rounded-lg bg-white/20">A</span>
          Atenda
        </span>
        <div className="max-w-md space-y-4">
          <h2 className="font-semibold text-3xl leading-tight">Agentes de IA que atendem seus clientes o dia todo.</h2>
          <p className="opacity-90">
            WhatsApp, Telegram, Instagram e chat no site, conectados às ferramentas da sua empresa, numa plataforma que
            você hospeda.
          </p>
        </div>
        <p className="text-sm opacity-75">© {new Date().getFullYear()} Atenda</p>
      </aside>
      <main className="flex items-center justify-center p-4 sm:p-8">
        <div className="w-full max-w-md">
          <div className="mb-6 flex justify-center lg:hidden">
            <Logo />
          </div>
          <div className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-4 p-6 sm:p-8">{children}</div>
          </div>
          {footer && <div className="mt-4 text-center text-base-content/70 text-sm">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
