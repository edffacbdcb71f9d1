import { autoUpdate, flip, FloatingPortal, offset, shift, useFloating, type Placement } from '@floating-ui/react';

export interface FloatingHintProps {
  anchor: HTMLElement;
  label: React.ReactNode;
  position?: Placement;
  id: string;
}

/** The hint's bubble, positioned on its anchor (floating-ui, as Mantine's Tooltip does). Loaded on demand. */
export default function FloatingHint({ anchor, label, position = 'top', id }: FloatingHintProps) {
  const { refs, floatingStyles } = useFloating({
    elements: { reference: anchor },
    placement: position,
    middleware: [offset(6), flip(), shift({ padding: 4 })],
    whileElementsMounted: autoUpdate,
  });
  return (
    <FloatingPortal>
      <div
        ref={refs.setFloating}
        id={id}
        role="tooltip"
        style={{
          ...floatingStyles,
          zIndex: 300,
          pointerEvents: 'none',
          background: 'var(--mantine-color-dark-6, #2e2e2e)',
          color: 'var(--mantine-color-white, #fff)',
          fontSize: 'var(--mantine-font-size-sm, 14px)',
          lineHeight: 1.4,
          padding: '4px 10px',
          borderRadius: 'var(--mantine-radius-sm, 4px)',
          whiteSpace: 'nowrap',
        }}
      >
        {label}
      </div>
    </FloatingPortal>
  );
}
