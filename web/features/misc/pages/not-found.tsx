import { Link } from "wouter";

export default function NotFoundPage() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 bg-base-200 p-6 text-center">
      <p className="font-bold text-6xl text-primary">404</p>
      <h1 className="font-semibold text-2xl">404 Page Not Found</h1>
      <p className="text-base-content/70">A página que você procura não existe ou foi movida.</p>
      <Link href="/" className="btn btn-primary">
        Voltar ao início
      </Link>
    </div>
  );
}
