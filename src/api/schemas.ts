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
export * from './resource-schemas.js';

// Viewer protocol (4.7 and the conversation): in their own module so the
// widget's script-tag bundle carries only these.
export * from './viewer-schemas.js';

export * from './request-schemas.js';
export { DEFAULT_TIME_ZONE, formatScheduledDate, isTimeZone, parseScheduledDate } from './schedule.js';

export type { FieldIssue } from './viewer-schemas.js';
export { toFieldIssues } from './viewer-schemas.js';
