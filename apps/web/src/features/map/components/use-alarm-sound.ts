import { useEffect } from 'react';

type AudioContextClass = typeof AudioContext;

/** The alarm tone: a short two-tone beep, repeated every second while `playing`. */
export function useAlarmSound(playing: boolean): void {
  useEffect(() => {
    const Context = (window as { AudioContext?: AudioContextClass }).AudioContext;
    if (!playing || !Context) return undefined;
    const context = new Context();
    const beep = () => {
      const start = context.currentTime;
      for (const [offset, frequency] of [
        [0, 880],
        [0.18, 660],
      ] as const) {
        const tone = context.createOscillator();
        const gain = context.createGain();
        tone.frequency.value = frequency;
        gain.gain.setValueAtTime(0.15, start + offset);
        gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.16);
        tone.connect(gain).connect(context.destination);
        tone.start(start + offset);
        tone.stop(start + offset + 0.17);
      }
    };
    beep();
    const timer = window.setInterval(beep, 1000);
    return () => {
      window.clearInterval(timer);
      void context.close();
    };
  }, [playing]);
}
