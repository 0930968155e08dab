import type { IconName } from "../../../components/ui/icons";

export type NavItem = {
  label: string;
  href: string;
  icon: IconName;
  /** Paths that also light the item up. */
  alsoActive?: string[];
  /** Dimmed with 'Em Breve' for role 'user' (SPEC §6); admins can open it. */
  comingSoonForUsers?: boolean;
};

export const NAV_ITEMS: NavItem[] = [
  { label: "Dashboard", href: "/", icon: "home", alsoActive: ["/dashboard"] },
  { label: "Meus Agentes", href: "/agents", icon: "bot" },
  { label: "Conversas", href: "/conversations", icon: "chat" },
  { label: "Funil", href: "/funil", icon: "funnel" },
  { label: "Contatos", href: "/contatos", icon: "contacts" },
  { label: "Campanhas", href: "/campanhas", icon: "megaphone", comingSoonForUsers: true },
  { label: "Multi Agentes", href: "/multi-agentes", icon: "network", comingSoonForUsers: true },
  { label: "Leads Hunter", href: "/leads-hunter", icon: "search", comingSoonForUsers: true },
  { label: "Academy", href: "/academy", icon: "academy", comingSoonForUsers: true },
];

export function isNavActive(item: NavItem, path: string): boolean {
  if (item.href === "/") return path === "/" || !!item.alsoActive?.includes(path);
  return path === item.href || path.startsWith(`${item.href}/`) || !!item.alsoActive?.includes(path);
}
