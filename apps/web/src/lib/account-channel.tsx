import { createContext, useContext, type ReactNode } from 'react';
import { useLiveChannel, type LiveChannel } from './socket';

const AccountChannelContext = createContext<LiveChannel | undefined>(undefined);

/** The account-wide socket has no device and no range: alarms, door openings, statuses. */
const accountQuery = {};

/**
 * One account-wide live channel for the whole signed-in shell (top bar, alarm toasts, dashboard,
 * map): opened once, so that moving between pages neither reconnects nor misses an alarm.
 * `enabled` false (a platform administrator, who has no account) keeps it closed.
 */
export function AccountChannelProvider({
  enabled,
  children,
}: {
  enabled: boolean;
  children: ReactNode;
}) {
  const channel = useLiveChannel(enabled ? accountQuery : null);
  return <AccountChannelContext value={channel}>{children}</AccountChannelContext>;
}

/** The shell's account channel; outside the shell (component tests) a channel of its own. */
export function useAccountChannel(): LiveChannel {
  const shared = useContext(AccountChannelContext);
  const own = useLiveChannel(shared ? null : accountQuery);
  return shared ?? own;
}
