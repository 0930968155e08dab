import { Link } from "wouter";
import { ADMIN_SECTIONS } from "../sections";

/** /admin: the admin sections; most screens arrive in later issues. */
export default function AdminHomePage() {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <p className="text-base-content/60 text-sm">Administração</p>
        <h1 className="font-semibold text-2xl sm:text-3xl">Painel do administrador</h1>
        <p className="mt-1 text-base-content/70 text-sm">
          As seções marcadas “Em breve” ainda não estão disponíveis nesta versão e abrem uma página de aviso.
        </p>
      </div>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {ADMIN_SECTIONS.filter((s) => s.listed).map((s) => (
          <li key={s.path}>
            <Link
              href={s.path}
              className="flex items-center justify-between rounded-box border border-base-300 bg-base-100 p-4 transition hover:border-primary/40"
            >
              <span className="font-medium">{s.title}</span>
              {s.available ? (
                <span className="badge badge-primary badge-soft badge-sm">Disponível</span>
              ) : (
                <span className="badge badge-ghost badge-sm">Em breve</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
