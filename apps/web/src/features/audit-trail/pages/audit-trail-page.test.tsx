import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry, Task } from '@vigil/contracts';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../../test/fake-api';
import { ids, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import AuditTrailPage from './audit-trail-page';

type User = ReturnType<typeof userEvent.setup>;

const taskId = '00000000-0000-4000-8000-0000000000e1';
const entry: AuditEntry = {
  id: '41',
  account: 'Demo Laboratory',
  accountId: ids.account,
  user: 'owner@demo.vigil.test',
  event: 'account',
  action: 'update',
  result: 'success',
  message: 'Temperature unit changed from C to F',
  time: '2026-11-23T09:15:00.000Z',
};

const taskOf = (extra: Partial<Task>): Task => ({
  taskId,
  status: 'queued',
  progress: 0,
  resultUrl: null,
  error: null,
  ...extra,
});

function auditApi(role: 'super_user' | 'super_admin', extra: Parameters<typeof fakeApi>[0] = {}) {
  signInAs(role);
  return fakeApi({
    'GET /api/audit/logs': ok({ list: [entry], nextToken: null }),
    'GET /api/audit/facets': ok({ events: ['account', 'auth'], actions: ['login', 'update'] }),
    'GET /api/account/list': ok([]),
    ...extra,
  });
}

/** Picks day `day` of the shown month at 00:00:00 in a date-time picker. */
async function pickDay(user: User, label: string, day: number) {
  await user.click(screen.getByLabelText(label));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByLabelText(dayjs().date(day).format('D MMMM YYYY')));
  const buttons = within(dialog).getAllByRole('button');
  await user.click(buttons.at(-1) as HTMLElement);
  await waitFor(() => {
    expect(screen.queryByRole('dialog')).toBeNull();
  });
}

describe('audit trail page', () => {
  it('shows an owner their trail with the spec’s columns and no account filter', async () => {
    const api = auditApi('super_user');
    renderWithProviders(<AuditTrailPage />, { path: '/AuditTrail' });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const table = await screen.findByTestId('audit-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Account', 'Action', 'Event', 'Message', 'Result', 'Time', 'User']);
    const row = within(within(table).getByRole('row', { name: /Temperature unit/ }));
    expect(row.getByText('Success')).toBeInTheDocument();
    expect(row.getByText('Update')).toBeInTheDocument();
    expect(row.getByText('Account')).toBeInTheDocument();
    expect(row.getByText(dayjs(entry.time).format('YYYY-MM-DD HH:mm:ss'))).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
    expect(api.calls('GET /api/account/list')).toHaveLength(0);
    expect(screen.getByLabelText('Start date')).toHaveTextContent('yyyy-MM-dd HH:mm:ss');
  });

  it('refuses an end date before the start date with the spec’s message, and searches otherwise', async () => {
    const api = auditApi('super_user');
    const user = userEvent.setup();
    renderWithProviders(<AuditTrailPage />, { path: '/AuditTrail' });
    await screen.findByTestId('audit-table');
    await pickDay(user, 'Start date', 20);
    await pickDay(user, 'End date', 10);
    expect(screen.getByLabelText('Start date')).toHaveTextContent(
      dayjs().date(20).format('YYYY-MM-DD 00:00:00'),
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('start date should not be greater than end date'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(api.calls('GET /api/audit/logs')).toHaveLength(1);
    expect(api.calls('POST /api/tasks')).toHaveLength(0);

    await pickDay(user, 'End date', 25);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      expect(api.calls('GET /api/audit/logs')).toHaveLength(2);
    });
    expect(screen.queryByText('start date should not be greater than end date')).toBeNull();
    const query = api.calls('GET /api/audit/logs')[1]?.query;
    expect(query?.get('startDate')).toBe(dayjs().date(20).startOf('day').toISOString());
    expect(query?.get('endDate')).toBe(dayjs().date(25).startOf('day').toISOString());
  });

  it('offers the time in 15-minute steps', async () => {
    auditApi('super_user');
    const user = userEvent.setup();
    renderWithProviders(<AuditTrailPage />, { path: '/AuditTrail' });
    await user.click(screen.getByLabelText('Start date'));
    const dialog = await screen.findByRole('dialog');
    const [, minutes] = within(dialog).getAllByRole('spinbutton');
    await user.click(minutes as HTMLElement);
    // The dropdown's columns: hours, minutes (in steps of 15) and seconds.
    const fortyFives = await screen.findAllByRole('button', { name: '45' });
    const columns = fortyFives.map((button) =>
      within(button.parentElement as HTMLElement)
        .getAllByRole('button')
        .map((choice) => choice.textContent),
    );
    expect(columns).toContainEqual(['00', '15', '30', '45']);
    expect(columns.map((column) => column.length)).toEqual([4, 60]);
  });

  it('lets the platform administrator filter by account', async () => {
    const api = auditApi('super_admin', {
      'GET /api/account/list': ok([
        {
          id: ids.account,
          companyName: 'Demo Laboratory',
          email: 'owner@demo.vigil.test',
          offlineAlarmEnable: 1,
          alarmSensorName: '',
          voiceCall: false,
          smsLimit: 100,
          status: 'active',
          purgeAfter: null,
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      ]),
    });
    const user = userEvent.setup();
    renderWithProviders(<AuditTrailPage />, { path: '/AuditTrail' });
    await screen.findByTestId('audit-table');
    await user.click(screen.getByRole('combobox', { name: 'Account' }));
    await user.click(await screen.findByRole('option', { name: 'Demo Laboratory' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      expect(api.calls('GET /api/audit/logs').at(-1)?.query.get('accountId')).toBe(ids.account);
    });
  });

  it('exports the PDF as a task polled every 5 s, then opens it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const resultUrl = `/api/files/exports/${taskId}?token=abc`;
    const api = auditApi('super_user', {
      'POST /api/tasks': { status: 201, body: { data: taskOf({}) } },
      [`GET /api/tasks/${taskId}`]: ok(taskOf({ status: 'completed', progress: 100, resultUrl })),
    });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderWithProviders(<AuditTrailPage />, { path: '/AuditTrail' });
    await screen.findByTestId('audit-table');
    await user.click(screen.getByRole('combobox', { name: 'Event' }));
    await user.click(await screen.findByRole('option', { name: 'Account' }));
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));

    expect(await screen.findByText('Queued — 0%')).toBeInTheDocument();
    expect(api.calls('POST /api/tasks')[0]?.body).toEqual({
      type: 'log_data',
      event: 'account',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(open).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    await waitFor(() => {
      expect(open).toHaveBeenCalledWith(resultUrl, '_blank', 'noopener');
    });
    expect(api.calls(`GET /api/tasks/${taskId}`)).toHaveLength(1);
    expect(screen.getByText('Completed — 100%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the PDF' })).toHaveAttribute('href', resultUrl);
  });
});
