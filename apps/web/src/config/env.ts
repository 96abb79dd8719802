/** Build-time switches (Vite `VITE_*` variables), read once. */
export const env = {
  /** The theme customiser drawer of spec §2 is off unless built with `VITE_THEME_CUSTOMIZER=true`. */
  themeCustomizer: import.meta.env.VITE_THEME_CUSTOMIZER === 'true',
} as const;
