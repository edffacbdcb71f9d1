import { render } from '@testing-library/react';
import { ServiceIcon } from './service-icon';

describe('ServiceIcon', () => {
  it('when a service icon is one of ours, then it is drawn from our set', () => {
    const { container } = render(<ServiceIcon icon="7" title="Pedicure icon" />);
    expect(container.querySelector('svg[aria-label="Pedicure icon"]')?.innerHTML).not.toBe('');
    expect(container.querySelector('img')).toBeNull();
  });

  it('when a stored icon is an external URL or a path, then nothing is loaded from it (the placeholder shows)', () => {
    for (const icon of ['https://evil.example/claim.png', '/icons/13.png', '//evil.example/x.svg']) {
      const { container, unmount } = render(<ServiceIcon icon={icon} title="icon" />);
      expect(container.querySelector('img')).toBeNull();
      expect(container.innerHTML).not.toContain('evil.example');
      expect(container.querySelector('circle[stroke-dasharray]')).not.toBeNull();
      unmount();
    }
  });
});
