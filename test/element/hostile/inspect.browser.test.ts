/** The inspector of the hostile-content tests finds what it is meant to find. */
import { fixture, html } from '@open-wc/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { canaryFired, cssDangers, dangersIn, resetCanary } from './inspect.js';

afterEach(() => resetCanary());

/** A host element whose shadow root holds `markup` (parsed by the browser, scripts inert). */
async function hostWith(markup: string, css = ''): Promise<HTMLElement> {
  const host = await fixture<HTMLDivElement>(html`<div></div>`);
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = markup;
  if (css) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet];
  }
  return host;
}

describe('hostile-content inspector', () => {
  it('finds nothing in harmless markup', async () => {
    const host = await hostWith(
      '<a href="https://example.com/">x</a><img src="/a.png" alt=""><iframe sandbox="" src="https://e.example/"></iframe>' +
        '<svg viewBox="0 0 1 1"><path d="M0 0"></path></svg><a href="mailto:a@b.example">m</a>',
      '.messages{background:url("https\\:\\/\\/cdn\\.example\\/bg\\.png")}',
    );
    expect(dangersIn(host)).toEqual([]);
  });

  it('finds handlers, code URLs, inline frames and loaders, also in nested shadow roots', async () => {
    const host = await hostWith(
      '<a href="javascript:void 0">a</a><img src="x" onerror="void 0"><iframe srcdoc="x"></iframe>' +
        '<img src="data:image/png;base64,AA"><a href=" https://e.example/">space</a><object></object><div id="inner"></div>',
    );
    const inner = host.shadowRoot!.querySelector('#inner')!.attachShadow({ mode: 'open' });
    inner.innerHTML = '<a href="vbscript:msgbox(1)">v</a><form action="javascript:void 0"></form>';
    const found = dangersIn(host).join('\n');
    for (const expected of [
      'a[href="javascript:void 0"]',
      'img[onerror]',
      'iframe[srcdoc]',
      '<iframe> without sandbox',
      'img[src="data:image/png;base64,AA"]',
      'a[href=" https://e.example/"]',
      '<object>',
      'a[href="vbscript:msgbox(1)"]',
      'form[action="javascript:void 0"]',
    ]) {
      expect(found).toContain(expected);
    }
  });

  it('finds CSS that loads or runs things', () => {
    expect(cssDangers('.a{background:url("javascript\\:void 0")}')).toHaveLength(1);
    expect(cssDangers('.a{background:url(https://e.example/x.png)}')).toHaveLength(1);
    expect(cssDangers('.a{width:expression(1)}')).toHaveLength(1);
    expect(cssDangers('.a{color:red}')).toEqual([]);
  });

  it('sees the canary', () => {
    expect(canaryFired()).toBe(false);
    (window as { __pwned?: unknown }).__pwned = 1;
    expect(canaryFired()).toBe(true);
    resetCanary();
    expect(canaryFired()).toBe(false);
  });
});
