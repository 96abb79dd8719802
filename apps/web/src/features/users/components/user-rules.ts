import { ZChildUserRequest } from '@bubuh/contracts';
import type { TFunction } from 'i18next';

/** The user forms' full-name check: the message, or null when the name is fine. */
export const fullNameError = (t: TFunction, value: string) =>
  ZChildUserRequest.shape.fullName.safeParse(value).success
    ? null
    : t('master.user.fullNameInvalid');

/** The user forms' e-mail check (trimmed): the message, or null when the address is fine. */
export const emailError = (t: TFunction, value: string) =>
  ZChildUserRequest.shape.email.safeParse(value.trim()).success
    ? null
    : t('master.user.emailInvalid');
