'use client';
import { FlowbotChat } from 'flowbot-chat/react';
import { useState } from 'react';

export function Chat({ api }: { api: string }) {
  const [session, setSession] = useState('');
  const [answers, setAnswers] = useState<string[]>([]);
  return (
    <>
      <FlowbotChat
        id="chat"
        publicId="lead"
        apiHost={api}
        widget={{ title: 'Next.js chat' }}
        onStart={(e) => setSession(e.detail.sessionId)}
        onAnswer={(e) => setAnswers((list) => [...list, e.detail.text])}
      />
      <output id="started">{session}</output>
      <output id="answers">{answers.join(',')}</output>
    </>
  );
}
