/**
 * The reference server's `assistant` flow answers as AI models do: with
 * headings, tables, code blocks, quotes and checklists in its markdown, and
 * readable rich text for sessions that did not ask for markdown.
 */
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/protocol/markdown/index.js';
import { richTextToPlain, type RichTextNode } from '../../../src/protocol/rich-text.js';
import { shippedFlows } from '../../../src/server/flows.js';
import { knowledgeAnswer, markdownToRichText } from '../../../src/server/knowledge.js';

const knowledge = () => shippedFlows()['assistant']!.knowledge!;

/** Every node of `nodes`, depth first. */
function all(nodes: readonly RichTextNode[]): RichTextNode[] {
  return nodes.flatMap((node) => [node, ...all(node.children ?? [])]);
}

describe('the assistant flow', () => {
  it('answers with a table, code blocks, headings, a quote and a checklist', () => {
    const plans = all(parseMarkdown(knowledgeAnswer(knowledge(), 'compare the plans')));
    const table = plans.find((node) => node.type === 'table')!;
    expect(
      all(table.children![0]!.children!)
        .filter((n) => n.type === 'th')
        .map((th) => richTextToPlain([th])),
    ).toEqual(['Plan', 'Price', 'Courses', 'Live classes', 'Certificates']);
    expect(plans.some((node) => node.strike)).toBe(true);

    const api = all(parseMarkdown(knowledgeAnswer(knowledge(), 'How do I use the API?')));
    expect(api.filter((node) => node.type === 'pre').map((node) => node.lang)).toEqual(['bash', 'js', 'python']);
    expect(api.filter((node) => node.type === 'h').map((node) => [node.level, richTextToPlain([node])])).toContainEqual(
      [3, 'Using the API'],
    );
    expect(richTextToPlain(api.filter((node) => node.type === 'blockquote'))).toMatch(/^Keep the key secret/);

    const start = all(parseMarkdown(knowledgeAnswer(knowledge(), 'How do I get started?')));
    expect(start.filter((node) => node.type === 'task').map((node) => node.checked)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('gives sessions without markdown the same answers as readable rich text', () => {
    for (const question of ['compare the plans', 'How do I use the API?', 'How do I get started?']) {
      const rich = markdownToRichText(knowledgeAnswer(knowledge(), question));
      const plain = richTextToPlain(rich);
      expect(plain, question).not.toMatch(/^(#{1,6} |> |```|\|[-: |]+\|$)|\[[ x]\] |~~/m);
    }
    const rich = markdownToRichText(knowledgeAnswer(knowledge(), 'compare the plans'));
    const header = rich.find((block) => richTextToPlain([block]).startsWith('Plan · Price'))!;
    expect(header.children!.every((leaf) => (leaf as RichTextNode).bold)).toBe(true);
    expect(richTextToPlain(markdownToRichText(knowledgeAnswer(knowledge(), 'How do I get started?')))).toContain(
      '☑ Create your account',
    );
    expect(richTextToPlain(markdownToRichText(knowledgeAnswer(knowledge(), 'How do I use the API?')))).toContain(
      'curl https://api.acme.example/v1/progress',
    );
  });
});
