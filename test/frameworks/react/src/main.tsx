// One import registers <flowbot-chat> and types it in JSX.
import 'flowbot-chat/jsx';
import { StrictMode, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { FlowbotChat } from 'flowbot-chat';

const api = new URLSearchParams(location.search).get('api') ?? '';

function App() {
  const chat = useRef<FlowbotChat>(null);
  const [answers, setAnswers] = useState<string[]>([]);
  return (
    <main>
      <flowbot-chat
        id="chat"
        ref={chat}
        public-id="lead"
        api-host={api}
        mode="standard"
        open={false}
        widget={{ title: 'React chat' }}
        onflowbot-answer={(e) => setAnswers((list) => [...list, e.detail.text])}
      />
      <output id="answers">{answers.join(',')}</output>
      <button type="button" onClick={() => chat.current?.restart()}>
        Restart
      </button>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
