import { MESSAGES } from '@turnbook/contracts';
import { passwordProblem } from '@turnbook/domain';
import { AppError } from '@turnbook/service-kit';

/**
 * A password being set must be long enough (the schema checks that first) and not one of the common
 * passwords; 400 naming the field otherwise.
 */
export async function assertNewPassword(password: string, field: string): Promise<void> {
  const problem = await passwordProblem(password);
  if (problem) throw new AppError('validation', problem === 'tooShort' ? MESSAGES.passwordTooShort : MESSAGES.passwordTooCommon, field);
}
