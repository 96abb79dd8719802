import { z } from 'zod';
import { ZEnvelope } from './envelope.ts';
import {
  isValidIndonesianMobile,
  isValidNik,
  isValidNpwp,
  passwordProblems,
} from './id-validation.ts';
import { ZRole, ZUserType } from './roles.ts';

export const ZEmail = z
  .email('Enter a valid e-mail address')
  .max(254)
  .transform((v) => v.toLowerCase());

export const ZPassword = z.string().superRefine((value, ctx) => {
  const problems = passwordProblems(value);
  if (problems.length > 0) {
    ctx.addIssue({ code: 'custom', message: `Password needs ${problems.join(', ')}` });
  }
});

export const ZPhoneNumber = z
  .string()
  .trim()
  .refine(isValidIndonesianMobile, 'Enter an Indonesian mobile number (08…, 628… or +628…)');

export const ZNik = z
  .string()
  .trim()
  .refine(isValidNik, 'NIK must be 16 digits with a valid birth date');
export const ZNpwp = z
  .string()
  .trim()
  .refine(isValidNpwp, 'NPWP must be a valid 15 or 16 digit number');

export const ZOtpCode = z.string().regex(/^\d{6}$/, 'The code has 6 digits');

export const ZLanguage = z.enum(['en', 'id']);

/** The register draft of spec §3. Company accounts add the company fields. */
export const ZRegisterRequest = z
  .object({
    name: z.string().trim().min(2, 'Name is too short').max(150),
    email: ZEmail,
    phoneNumber: ZPhoneNumber,
    password: ZPassword,
    type: z.enum(['personal', 'company']),
    companyName: z.string().trim().max(200).optional(),
    noKTP: z.string().trim().optional(),
    npwp: z.string().trim().optional(),
    siup: z.string().trim().max(100).optional(),
    tdp: z.string().trim().max(100).optional(),
    bank: z.string().trim().max(100).optional(),
    accountNumber: z
      .string()
      .trim()
      .regex(/^\d{6,20}$/, 'Account number has 6–20 digits')
      .optional()
      .or(z.literal('')),
    language: ZLanguage.optional(),
  })
  .superRefine((draft, ctx) => {
    const company = draft.type === 'company';
    // Companies must give NIK and NPWP; a personal draft may give them, and then they must be valid.
    if (company && (!draft.companyName || draft.companyName.length < 2)) {
      ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'Company name is required' });
    }
    if ((company || draft.noKTP) && (!draft.noKTP || !isValidNik(draft.noKTP))) {
      ctx.addIssue({
        code: 'custom',
        path: ['noKTP'],
        message: 'NIK must be 16 digits with a valid birth date',
      });
    }
    if ((company || draft.npwp) && (!draft.npwp || !isValidNpwp(draft.npwp))) {
      ctx.addIssue({
        code: 'custom',
        path: ['npwp'],
        message: 'NPWP must be a valid 15 or 16 digit number',
      });
    }
  });
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

export const ZRegisterResponse = ZEnvelope(
  z.object({ email: z.string(), otpExpiresAt: z.string() }),
);

export const ZOtpVerifyRequest = z.object({ email: ZEmail, otp: ZOtpCode });
export const ZOtpResendRequest = z.object({ email: ZEmail });
export const ZOtpResendResponse = ZEnvelope(
  z.object({ otpExpiresAt: z.string(), retryAfterSeconds: z.number() }),
);

/** CASL-style ability pairs (spec §3, §4). They shape the UI only; the server checks itself. */
export const ZAbility = z.object({ action: z.string(), subject: z.string() });
export type TAbility = z.infer<typeof ZAbility>;

/** The session user kept by the web app as `userData` (spec §3). */
export const ZUserData = z.object({
  id: z.number().int(),
  role: ZRole,
  user_type: ZUserType,
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  departement_id: z.number().int().nullable(),
  departement_name: z.string().nullable(),
  fullName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  emet_id: z.string(),
  is_parent: z.boolean(),
});
export type TUserData = z.infer<typeof ZUserData>;

export const ZLoginRequest = z.object({ email: ZEmail, password: z.string().min(1).max(128) });

export const ZSession = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  userData: ZUserData,
  ability: z.array(ZAbility),
});
export type TSession = z.infer<typeof ZSession>;

export const ZLoginOtpChallenge = z.object({ otpRequired: z.literal(true), otpToken: z.string() });

export const ZLoginResponse = ZEnvelope(z.union([ZSession, ZLoginOtpChallenge]));
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZLoginOtpRequest = z.object({ otpToken: z.string().min(16).max(200), otp: ZOtpCode });
export const ZSessionResponse = ZEnvelope(ZSession);

export const ZRefreshRequest = z.object({ refreshToken: z.string().min(16).max(200) });
export const ZRefreshResponse = ZEnvelope(
  z.object({ accessToken: z.string(), refreshToken: z.string() }),
);
export const ZLogoutRequest = z.object({ refreshToken: z.string().min(16).max(200).optional() });

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export const ZResetPasswordRequest = z
  .object({ password: ZPassword, passwordConfirmation: z.string() })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'Passwords do not match',
  });

export const ZMessageResponse = z.object({ message: z.string() });

/** Own profile, as the account and security screens read it. */
export const ZUserProfile = ZUserData.extend({
  phone: z.string().nullable(),
  login_otp_enabled: z.boolean(),
  email_verified: z.boolean(),
  created_at: z.string(),
});
export type TUserProfile = z.infer<typeof ZUserProfile>;
export const ZUserProfileResponse = ZEnvelope(ZUserProfile);

export const ZUpdateProfileRequest = z.object({
  fullName: z.string().trim().min(2).max(150).optional(),
  phoneNumber: ZPhoneNumber.optional(),
});

export const ZChangePasswordRequest = z.object({
  currentPassword: z.string().min(1).max(128),
  newPassword: ZPassword,
});

export const ZSecuritySettingsRequest = z.object({ loginOtpEnabled: z.boolean() });

/** DigiFriend lookup: name and masked e-mail only (plus the code that was asked for). */
export const ZUserLookupResponse = ZEnvelope(
  z.object({ fullName: z.string(), email: z.string(), emet_id: z.string() }),
);

/** `a***e@d***.com`: enough to recognise, not to harvest. */
export const maskEmail = (email: string): string => {
  const [local = '', domain = ''] = email.split('@');
  const [host = '', ...tld] = domain.split('.');
  const mask = (s: string) =>
    s.length <= 2 ? `${s[0] ?? ''}*` : `${s[0]}${'*'.repeat(Math.min(s.length - 2, 5))}${s.at(-1)}`;
  return `${mask(local)}@${mask(host)}${tld.length ? `.${tld.join('.')}` : ''}`;
};

export const ZAvatarResponse = ZEnvelope(z.object({ avatar: z.string() }));
