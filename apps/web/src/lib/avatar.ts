import { endpointPath, USER_ENDPOINTS } from '@bubuh/contracts';

/** Where an avatar is served (spec §7: /files/{avatar}); absolute and data URLs pass through. */
export const avatarSrc = (avatar: string | null | undefined): string | null => {
  if (!avatar) return null;
  if (/^(https?:|data:|blob:|\/)/.test(avatar)) return avatar;
  return endpointPath(USER_ENDPOINTS.avatarFile, { avatar });
};

export const initialsOf = (name: string): string => {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
};
