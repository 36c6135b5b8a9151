import type { FlowBlock } from '../../src/server/index.js';

/** A flow's block `ask-file`: a file input with these options, its answer in the variable `file`, then `next`. */
export const askFile = (options: Record<string, unknown>, next: string): FlowBlock => ({
  id: 'ask-file',
  input: { id: 'file', type: 'file input', variable: 'file', options, next },
});
