/**
 * The viewer's routes, below its base URL (viewer protocol), each path
 * parameter encoded as one segment: written once for the client, the
 * script-tag file's early start and the widget's messages.
 */
import { segment } from './path-param.js';

/** `POST {viewer}/api/v1/flowbots/{publicId}/startChat`, with `publicId` already one encoded segment. */
export const startChatRoute = (encodedId: string): string => `api/v1/flowbots/${encodedId}/startChat`;

/** `POST {viewer}/api/v1/flowbots/{publicId}/startChat` */
export const startChatPath = (publicId: string): string => startChatRoute(segment(publicId));

/** `POST {viewer}/api/v1/sessions/{sessionId}/continueChat` */
export const continueChatPath = (sessionId: string): string => `api/v1/sessions/${segment(sessionId)}/continueChat`;

/** `POST {viewer}/api/v2/sessions/{sessionId}/streamMessage` */
export const streamMessagePath = (sessionId: string): string => `api/v2/sessions/${segment(sessionId)}/streamMessage`;

/** `POST {viewer}/api/v2/sessions/{sessionId}/clientLogs` */
export const clientLogsPath = (sessionId: string): string => `api/v2/sessions/${segment(sessionId)}/clientLogs`;

/** `POST {viewer}/api/v3/generate-upload-url` */
export const UPLOAD_URL_PATH = 'api/v3/generate-upload-url';
