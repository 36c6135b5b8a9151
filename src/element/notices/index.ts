/**
 * The notices few conversations show (`view.ts`, the `NoticesRenderers` the transcript draws,
 * declared in `render/on-demand-source.ts`): the link offered when the browser blocked a
 * redirect's new tab, the end of a conversation the viewer no longer knows (Start again) and a
 * streamed answer cut short (Try again). It is part of the rich messages' on-demand part
 * (`../rich/index.ts` re-exports it). Its words are in `i18n/`, its styles with the transcript's.
 */
export { renderExpired, renderRedirectLink, renderStreamFailure } from './view.js';
