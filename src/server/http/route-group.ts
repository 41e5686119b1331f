/**
 * Route definitions declared by audience (http/api-route.ts): who may call a route and the tag the
 * document lists it under are said once for all the routes of that audience, so that each
 * definition says only what is its own: its method and path, its operationId, its summary, its
 * schemas and its answers.
 *
 *   export const SHOW_MERCHANT = operatorApi.get('/merchants/:uid', 'showMerchant', {
 *     summary: 'A merchant with its keys and balance',
 *     answers: ok('The merchant, its keys and balance', MerchantDetailSchema),
 *   });
 *
 * The error statuses every route of an audience may give, and the 404 of a path parameter, are
 * implied (route-description.ts); `errors` names only the others. So is the schema of a path whose
 * one parameter names the same thing on every route, the merchant's `:uid` or the order's
 * `:payment_uid` (`NAMED_PARAMS`); `params` gives any other, or says otherwise.
 */
import type { z } from 'zod';
import { PROPOSED } from '../../shared/approval-views.js';
import { NoteSchema } from '../audit/audit-log.js';
import {
  type ApiAnswer,
  type ApiAuth,
  type ApiRouteSpec,
  type ApiTag,
  apiRoute,
  type Method,
  type ParamsOf,
  type PathParams,
  pathNames,
  type RouteParts,
} from './api-route.js';
import { readOptionalJson } from './read-body.js';
import { MerchantParams, OrderParams } from './request-fields.js';

type Schema = z.core.$ZodType;

/** The path parameters that name one thing on every route, with their schema. */
const NAMED_PARAMS = { uid: MerchantParams, payment_uid: OrderParams } as const;
type Named = typeof NAMED_PARAMS;

/** The schema NAMED_PARAMS gives a path whose one parameter it names; never for any other path. */
type NamedOf<P extends string> = {
  [K in keyof Named]: [PathParams<P>] extends [K] ? ([K] extends [PathParams<P>] ? Named[K] : never) : never;
}[keyof Named];

/** The schema a path's parameters imply: NAMED_PARAMS's for its one parameter, none otherwise. */
type ImpliedParams<P extends string> = [NamedOf<P>] extends [never] ? undefined : NamedOf<P>;

/** `params` may be left out where the path implies it, and must be given where a path has others. */
type GroupParams<P extends string, R> = [ImpliedParams<P>] extends [undefined]
  ? ParamsOf<P, R>
  : Partial<ParamsOf<P, R>>;

/** The schema NAMED_PARAMS gives the path's one parameter, if it names it. */
function impliedParams(path: string): Schema | undefined {
  const names = pathNames(path);
  const [name = ''] = names;
  return names.length === 1 && Object.hasOwn(NAMED_PARAMS, name)
    ? NAMED_PARAMS[name as keyof Named]
    : undefined;
}

/** Declares a route of one method for the group's audience: its path, its operationId, the rest. */
function declare<M extends Method>(method: M, tag: ApiTag, auth: ApiAuth) {
  return <
    const P extends string,
    B extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
    R extends Schema | undefined = ImpliedParams<P>,
  >(
    path: P,
    id: string,
    parts: RouteParts<B, Q> & GroupParams<P, R>,
  ) => {
    // The parts, the parameters' schema the path implies where they give none, and what the group adds make the
    // route specification that apiRoute checks; the compiler cannot follow the path's parameters through the spread.
    const { params = impliedParams(path), ...own } = parts as RouteParts<B, Q> & { readonly params?: Schema };
    const spec = { ...own, params, id, method, path, tag, auth };
    return apiRoute<M, P, B, Q, R>(spec as unknown as ApiRouteSpec<M, P, B, Q> & ParamsOf<P, R>);
  };
}

/** The routes of one audience: `group.get(path, id, parts)`, and likewise post, patch and delete. */
export function routeGroup(tag: ApiTag, auth: ApiAuth) {
  return {
    get: declare('get', tag, auth),
    post: declare('post', tag, auth),
    patch: declare('patch', tag, auth),
    delete: declare('delete', tag, auth),
  };
}

/** The operator API (under /operator/api): an operator's token or console session. */
export const operatorApi = routeGroup('operator', 'operator');

/** The merchant portal's API (under /merchant/api): a merchant user's portal session. */
export const portalApi = routeGroup('portal', 'portal');

/** The one answer of most routes: 200 with `data` in the success envelope. */
export function ok(description: string, data: Schema): Readonly<Record<number, ApiAnswer>> {
  return { 200: { description, data } };
}

/** The one answer of a route that makes something: 201 with `data` in the success envelope. */
export function created(description: string, data: Schema): Readonly<Record<number, ApiAnswer>> {
  return { 201: { description, data } };
}

/**
 * The answers of a request that makes something at most once: 201 when it is new, 200 when it was
 * already there (the same request again, or nothing new), with the same `data`.
 */
export function createdOrNot(
  isNew: string,
  notNew: string,
  data: Schema,
): Readonly<Record<number, ApiAnswer>> {
  return { 201: { description: isNew, data }, 200: { description: notNew, data } };
}

/**
 * The answers of a manual money action: 200 with `data` when it ran, 202 with the proposal when
 * dual control holds it for a second operator (shared/approval-views.ts, `PROPOSED`).
 */
export function okOrProposed(description: string, data: Schema): Readonly<Record<number, ApiAnswer>> {
  return { 202: PROPOSED, 200: { description, data } };
}

/**
 * The body of an action that needs nothing else (resend, disable, a new key): the operator's
 * optional note for the audit log, the body itself optional (audit/audit-log.ts, `NoteSchema`).
 */
export const noted = { body: NoteSchema, read: readOptionalJson } as const;
