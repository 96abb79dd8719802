export { devOutboxRoutes } from './dev-outbox.routes.ts';
export {
  alreadyRegisteredMail,
  invitationMail,
  layout,
  otpMail,
  resetPasswordMail,
  type TMailLanguage,
} from './mail-templates.ts';
export { type TMail, type TMailer, withMailLog } from './mailer.ts';
export { createOutboxMailer } from './outbox-mailer.ts';
export {
  signerCodeMail,
  signerReminderMail,
  signerTurnMail,
  signingCompletedMail,
  signingDeclinedMail,
  signingExpiredMail,
} from './signing-mail-templates.ts';
export { createSmtpMailer } from './smtp-mailer.ts';
