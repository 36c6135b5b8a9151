/**
 * Why a stream was aborted by the visitor (the stop button): what was shown is the answer. One
 * symbol in the registry, so the widget's code and the on-demand part that reads the stream agree.
 */
export const STOPPED: unique symbol = Symbol.for('flowbot-chat.stream-stopped') as never;
