/**
 * The typed client of the platform's interface: `createFlowbotClient` for
 * every operation, `createViewerClient` for the two public chat calls alone,
 * the errors they throw, and the shared resource schemas and types.
 */
export {
  createFlowbotClient,
  DEFAULT_FALLBACK_ROUTE,
  type FallbackRoute,
  type FlowbotClient,
  type FlowbotClientOptions,
} from './client.js';
export {
  createViewerClient,
  type StartChatCallOptions,
  type ViewerClient,
  type ViewerClientOptions,
} from './viewer.js';
export {
  DEFAULT_TIMEOUT,
  type CallOptions,
  type FetchLike,
  type FlowbotRetryOptions,
  type TokenSource,
} from './transport/http.js';
export { normaliseLessonParams, type LessonFlag, type LessonParams } from './lesson.js';
export {
  DEFAULT_STREAM_TIMEOUT,
  streamMessage,
  streamMessageParts,
  type StreamMessageOptions,
  type StreamMessagePart,
} from './stream.js';
export { sendClientLogs, type ClientLog } from './client-logs.js';
export { uploadFile, type UploadedFile, type UploadFileOptions } from './upload.js';
export {
  FlowbotError,
  FlowbotHttpError,
  FlowbotNetworkError,
  FlowbotResponseError,
  FlowbotTimeoutError,
  FlowbotValidationError,
  isAbortError,
  isFlowbotError,
  isFlowbotHttpError,
  isFlowbotNetworkError,
  isFlowbotResponseError,
  isFlowbotTimeoutError,
  isFlowbotValidationError,
  type FlowbotErrorContext,
} from './errors.js';
export * from './schemas/index.js';
