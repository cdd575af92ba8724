import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { InitialsAvatar } from './initials-avatar';

describe('InitialsAvatar', () => {
  it('shows the first two letters of the name when there is no logo', () => {
    renderUi(<InitialsAvatar name="abyssinia traders" />);
    expect(screen.getByText('AB')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the logo, and falls back to initials when it fails to load', () => {
    renderUi(<InitialsAvatar name="Zemen Foods" src="https://cdn.example/zemen.png" />);
    const img = screen.getByRole('img', { name: 'Zemen Foods' });
    expect(img).toHaveAttribute('src', 'https://cdn.example/zemen.png');
    fireEvent.error(img);
    expect(screen.getByText('ZE')).toBeInTheDocument();
  });
});
