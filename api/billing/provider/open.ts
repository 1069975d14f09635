/** The billing provider the configuration names (`BILLING_PROVIDER`, README "Configuration"). */
import type { Config } from '../../../schema/config.ts';
import type { Mailer } from '../../mail/interface.ts';
import type { UserStore } from '../../store/interface.ts';
import type { BillingProvider, ProviderOptions } from './interface.ts';
import { manualProvider } from './manual.ts';
import { stripeProvider } from './stripe.ts';

export function openBillingProvider(config: Config, deps: ProviderOptions & { store: UserStore; mailer: Mailer }): BillingProvider {
  if (config.billingProvider === 'stripe') {
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
