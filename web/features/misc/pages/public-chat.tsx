import { Logo } from "../../auth/components/auth-layout";

/** /chat/{id}: public, no shell. The agent chat arrives in a later issue. */
export default function PublicChatPage() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 bg-base-200 p-6 text-center">
      <Logo />
      <div className="rounded-box border border-base-300 border-dashed bg-base-100 p-8 text-base-content/70">
        Esta área ainda não está disponível nesta versão.
      </div>
    </div>
  );
}
