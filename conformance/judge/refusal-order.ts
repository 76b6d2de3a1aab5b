// Invalid input refused with a later status than the words' order gives it ("Errors: 401 → 404 →
// 400 → 422 → 409"): a 409 for a body whose currency is out of its enum tells the client the item's
// state was the problem, and a service that takes the body once the state allows it goes unseen.
import { comesBefore, precedenceOf } from '../../spec/index.js';
import type { CheckContext, Finding } from '../model.js';
import { finding } from './findings.js';

/** Statuses that have their own place before any body is read, or their own checks. */
const OWN_CHECKS = new Set([401, 403, 404, 405, 406, 410, 413, 414, 415, 429, 431]);
const VALIDATION = [400, 422];

/** A schema-invalid body answered with a status the words put after every validation status. */
export function validationAfterLaterStatus(context: CheckContext, status: number): Finding[] {
  const { testCase, contract } = context;
  const { operation, payload, brokenAt } = testCase;
  if (!brokenAt || payload?.kind !== 'json' || OWN_CHECKS.has(status) || status < 400 || status >= 500) return [];
  const validator = operation.requestBody?.content.find((media) => media.validator)?.validator;
  if (!validator || validator.validate(payload.value).length === 0) return [];
  const ranks = precedenceOf(contract, operation);
  const documented = new Set(operation.responses.map((response) => Number(response.status)));
  const validation = VALIDATION.filter((one) => documented.has(one) && ranks?.some((rank) => rank.includes(one)));
  if (!ranks || validation.length === 0 || !ranks.some((rank) => rank.includes(status))) return [];
  if (!validation.every((one) => comesBefore(ranks, one, [status]))) return [];
  return [finding('validation_after_later_status', { status, expected: validation, member: brokenAt.join('.') })];
}
