import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

const sampleRate = 8000;

/**
 * The alarm tone as a WAV file made once in the browser: two beeps (880 Hz, 660 Hz) and a pause,
 * a second long, played in a loop by an <audio> element (which a page can start and a test can
 * see playing).
 */
function alarmToneUrl(): string {
  const samples = sampleRate;
  const buffer = new ArrayBuffer(44 + samples * 2);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i += 1) view.setUint8(offset + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i += 1) {
    const time = i / sampleRate;
    const frequency = time < 0.16 ? 880 : time >= 0.18 && time < 0.34 ? 660 : 0;
    const value = frequency === 0 ? 0 : Math.sin(2 * Math.PI * frequency * time) * 0.3;
    view.setInt16(44 + i * 2, Math.round(value * 32767), true);
  }
  return URL.createObjectURL(new Blob([buffer], { type: 'audio/wav' }));
}

/** The set of reasons with `key` turned on or off (the same set when nothing changes). */
function withReason(current: ReadonlySet<string>, key: string, on: boolean): ReadonlySet<string> {
  if (on === current.has(key)) return current;
  const next = new Set(current);
  if (on) next.add(key);
  else next.delete(key);
  return next;
}

export interface AlarmSound {
  muted: boolean;
  toggleMute: () => void;
  /** Some alarm wants the sound (it plays unless muted). */
  sounding: boolean;
  /** The browser refused to start it (no interaction with the page yet): a click starts it. */
  blocked: boolean;
  /** Turns one reason (an alarm, a map notification) on or off. */
  sound: (key: string, on: boolean) => void;
  /** Tries again to start a sound the browser refused. */
  resume: () => void;
}

const AlarmSoundContext = createContext<AlarmSound | undefined>(undefined);

interface AlarmSoundProviderProps {
  /** The person's preference, kept on the server (so it follows them to every browser). */
  muted: boolean;
  onMutedChange: (muted: boolean) => void;
  children: ReactNode;
}

/**
 * The alarm sound of the signed-in shell (spec monitoring 4: it plays while an error is active
 * and stops when it ends or is muted): reasons are kept by key; the tone loops while any is on.
 */
export function AlarmSoundProvider({ muted, onMutedChange, children }: AlarmSoundProviderProps) {
  const [reasons, setReasons] = useState<ReadonlySet<string>>(() => new Set());
  const [blocked, setBlocked] = useState(false);
  const audio = useRef<HTMLAudioElement>(null);
  const [src] = useState(() => (typeof URL.createObjectURL === 'function' ? alarmToneUrl() : ''));
  const playing = reasons.size > 0 && !muted;

  const start = useCallback(() => {
    const element = audio.current;
    if (!element) return;
    const started = element.play() as Promise<void> | undefined;
    // jsdom and old browsers return nothing; a refusal (no user gesture yet) is shown.
    started?.then(
      () => {
        setBlocked(false);
      },
      () => {
        setBlocked(true);
      },
    );
  }, []);

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    // A refusal is shown only while it wants to play (`blocked && playing` below).
    if (playing) start();
    else element.pause();
  }, [playing, start]);

  const sound = useCallback((key: string, on: boolean) => {
    setReasons((current) => withReason(current, key, on));
  }, []);

  const value = useMemo<AlarmSound>(
    () => ({
      muted,
      toggleMute: () => {
        onMutedChange(!muted);
      },
      sounding: reasons.size > 0,
      blocked: blocked && playing,
      sound,
      resume: start,
    }),
    [muted, onMutedChange, reasons.size, blocked, playing, sound, start],
  );
  return (
    <AlarmSoundContext value={value}>
      {children}
      <audio ref={audio} src={src} loop preload="auto" data-testid="alarm-sound" hidden />
    </AlarmSoundContext>
  );
}

/**
 * The shell's alarm sound; a page rendered alone (component tests) gets a silent one of its
 * own that still keeps its reasons and mute, so that its controls behave the same.
 */
export function useAlarmSound(): AlarmSound {
  const shared = useContext(AlarmSoundContext);
  const [muted, setMuted] = useState(false);
  const [reasons, setReasons] = useState<ReadonlySet<string>>(() => new Set());
  const sound = useCallback((key: string, on: boolean) => {
    setReasons((current) => withReason(current, key, on));
  }, []);
  if (shared) return shared;
  return {
    muted,
    toggleMute: () => {
      setMuted((current) => !current);
    },
    sounding: reasons.size > 0,
    blocked: false,
    sound,
    resume: () => undefined,
  };
}
