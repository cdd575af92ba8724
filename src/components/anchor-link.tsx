import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, forwardRef } from 'react';

type AnchorElementProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'> & AnchorProps;

const RouterAnchor = forwardRef<HTMLAnchorElement, AnchorElementProps>((props, ref) => (
  <Anchor ref={ref} {...props} />
));

const CreatedAnchorLink = createLink(RouterAnchor);

/**
 * A router link that looks like every other link of the console (Mantine's Anchor), with the
 * router's typed `to`, `params` and `search`: `<Anchor component={Link}>` drops those types, and
 * `createLink(Anchor)` drops Anchor's own props (Anchor is polymorphic).
 */
export const AnchorLink: LinkComponent<typeof RouterAnchor> = (props) => <CreatedAnchorLink {...props} />;
