/** What every platform route (4.1–4.8) checks first: the bearer token, the institution, the unit. */
import type { Context } from 'hono';
import { ApiError } from './error-responses.js';
import type { AccountRecord, ReferenceState, UnityRecord } from './state-types.js';

/** The checks a platform route makes, over one state. */
export interface PlatformAccess {
  /** The account the request's bearer token belongs to; 401 otherwise. */
  authenticate(c: Context): AccountRecord;
  /** 403 unless `account` belongs to `institutionId` (`what` names the resource in the message). */
  assertMember(account: AccountRecord, institutionId: string, what: string): void;
  /** The unit `unityId`, which `account` must belong to; 404 or 403 otherwise. */
  unitFor(account: AccountRecord, unityId: string): UnityRecord;
}

/** The access checks over `state`. */
export function platformAccess(state: ReferenceState): PlatformAccess {
  const authenticate = (c: Context): AccountRecord => {
    const header = c.req.header('Authorization');
    const challenge = { 'WWW-Authenticate': 'Bearer' };
    if (!header)
      throw new ApiError(401, 'Missing access token: send "Authorization: Bearer <token>".', undefined, challenge);
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const accountId = match ? state.tokens.get(match[1]!) : undefined;
    const account = accountId ? state.accounts.get(accountId) : undefined;
    if (!account) throw new ApiError(401, 'Invalid access token.', undefined, challenge);
    return account;
  };

  const assertMember = (account: AccountRecord, institutionId: string, what: string): void => {
    if (!account.institutionIds.includes(institutionId)) {
      throw new ApiError(403, `This ${what} belongs to another institution.`);
    }
  };

  const unitFor = (account: AccountRecord, unityId: string): UnityRecord => {
    const unit = state.units.get(idKey(unityId));
    if (!unit) throw new ApiError(404, `Unit "${unityId}" does not exist.`);
    assertMember(account, unit.institutionId, 'unit');
    return unit;
  };

  return { authenticate, assertMember, unitFor };
}

/**
 * The key an id is stored under. UUIDs are stored in lower case and matched
 * whatever their case (the client accepts either, as RFC 9562 says to);
 * other ids are matched exactly.
 */
export function idKey(id: string): string {
  return /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i.test(id) ? id.toLowerCase() : id;
}

/** A path parameter of a handler typed with a plain `Context`. */
export function param(c: Context, name: string): string {
  return c.req.param(name) ?? '';
}
