import { ProtectedImage } from "../../../components/ui/protected-image";

const SIZES = { sm: "size-8 text-sm", lg: "size-24 text-3xl" } as const;

/**
 * A person's picture (served at the protected path with the session cookie, through the shared
 * image loader), or the first letter of the first name ('L' without one, SPEC §2) when there is
 * none, while it loads, or when it fails to load.
 */
export function UserAvatar({ firstName, url, size = "sm" }: { firstName: string | null | undefined; url: string | null | undefined; size?: keyof typeof SIZES }) {
  const initial = (firstName?.trim().charAt(0) || "L").toUpperCase();
  const cls = `${SIZES[size]} shrink-0 rounded-full`;
  const letter = (
    <span className={`${cls} flex items-center justify-center bg-primary font-semibold text-primary-content`} data-testid="user-avatar" aria-hidden="true">
      {initial}
    </span>
  );
  if (!url) return letter;
  return <ProtectedImage src={url} alt="" className={`${cls} object-cover`} data-testid="user-avatar" fallback={letter} placeholder={letter} />;
}
