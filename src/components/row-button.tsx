import { Button, type ButtonProps, createPolymorphicComponent } from '@mantine/core';
import { forwardRef } from 'react';

/** A table row's action button: extra small, the look given by `variant` and `color`. */
export const RowButton = createPolymorphicComponent<'button', ButtonProps>(
  forwardRef<HTMLButtonElement, ButtonProps>((props, ref) => <Button size="xs" {...props} ref={ref} />),
);
