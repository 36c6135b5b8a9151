/**
 * One schema per resource of the platform's interface document, shared by the
 * client (to validate responses and requests) and the reference server (to
 * build and check what it serves), so the two cannot drift.
 *
 * Conventions:
 * - Response objects are `looseObject`: unknown extra fields pass through
 *   untouched at run time. Their types (`Documented<…>`) name only the
 *   documented fields, so a misspelt field is a compile error.
 * - Request objects are `object`: only the fields the document declares are
 *   sent (or, on the server, read); others are dropped.
 * - "At most N characters" counts Unicode code points (see `maxChars`).
 * - "Required" fields follow the document. Optional fields also accept `null`
 *   (servers commonly send `null` for an absent value); the document's
 *   "not shown" cases are resolved as commented beside each schema.
 */
export * from './resources.js';

// The viewer protocol (4.7 and the conversation) is the wire format: it lives in `protocol/`.
export * from '../../protocol/schemas.js';

export * from './requests.js';
export { DEFAULT_TIME_ZONE, formatScheduledDate, isTimeZone, parseScheduledDate } from './schedule.js';
