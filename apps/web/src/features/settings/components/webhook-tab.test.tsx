import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../../test/fake-api';
import { signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { WebhookTab } from './webhook-tab';

const view = {
  url: 'https://hooks.example/vigil',
  enable: true,
  secret: null,
  secretHint: 'whsec_…',
  updatedAt: '2026-11-23T10:00:00.000Z',
};

describe('webhook tab', () => {
  it('creates the webhook and shows its secret once', async () => {
    signInAs('super_user');
    const api = fakeApi({
      'GET /api/account/webhooks': ok(null),
      'PUT /api/account/webhooks': ok({ ...view, secret: 'whsec_abcdef' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhookTab />);
    const url = await screen.findByLabelText(/^Webhook URL/);
    await user.type(url, 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(await screen.findByText('please enter a valid http or https URL')).toBeInTheDocument();
    await user.clear(url);
    await user.type(url, 'https://hooks.example/vigil');
    await user.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_abcdef');
    expect(api.calls('PUT /api/account/webhooks')[0]?.body).toEqual({
      url: 'https://hooks.example/vigil',
      enable: true,
      rotateSecret: false,
    });
  });

  it('rotates the secret of an existing webhook', async () => {
    signInAs('super_user');
    const api = fakeApi({
      'GET /api/account/webhooks': ok(view),
      'PUT /api/account/webhooks': ok({ ...view, secret: 'whsec_new' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhookTab />);
    expect(await screen.findByText('whsec_…')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rotate secret' }));
    await waitFor(() => {
      expect(api.calls('PUT /api/account/webhooks')[0]?.body).toMatchObject({ rotateSecret: true });
    });
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_new');
  });

  it('shows the server’s refusal of the URL under the field, not as a toast', async () => {
    signInAs('super_user');
    const refusal = 'webhooks cannot be sent to a local, private or reserved network address';
    fakeApi({
      'GET /api/account/webhooks': ok(null),
      'PUT /api/account/webhooks': fail(400, refusal, 'webhookTargetNotAllowed', 'url'),
    });
    const user = userEvent.setup();
    renderWithProviders(<WebhookTab />);
    const url = await screen.findByLabelText(/^Webhook URL/);
    await user.type(url, 'http://10.0.0.7/hook');
    await user.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(await screen.findByText(refusal)).toBeVisible();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(refusal);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
