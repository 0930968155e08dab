/**
 * The public chat /chat/{id} as a page of its own (web/chat.html): the business's customers open
 * it on phones, so it carries React, the router and the chat, and none of the app (query client,
 * tRPC, shell). The app's router still has the same route for in-app navigation (routes.tsx).
 */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Route, Switch } from "wouter";
import { ToastProvider } from "./components/ui/toast";
import PublicChatPage from "./features/public-chat/pages/public-chat";

const root = document.getElementById("root");
if (!root) throw new Error("#root ausente em chat.html");

createRoot(root).render(
  <StrictMode>
    <ToastProvider>
      <Switch>
        <Route path="/chat/:id" component={PublicChatPage} />
        <Route path="/chat/*" component={PublicChatPage} />
      </Switch>
    </ToastProvider>
  </StrictMode>,
);
