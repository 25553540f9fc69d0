import { useLayoutEffect, useRef, useState, type FocusEvent, type TouchEvent } from 'react';
import { usePrefersReducedMotion } from './hooks';

/**
 * Calls `callback` every `delay` ms; `null` stops the timer. The timer starts with the render that asks for it (a layout
 * effect), not after the next paint: a carousel the pointer just left moves on exactly `delay` ms later.
 */
export function useInterval(callback: () => void, delay: number | null): void {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  useLayoutEffect(() => {
    if (delay === null) return;
    const id = window.setInterval(() => latest.current(), delay);
    return () => window.clearInterval(id);
  }, [delay]);
}

/**
 * When something that moves by itself (carousel, testimonials) may move: not with prefers-reduced-motion, not
 * while the pointer is over it, not after a touch, not while a slide has keyboard focus, and not after the visitor
 * pressed its pause button (WCAG 2.2.2; docs/product.md §4.3).
 */
export function useAutoAdvance() {
  const prefersReducedMotion = usePrefersReducedMotion();
  const [isPointerInside, setPointerInside] = useState(false);
  const [hasFocusInside, setFocusInside] = useState(false);
  const [isStoppedByVisitor, setStoppedByVisitor] = useState(false);

  return {
    isRunning: !prefersReducedMotion && !isPointerInside && !hasFocusInside && !isStoppedByVisitor,
    /** With reduced motion nothing moves by itself, so there is nothing to pause: hide the pause button. */
    canAutoAdvance: !prefersReducedMotion,
    isStoppedByVisitor,
    /** Spread on the pause button. A touch on it is a press of the button, not a touch that stops the widget. */
    pauseButtonHandlers: {
      onClick: () => setStoppedByVisitor((stopped) => !stopped),
      onTouchStart: (event: TouchEvent<HTMLElement>) => event.stopPropagation(),
    },
    /**
     * Spread on the whole widget: hover (desktop, tablet) pauses it while the pointer is over it; a touch (mobile)
     * stops it as the pause button does, which then offers to play again. After a tap the browser sends emulated
     * mouse events, and sooner or later a mouse leave: that must not restart what the touch stopped.
     */
    pointerHandlers: {
      onMouseEnter: () => setPointerInside(true),
      onMouseLeave: () => setPointerInside(false),
      onTouchStart: () => setStoppedByVisitor(true),
    },
    /** Spread on the slides: keyboard focus on a slide pauses it. */
    focusHandlers: {
      onFocus: () => setFocusInside(true),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
      },
    },
  };
}
