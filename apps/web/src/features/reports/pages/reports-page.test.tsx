import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Report, ReportRun, Role } from '@vigil/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok, type FakeReply, type FakeRequest } from '../../../test/fake-api';
import { deviceOf, ids, pageOf, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { reportTypeStorageKey } from '../components/use-report-type';
import { reportOf } from '../test/report-fixtures';
import ReportsPage from './reports-page';

const environment = Array.from({ length: 12 }, (_, index) =>
  reportOf({
    id: `00000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
    name: `Fridges ${String(index + 1)}`,
    pressure: index === 0,
    enable: index !== 1,
  }),
);
const optional = [
  reportOf({
    id: '00000000-0000-4000-8000-0000000002aa',
    type: 'optional',
    name: 'Door watch',
    temp: false,
    humidity: false,
    carbon: false,
    door: true,
    lnlvl: true,
    lntmp: true,
    water: false,
  }),
];

/** The fake server pages and filters the reports like the real one. */
function reportsApi(
  role: Role,
  extra: Record<string, FakeReply | ((r: FakeRequest) => FakeReply)> = {},
) {
  signInAs(role);
  return fakeApi({
    'GET /api/reports': (request) => {
      const page = Number(request.query.get('page'));
      const list = request.query.get('type') === 'optional' ? optional : environment;
      return ok(pageOf(list.slice((page - 1) * 10, page * 10), page, list.length));
    },
    [`GET /api/device/${role === 'user' ? ids.viewer : ids.owner}/`]: ok(
      pageOf([
        deviceOf(),
        deviceOf({ id: ids.otherDevice, name: 'Incubator 2', deviceId: '00:1a:2b:3c:4d:5f' }),
      ]),
    ),
    'GET /api/user/userIds': ok([
      { id: ids.viewer, name: 'Victor Viewer', email: 'viewer@demo.vigil.test', role: 'user' },
    ]),
    ...extra,
  });
}

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

async function pick(
  user: ReturnType<typeof userEvent.setup>,
  modal: HTMLElement,
  field: RegExp,
  option: RegExp,
) {
  await user.click(within(modal).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** An error or success toast (Mantine's notifications are alerts). */
const toast = async (text: string) =>
  (await screen.findAllByText(text, { selector: '[role="alert"] *' }))[0];

/** A validation message under a field of the form (issue 19), not a toast. */
async function besideField(modal: HTMLElement, text: string): Promise<HTMLElement> {
  const message = await within(modal).findByText(text);
  expect(screen.queryAllByText(text, { selector: '[role="alert"] *' })).toHaveLength(0);
  return message;
}

describe('reports page', () => {
  it('lists the stored report type, 10 a page, and remembers a changed type', async () => {
    window.localStorage.setItem(reportTypeStorageKey, '1');
    const api = reportsApi('super_user');
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<ReportsPage />, { path: '/reports' });
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(screen.getByText('Welcome to your reports')).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();

    // Restored: the optional reports, asked with type=optional.
    let table = await screen.findByTestId('reports-table');
    expect(api.calls('GET /api/reports')[0]?.query.get('type')).toBe('optional');
    expect(api.calls('GET /api/reports')[0]?.query.get('pageSize')).toBe('10');
    expect(screen.getByRole('radio', { name: 'Optional' })).toBeChecked();
    expect(headers(table)).toEqual([
      'Report name',
      'Door opening',
      'Spill sensor',
      'Report',
      'Created at',
      'Action',
    ]);
    expect(within(table).getByRole('row', { name: /Door watch/ })).toHaveTextContent(
      'Door watchEnabledDisabledEnabled20/11/2026, 09:30',
    );

    await user.click(screen.getByRole('radio', { name: 'Environment' }));
    await waitFor(() => {
      expect(screen.getByTestId('reports-table')).toHaveTextContent('Fridges 1');
    });
    expect(window.localStorage.getItem(reportTypeStorageKey)).toBe('0');
    expect(api.calls('GET /api/reports').at(-1)?.query.get('type')).toBeNull();
    table = screen.getByTestId('reports-table');
    expect(headers(table)).toEqual([
      'Report name',
      'Temperature',
      'Humidity',
      'Carbon',
      'Pressure',
      'Thermocouple',
      'Report',
      'Created at',
      'Action',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByRole('row', { name: /Fridges 2\b/ })).toHaveTextContent(
      'Fridges 2EnabledEnabledEnabledDisabledDisabledDisabled',
    );
    expect(screen.getByTestId('pagination-summary')).toHaveTextContent(
      'showing 1 to 10 of 12 results',
    );
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => {
      expect(screen.getByTestId('pagination-summary')).toHaveTextContent(
        'showing 11 to 12 of 12 results',
      );
    });

    // A later visit opens on the environment reports.
    unmount();
    renderWithProviders(<ReportsPage />, { path: '/reports' });
    await screen.findByTestId('reports-table');
    expect(screen.getByRole('radio', { name: 'Environment' })).toBeChecked();
    expect(api.calls('GET /api/reports').at(-1)?.query.get('type')).toBeNull();
  });

  it('validates the form with the spec’s messages, then adds and reloads at page 1', async () => {
    const api = reportsApi('super_user', {
      'POST /api/reports': { status: 201, body: { data: reportOf({ name: 'Night fridges' }) } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ReportsPage />, { path: '/reports' });
    await screen.findByTestId('reports-table');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => {
      expect(api.calls('GET /api/reports').at(-1)?.query.get('page')).toBe('2');
    });

    await user.click(screen.getByRole('button', { name: 'Add environment report' }));
    const modal = await screen.findByTestId('addEditEnvironmentReport');
    expect(within(modal).getByRole('checkbox', { name: 'Temperature' })).toBeChecked();
    expect(within(modal).getByRole('checkbox', { name: 'Pressure' })).not.toBeChecked();
    const save = within(modal).getByRole('button', { name: 'Save' });

    await user.click(save);
    expect(await besideField(modal, 'report name is required')).toBeVisible();
    // Every complaint at once, each under its field.
    expect(await besideField(modal, 'please select at least one device')).toBeVisible();
    await user.type(within(modal).getByRole('textbox', { name: /Report name/ }), 'N');
    await user.click(save);
    expect(within(modal).getByText('report name is required')).toBeVisible();
    await user.type(within(modal).getByRole('textbox', { name: /Report name/ }), 'ight fridges');
    expect(within(modal).queryByText('report name is required')).toBeNull();

    await user.click(within(modal).getByRole('switch', { name: 'Notify admin' }));
    await user.click(save);
    expect(await besideField(modal, 'please enter at least one user')).toBeVisible();
    await user.click(within(modal).getByRole('switch', { name: 'Notify admin' }));
    expect(within(modal).queryByText('please enter at least one user')).toBeNull();

    await user.click(save);
    expect(await besideField(modal, 'please select at least one device')).toBeVisible();
    await pick(user, modal, /^Devices/, /^Fridge 1/);
    expect(within(modal).queryByText('please select at least one device')).toBeNull();
    await pick(user, modal, /^Devices/, /^Incubator 2/);
    await pick(user, modal, /^Devices/, /^Fridge 1/);
    expect(await besideField(modal, 'device already exists')).toBeVisible();
    await pick(user, modal, /^Users/, /Victor Viewer/);
    await pick(user, modal, /^Users/, /Victor Viewer/);
    expect(await besideField(modal, 'user already exists')).toBeVisible();
    await user.click(within(modal).getByRole('button', { name: 'Remove Incubator 2' }));
    await pick(user, modal, /^Devices/, /^Incubator 2/);
    expect(api.calls('POST /api/reports')).toHaveLength(0);

    const listed = api.calls('GET /api/reports').length;
    await user.click(save);
    expect(await toast('Report added')).toBeVisible();
    expect(api.calls('POST /api/reports')[0]?.body).toMatchObject({
      name: 'Night fridges',
      type: 'normal',
      temp: true,
      humidity: true,
      carbon: true,
      pressure: false,
      adminEnable: true,
      enable: true,
      frequency: 1,
      duration: 0,
      format: 0,
      sortBy: 1,
      group: 1,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      devices: [ids.device, ids.otherDevice],
      users: [ids.viewer],
    });
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Add environment report' })).toBeNull();
    });
    await waitFor(() => {
      expect(api.calls('GET /api/reports').length).toBeGreaterThan(listed);
    });
    expect(api.calls('GET /api/reports').at(-1)?.query.get('page')).toBe('1');
  });

  it('edits an optional report with its own flags and shows the server’s refusal', async () => {
    window.localStorage.setItem(reportTypeStorageKey, '1');
    const api = reportsApi('super_user', {
      [`PUT /api/reports/${optional[0]?.id ?? ''}`]: fail(
        400,
        'this user is not in the account',
        'reportRecipientUnknown',
        'users',
      ),
    });
    const user = userEvent.setup();
    renderWithProviders(<ReportsPage />, { path: '/reports' });
    await user.click(await screen.findByRole('button', { name: 'Edit Door watch' }));
    const modal = await screen.findByTestId('addEditOptionalReport');
    expect(within(modal).getByRole('textbox', { name: /Report name/ })).toHaveValue('Door watch');
    expect(within(modal).getByRole('checkbox', { name: 'Spill sensor' })).not.toBeChecked();
    expect(within(modal).queryByRole('checkbox', { name: 'Temperature' })).toBeNull();
    await user.click(within(modal).getByRole('checkbox', { name: 'Spill sensor' }));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    // The server's 400 names its field: the message shows under the users' picker.
    expect(await besideField(modal, 'this user is not in the account')).toBeVisible();
    expect(api.calls(`PUT /api/reports/${optional[0]?.id ?? ''}`)[0]?.body).toMatchObject({
      name: 'Door watch',
      type: 'optional',
      door: true,
      lnlvl: true,
      lntmp: true,
      water: true,
      devices: [ids.device],
    });
    // The form stays open on a refusal.
    expect(screen.getByTestId('addEditOptionalReport')).toBeVisible();
  });

  it('deletes after the confirmation, sends now and downloads a kept run', async () => {
    const first = environment[0] as Report;
    const run: ReportRun = {
      id: '00000000-0000-4000-8000-0000000003a1',
      reportId: first.id,
      periodStart: '2026-11-22T23:00:00.000Z',
      periodEnd: '2026-11-23T23:00:00.000Z',
      status: 'sent',
      manual: true,
      error: null,
      createdAt: '2026-11-24T08:00:00.000Z',
      sentAt: '2026-11-24T08:00:05.000Z',
      hasFile: true,
    };
    const api = reportsApi('super_user', {
      [`DELETE /api/reports/${first.id}`]: ok({ ok: true }),
      [`POST /api/reports/${first.id}/send`]: {
        status: 202,
        body: { data: { ...run, status: 'queued', sentAt: null, hasFile: false } },
      },
      [`GET /api/reports/${first.id}/runs`]: ok(pageOf([run])),
      [`GET /api/reports/${first.id}/runs/${run.id}/download`]: ok({
        url: `/api/reports/files/${run.id}?token=t0k3n`,
        fileName: 'Fridges 1 2026-11-23.pdf',
        expiresAt: '2026-11-24T09:00:00.000Z',
      }),
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    renderWithProviders(<ReportsPage />, { path: '/reports' });

    await user.click(
      await screen.findByRole('button', { name: 'Send Fridges 1 now: the last complete day' }),
    );
    // The run's period, 23 November in the report's time zone (Europe/Vaduz).
    expect(
      await toast(
        'The report Fridges 1 for 23/11/2026 – 23/11/2026 is being built and will be mailed shortly',
      ),
    ).toBeVisible();
    expect(api.calls(`POST /api/reports/${first.id}/send`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Sent reports of Fridges 1' }));
    const runs = await screen.findByTestId('reportRuns');
    const row = await within(runs).findByRole('listitem');
    expect(row).toHaveTextContent('23/11/2026SentSent now · 24/11/2026, 08:00Download');
    await user.click(
      within(row).getByRole('button', { name: 'Download the report for 23/11/2026' }),
    );
    await waitFor(() => {
      expect(clicked).toHaveLength(1);
    });
    expect(clicked[0]?.getAttribute('href')).toBe(`/api/reports/files/${run.id}?token=t0k3n`);
    expect(clicked[0]?.download).toBe('Fridges 1 2026-11-23.pdf');
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Sent reports: Fridges 1' })).toBeNull();
    });

    await user.click(screen.getByRole('button', { name: 'Delete Fridges 1' }));
    const confirm = await screen.findByTestId('deleteReport');
    expect(within(confirm).getByText('Delete report')).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.calls(`DELETE /api/reports/${first.id}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete Fridges 1' }));
    await user.click(
      within(await screen.findByTestId('deleteReport')).getByRole('button', { name: 'Confirm' }),
    );
    expect(await toast('Report deleted')).toBeVisible();
    expect(api.calls(`DELETE /api/reports/${first.id}`)).toHaveLength(1);
  });

  it('shows a user only the runs of the reports they receive', async () => {
    reportsApi('user', {
      'GET /api/reports': ok(pageOf([reportOf({ canEdit: false })])),
    });
    renderWithProviders(<ReportsPage />, { path: '/reports' });
    const table = await screen.findByTestId('reports-table');
    expect(
      within(table).getByRole('button', { name: 'Sent reports of Daily fridges' }),
    ).toBeVisible();
    expect(within(table).queryByRole('button', { name: 'Edit Daily fridges' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Delete Daily fridges' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add environment report' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add optional report' })).toBeNull();
  });

  it('says something went wrong when the list fails', async () => {
    reportsApi('super_user', {
      'GET /api/reports': fail(403, 'not allowed here'),
    });
    renderWithProviders(<ReportsPage />, { path: '/reports' });
    expect(await toast('something went wrong')).toBeVisible();
    expect(screen.queryByText('not allowed here')).toBeNull();
    expect(screen.getByText('something went wrong', { selector: 'p[role="alert"]' })).toBeVisible();
    expect(screen.queryByTestId('reports-table')).toBeNull();
  });
});
