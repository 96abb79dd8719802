import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

type TMapBadgeProps<S extends string> = Omit<BadgeProps, 'color' | 'children'> & {
  /** The value the badge shows (a status, a type, a role): its colour is `colors[value]`. */
  value: S;
  colors: Readonly<Record<S, string>>;
  /** The value's label (translated by the caller). */
  children: ReactNode;
};

/**
 * A badge coloured by a map of its value (`light` unless told otherwise): the status, type and
 * role badges of the lists and detail views. Other props (`data-testid`…) go to the `Badge`.
 */
export const MapBadge = <S extends string>({
  value,
  colors,
  variant = 'light',
  children,
  ...rest
}: TMapBadgeProps<S>) => (
  <Badge variant={variant} color={colors[value]} {...rest}>
    {children}
  </Badge>
);
