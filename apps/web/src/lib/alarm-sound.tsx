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

/**
 * The alarm tone: two beeps (880 Hz, 660 Hz) and a pause, a second long, a static file of the web
 * app (the page's content security policy serves media from its own origin only), looped by an
 * <audio> element, which a page can start and a test can see playing.
 */
export const alarmToneUrl = '/alarm-tone.wav';

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
      <audio ref={audio} src={alarmToneUrl} loop preload="auto" data-testid="alarm-sound" hidden />
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
