import { useLocalStorage } from '@mantine/hooks';
import {
  DEFAULT_LAYOUT,
  isVerticalForced,
  LAYOUT_STORAGE_KEY,
  parseLayoutMode,
  resolveLayout,
  type TLayoutMode,
} from '../utils/layout-mode';
import { useViewportWidth } from './use-viewport-width';

/** The user's stored layout choice and what is drawn at the current width. */
export const useLayout = () => {
  const [preference, setPreference] = useLocalStorage<TLayoutMode>({
    key: LAYOUT_STORAGE_KEY,
    defaultValue: DEFAULT_LAYOUT,
    getInitialValueInEffect: false,
    serialize: (value) => value,
    deserialize: (value) => parseLayoutMode(value),
  });
  const width = useViewportWidth();
  return {
    preference,
    setPreference,
    layout: resolveLayout(preference, width),
    forcedVertical: isVerticalForced(width),
    width,
  };
};

/** The side menu folded away on wide screens (from 992 px): remembered per browser. */
export const useNavCollapsed = () =>
  useLocalStorage<boolean>({
    key: 'navCollapsed',
    defaultValue: false,
    getInitialValueInEffect: false,
    serialize: (value) => (value ? '1' : '0'),
    deserialize: (value) => value === '1',
  });
