// A server component: the page is rendered on the server, the chat hydrates in the browser.
import type { FlowbotChatMode } from 'flowbot-chat';
import { Chat } from './chat';

export default async function Page({ searchParams }: { searchParams: Promise<{ api?: string }> }) {
  const { api = '' } = await searchParams;
  const launcher: FlowbotChatMode = 'bubble';
  return (
    <main>
      <Chat api={api} />
      {/* Plain JSX works too (typed by flowbot-chat/jsx), for attributes only: React does not
          set properties nor add listeners on a custom element while hydrating. */}
      <flowbot-chat id="launcher" public-id="lead" api-host={api} mode={launcher} />
    </main>
  );
}
