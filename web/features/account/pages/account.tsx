import { useQuery } from "@tanstack/react-query";
import { Skeleton } from "../../../components/ui/skeleton";
import { trpc } from "../../../lib/trpc";
import { DataSection } from "../components/data-section";
import { EmailSection } from "../components/email-section";
import { PasswordSection } from "../components/password-section";
import { ProfileSection } from "../components/profile-section";
import { SessionsSection } from "../components/sessions-section";

/** /account (issue 17): the signed-in person's own profile, email, password, sessions and data. */
export default function AccountPage() {
  const account = useQuery(trpc.account.get.queryOptions());
  const a = account.data;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="font-semibold text-2xl sm:text-3xl">Conta</h1>
        <p className="mt-1 text-base-content/70 text-sm">Seu perfil, seu acesso e seus dados.</p>
      </div>
      {!a ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <>
          {/* Keyed by the saved values, so the form restarts from what the server holds. */}
          <ProfileSection key={`${a.firstName}|${a.lastName}|${a.phoneNumber}|${a.language}`} account={a} />
          <EmailSection account={a} />
          <PasswordSection />
          <SessionsSection />
          <DataSection />
        </>
      )}
    </div>
  );
}
