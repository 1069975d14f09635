/**
 * The billing provider the configuration names (`BILLING_PROVIDER`, README "Configuration"). The
 * Stripe client (218 modules) is loaded only when Stripe is the provider.
 */
import type { Config } from '../../../schema/config.ts';
import type { Mailer } from '../../mail/interface.ts';
import type { UserStore } from '../../store/interface.ts';
import type { BillingProvider, ProviderOptions } from './interface.ts';
import { manualProvider } from './manual.ts';

export async function openBillingProvider(config: Config, deps: ProviderOptions & { store: UserStore; mailer: Mailer }): Promise<BillingProvider> {
  if (config.billingProvider === 'stripe') {
    const { stripeProvider } = await import('./stripe.ts');
    return stripeProvider({
      ...deps,
      secretKey: config.stripeSecretKey,
      webhookSecret: config.stripeWebhookSecret,
      publicUrl: config.publicUrl,
      ...(config.stripeApiBase ? { apiBase: config.stripeApiBase } : {}),
    });
  }
  return manualProvider(deps);
}
