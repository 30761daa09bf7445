import { useEffect, useState, type RefObject } from 'react';

/**
 * Fullscreen for the card's content: the Fullscreen API where the browser has it, else the
 * element is laid over the page (phones without element fullscreen).
 */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [native, setNative] = useState(false);
  const [overlay, setOverlay] = useState(false);
  useEffect(() => {
    const sync = () => {
      setNative(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    };
    document.addEventListener('fullscreenchange', sync);
    return () => {
      document.removeEventListener('fullscreenchange', sync);
    };
  }, [ref]);
  useEffect(() => {
    if (!overlay) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOverlay(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [overlay]);
  const toggle = () => {
    const element = ref.current;
    if (native) {
      void document.exitFullscreen().catch(() => undefined);
      return;
    }
    if (overlay) {
      setOverlay(false);
      return;
    }
    if (element && typeof element.requestFullscreen === 'function' && document.fullscreenEnabled) {
      element.requestFullscreen().catch(() => {
        setOverlay(true);
      });
      return;
    }
    setOverlay(true);
  };
  return { fullscreen: native || overlay, overlay, toggle };
}
