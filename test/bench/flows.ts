/**
 * The flows the benchmark talks to: a one-message greeting, and long start
 * blocks whose whole transcript arrives in the `startChat` response. No typing
 * emulation anywhere, so the widget shows what it receives at once.
 */
import { defineFlow, type FlowDefinition } from '../../src/server/flows.js';

/** Public id of the greeting flow: one text message, then a text input. */
export const FIRST_MESSAGE_FLOW = 'bench-first';

/** Public id of the flow whose start response carries `count` text messages. */
export const longFlowId = (count: number): string => `bench-${count}`;

const publishedAt = '2026-01-01T00:00:00.000Z';

function greetingFlow(): FlowDefinition {
  return defineFlow({
    publicId: FIRST_MESSAGE_FLOW,
    name: 'Benchmark greeting',
    description: 'One greeting, then a question.',
    publishedAt,
    blocks: [
      {
        id: 'hello',
        messages: [{ type: 'text', text: 'Hello! I am the benchmark bot. What is your name?' }],
        input: { id: 'name', type: 'text input', variable: 'name' },
      },
    ],
  });
}

/** A sentence of ordinary chat length (about 15 words), different for every message. */
function sentence(index: number): string {
  return `Message ${index + 1}: here is a line of ordinary length, the kind a support bot sends to a visitor.`;
}

function longFlow(count: number): FlowDefinition {
  return defineFlow({
    publicId: longFlowId(count),
    name: `Benchmark ${count} messages`,
    description: `${count} text messages in the start response.`,
    publishedAt,
    blocks: [
      {
        id: 'long',
        messages: Array.from({ length: count }, (_, i) => ({ type: 'text', text: sentence(i) })),
        input: { id: 'reply', type: 'text input', variable: 'reply' },
      },
    ],
  });
}

/** Every benchmark flow by public id, for `startReferenceServer({ flows })`. */
export function benchFlows(counts: readonly number[]): Record<string, FlowDefinition> {
  const flows: Record<string, FlowDefinition> = { [FIRST_MESSAGE_FLOW]: greetingFlow() };
  for (const count of counts) flows[longFlowId(count)] = longFlow(count);
  return flows;
}
