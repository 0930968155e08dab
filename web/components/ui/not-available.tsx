/** Honest placeholder for areas delivered by later issues: a title and a plain note, no fake data. */
export function NotAvailable({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-4xl">
      <h1 className="font-semibold text-2xl">{title}</h1>
      <div className="mt-6 rounded-box border border-base-300 border-dashed bg-base-100 p-8 text-center text-base-content/70">
        Esta área ainda não está disponível nesta versão.
      </div>
    </section>
  );
}
