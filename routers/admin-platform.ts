import { router } from "./trpc";

/** Admin: platform-wide own-server WhatsApp gateway, Meta app config and the system status (/admin/uazapi, /admin/whatsapp-config, /admin/status) (issue 17). */
export const adminPlatformRouter = router({});
