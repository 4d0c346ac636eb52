import { useEffect, useState } from 'react';

/**
 * True once the browser has drawn the current content: the frame after the next one has begun.
 * Heavy parts (the calendars) mount then, so they never hold back the first paint.
 */
export function useNachErstemBild() {
  const [gemalt, setGemalt] = useState(false);
  useEffect(() => {
    let zweiter = 0;
    const erster = requestAnimationFrame(() => {
      zweiter = requestAnimationFrame(() => setGemalt(true));
    });
    return () => {
      cancelAnimationFrame(erster);
      cancelAnimationFrame(zweiter);
    };
  }, []);
  return gemalt;
}
