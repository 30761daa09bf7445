import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GatewayLog } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, type FakeRequest } from '../../../test/fake-api';
import { pageOf, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import GatewayLogsPage from './gateway-logs-page';

const lines: GatewayLog[] = Array.from({ length: 12 }, (_, index) => ({
  id: 100 - index,
  gatewayId: index % 2 === 0 ? 'gw-lab-01' : 'gw-lab-02',
  message: `line ${index}`,
  createdAt: new Date(Date.UTC(2026, 10, 23, 10, 0, 59 - index)).toISOString(),
}));

/** The fake server pages and filters like the real one. */
function logsApi() {
  signInAs('super_admin');
  return fakeApi({
    'GET /api/gateway/gatewayLogs': (request: FakeRequest) => {
      const page = Number(request.query.get('page'));
      const pageSize = Number(request.query.get('pageSize'));
      const gatewayId = request.query.get('gatewayId');
      const matching = gatewayId ? lines.filter((line) => line.gatewayId === gatewayId) : lines;
      const slice = matching.slice((page - 1) * pageSize, page * pageSize);
      return ok({
        ...pageOf(slice, page, matching.length),
        meta: {
          pagination: {
            page,
            pageSize,
            total: matching.length,
            totalPages: Math.max(1, Math.ceil(matching.length / pageSize)),
            currentPage: page,
          },
        },
      });
    },
  });
}

describe('gateway logs page', () => {
  it('shows the lines 10 a page with the spec’s texts', async () => {
    const api = logsApi();
    const user = userEvent.setup();
    renderWithProviders(<GatewayLogsPage />, { path: '/gatewaylogs' });
    expect(screen.getByRole('heading', { level: 1, name: 'GatewayLogs' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Gateways Logs List' })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('search by GatewayId')).toBeInTheDocument();
    const table = await screen.findByTestId('gateway-logs-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Gateway ID', 'Message', 'Created At']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByRole('row', { name: /line 0/ })).toHaveTextContent(
      'gw-lab-01line 023/11/2026, 10:00:59',
    );
    expect(screen.getByTestId('pagination-summary')).toHaveTextContent(
      'Showing 1 to 10 of all results',
    );
    expect(api.calls('GET /api/gateway/gatewayLogs')[0]?.query.get('pageSize')).toBe('10');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => {
      expect(screen.getByTestId('pagination-summary')).toHaveTextContent(
        'Showing 11 to 12 of all results',
      );
    });
    expect(screen.getByText('line 11')).toBeInTheDocument();
  });

  it('searches for the trimmed gateway id only when there is one; clearing shows every line', async () => {
    const api = logsApi();
    const user = userEvent.setup();
    renderWithProviders(<GatewayLogsPage />, { path: '/gatewaylogs' });
    await screen.findByTestId('gateway-logs-table');
    const box = screen.getByPlaceholderText('search by GatewayId');
    await user.type(box, '  gw-lab-02 ');
    await waitFor(() => {
      expect(screen.getByTestId('pagination-summary')).toHaveTextContent(
        'Showing 1 to 6 of all results',
      );
    });
    expect(api.calls('GET /api/gateway/gatewayLogs').at(-1)?.query.get('gatewayId')).toBe(
      'gw-lab-02',
    );
    expect(screen.queryByText('gw-lab-01')).toBeNull();

    await user.clear(box);
    await waitFor(() => {
      expect(screen.getByTestId('pagination-summary')).toHaveTextContent(
        'Showing 1 to 10 of all results',
      );
    });
    expect(screen.getAllByText('gw-lab-01')).toHaveLength(5);
    // Only trimmed, non-empty ids were ever sent.
    const sent = api
      .calls('GET /api/gateway/gatewayLogs')
      .map((call) => call.query.get('gatewayId'));
    expect(new Set(sent)).toEqual(new Set([null, 'gw-lab-02']));
  });
});
