import { useLayoutEffect, useRef, useState, type FocusEvent } from 'react';
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
 * while the pointer is over it or a finger touches it, not while a slide has keyboard focus, and not after the
 * visitor pressed its pause button (WCAG 2.2.2).
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
    toggleStopped: () => setStoppedByVisitor((stopped) => !stopped),
    /** Spread on the whole widget: hover (desktop, tablet) and touch (mobile) pause it. */
    pointerHandlers: {
      onMouseEnter: () => setPointerInside(true),
      onMouseLeave: () => setPointerInside(false),
      onTouchStart: () => setPointerInside(true),
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
