// The light entry: it draws what the visitor sees first and imports the widget when it is wanted.
// The element's JSX types come from `flowbot-chat/jsx`, imported for its types only (its module
// registers the whole widget at once).
import 'flowbot-chat/light';
import type {} from 'flowbot-chat/jsx';
import type { FlowbotChat } from 'flowbot-chat';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const api = new URLSearchParams(location.search).get('api') ?? '';
const widget = { title: 'React bubble', primaryColor: '#0f766e' };

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <h1>A page with a chat</h1>
      {/* Before its code is there the element is a plain one: the object is set in a ref. */}
      <flowbot-chat
        id="bubble"
        public-id="lead"
        api-host={api}
        mode="bubble"
        ref={(el: FlowbotChat | null) => {
          if (el) el.widget = widget;
        }}
      />
    </main>
  </StrictMode>,
);
