import { useCallback, useEffect, useState } from 'react';

/**
 * The kitchen's full-screen view: the board covers the dashboard's frame (navigation, footer), so a
 * 768-px tablet on the pass shows two columns of orders instead of one. Where the browser allows
 * it the page also goes truly full screen; elsewhere (iPhone Safari) the cover is enough.
 * Escape, or leaving the browser's full screen, returns to the dashboard. While it lasts, the
 * screen is kept awake where the browser can (Screen Wake Lock): a wall tablet must not dim
 * mid-service.
 */
export function useKitchenFullScreen() {
  const [fullScreen, setFullScreen] = useState(false);

  const enter = useCallback(() => {
    setFullScreen(true);
    const root = document.documentElement;
    if (document.fullscreenEnabled && !document.fullscreenElement && root.requestFullscreen) {
      root.requestFullscreen().catch(() => {});
    }
  }, []);

  const exit = useCallback(() => {
    setFullScreen(false);
    if (document.fullscreenElement && document.exitFullscreen) document.exitFullscreen().catch(() => {});
  }, []);

  useEffect(() => {
    if (!fullScreen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') exit();
    };
    const onFullScreenChange = () => {
      if (!document.fullscreenElement) setFullScreen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('fullscreenchange', onFullScreenChange);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('fullscreenchange', onFullScreenChange);
    };
  }, [fullScreen, exit]);

  useEffect(() => {
    if (!fullScreen || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | undefined;
    let released = false;
    const keepAwake = () => {
      // The browser drops the lock whenever the tab is hidden: ask again when it is back.
      if (released || document.visibilityState !== 'visible') return;
      navigator.wakeLock.request('screen').then(
        (sentinel) => {
          if (released) void sentinel.release();
          else lock = sentinel;
        },
        () => {},
      );
    };
    keepAwake();
    document.addEventListener('visibilitychange', keepAwake);
    return () => {
      released = true;
      document.removeEventListener('visibilitychange', keepAwake);
      void lock?.release().catch(() => {});
    };
  }, [fullScreen]);

  // Leaving the screen while covered must not leave the browser in full screen.
  useEffect(
    () => () => {
      if (document.fullscreenElement && document.exitFullscreen) document.exitFullscreen().catch(() => {});
    },
    [],
  );

  return { fullScreen, enter, exit };
}
