// object_level_authorization (OWASP API1): the ownership scenario's exchanges judged. Another
// user's read, change or delete of an owned item must be refused; the owner must still have it,
// unchanged.
import { answeredItem } from '../../spec/index.js';
import type { Check } from '../model.js';
import { statusOf } from './check-support.js';
import { firstDifference, keptFields, leewayOf } from './field-compare.js';
import { finding } from './findings.js';

export const objectLevelAuthorization: Check = (context) => {
  const evidence = context.sequence?.ownership;
  const status = statusOf(context);
  if (!evidence || status === undefined) return undefined;
  const { operation } = context.testCase;
  const request = `${operation.method} ${operation.path}`;
  if (evidence.step === 'no-second-credential')
    return [finding('ownership_not_checked', { resource: context.collection?.path ?? request }, { severity: 'note' })];
  if (evidence.step === 'other-user')
    return status < 300 ? [finding('other_users_item_reached', { request, status, madeBy: evidence.madeBy })] : [];
  if (status >= 300) return [finding('owned_item_lost', { request, status, madeBy: evidence.madeBy })];
  const item = context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
  const create = context.collection?.create;
  const difference =
    item && evidence.sent && create
      ? firstDifference(item, evidence.sent, keptFields(create, evidence.sent), leewayOf(context.collection))
      : undefined;
  return difference ? [finding('owned_item_changed_by_other', { ...difference, madeBy: evidence.madeBy })] : [];
};
