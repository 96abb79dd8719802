import {
  IconArrowsExchange,
  IconBook,
  IconBuilding,
  IconCircleDot,
  IconCoins,
  IconDatabase,
  IconFileText,
  IconFolder,
  IconHelp,
  IconHome,
  IconLifebuoy,
  IconRubberStamp,
  IconShoppingCart,
  IconSignature,
  IconStack2,
  IconTicket,
  IconUser,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';

/** Icon names of the contracts' menus → Tabler icons. */
const ICONS: Record<string, TablerIcon> = {
  home: IconHome,
  users: IconUsers,
  user: IconUser,
  building: IconBuilding,
  signature: IconSignature,
  stamp: IconRubberStamp,
  stack: IconStack2,
  folder: IconFolder,
  lifebuoy: IconLifebuoy,
  help: IconHelp,
  book: IconBook,
  ticket: IconTicket,
  file: IconFileText,
  database: IconDatabase,
  coins: IconCoins,
  cart: IconShoppingCart,
  transfer: IconArrowsExchange,
};

export const menuIconFor = (name: string): TablerIcon => ICONS[name] ?? IconCircleDot;

export const MenuIcon = ({ name, size = 20 }: { name: string; size?: number }) => {
  const Icon = menuIconFor(name);
  return <Icon size={size} stroke={1.6} aria-hidden="true" />;
};
