/** Shared by playwright.config.ts (Node), the specs (Node) and e2e/support/channel-fakes.ts (Bun): no runtime imports. */

/** E2E_PORT lets two checkouts run the browser suite side by side; every other port derives from it. */
export const e2ePort = () => Number(process.env.E2E_PORT ?? 3100);
/** The channel fakes (Telegram Bot API + UAZAPI) for e2e/channels-more.e2e.ts. */
export const channelFakesPort = (port = e2ePort()) => port + 1000;

export const E2E_TELEGRAM = { token: "700100200:AAE2eTokenDoBotDeTesteDaAtenda00000", id: 700100200, username: "loja_e2e_bot" };
export const E2E_UAZAPI_ADMIN = "admin-token-e2e";
/** The platform's Meta app the Graph fake knows (e2e/admin-platform.e2e.ts tests /admin/whatsapp-config against it). */
export const E2E_META_APP = { id: "4455667788990", secret: "segredo-app-meta-e2e", name: "Atenda E2E" };
/** WhatsApp Cloud numbers the Graph fake describes (connect reads the number with this token). */
export const E2E_WHATSAPP = { accessToken: "EAAG-token-de-teste", phoneNumberIds: ["1234567890", "5550001111"] };
/** The shop API behind e2e/dynamic-api.e2e.ts (test/fakes/shop-api.ts in its own Bun process). */
export const shopApiPort = (port = e2ePort()) => port + 1001;
export const E2E_SHOP_KEY = "chave-loja-e2e";
/**
 * Ports of the integration fakes started by their own specs (Bun processes); each is allowed through
 * the server's safe-fetch by playwright.config.ts.
 */
export const agendorApiPort = (port = e2ePort()) => port + 1002;
export const calendarApiPort = (port = e2ePort()) => port + 1003;
/** Nuvemshop on this port and Notion on the next one (e2e/support/commerce-fakes.ts). */
export const commerceApiPort = (port = e2ePort()) => port + 1004;
/** The site e2e/training.e2e.ts serves for the website training (after Notion's port). */
export const trainingSitePort = (port = e2ePort()) => port + 1006;
/** The Stripe fake (e2e/support/stripe-fake.ts), one process per run like the channel fakes. */
export const stripeApiPort = (port = e2ePort()) => port + 1007;
/** The Google Places (New) fake for e2e/leads-hunter.e2e.ts (e2e/support/places-fake.ts, started by the spec). */
export const placesApiPort = (port = e2ePort()) => port + 1008;
export const E2E_PLACES_KEY = "AIza-chave-e2e";
