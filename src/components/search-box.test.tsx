import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { SearchBox } from './search-box';

describe('SearchBox', () => {
  it('applies a trimmed term on Enter only', async () => {
    const onSearch = vi.fn();
    const { user } = renderUi(
      <SearchBox value={undefined} placeholder="Search merchants" onSearch={onSearch} />,
    );
    const box = screen.getByRole('searchbox', { name: 'Search merchants' });
    await user.type(box, '  acme ');
    expect(onSearch).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith('acme');
  });

  it('removes the search when cleared with the button or by emptying the box', async () => {
    const onSearch = vi.fn();
    const { user, rerender } = renderUi(
      <SearchBox value="acme" placeholder="Search merchants" onSearch={onSearch} />,
    );
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch).toHaveBeenLastCalledWith(undefined);
    expect(screen.getByPlaceholderText('Search merchants')).toHaveValue('');

    rerender(<SearchBox value="bole" placeholder="Search merchants" onSearch={onSearch} />);
    await user.clear(screen.getByPlaceholderText('Search merchants'));
    expect(onSearch).toHaveBeenLastCalledWith(undefined);
  });

  it('follows the URL when the applied search changes elsewhere', () => {
    const { rerender } = renderUi(<SearchBox value="acme" placeholder="Search" onSearch={vi.fn()} />);
    expect(screen.getByPlaceholderText('Search')).toHaveValue('acme');
    rerender(<SearchBox value={undefined} placeholder="Search" onSearch={vi.fn()} />);
    expect(screen.getByPlaceholderText('Search')).toHaveValue('');
  });
});
