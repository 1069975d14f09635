/**
 * Paper trading (issue 8): paths `/api/paper/account`, `/api/paper/orders`,
 * `/api/paper/orders/{id}`, `/api/paper/reset`. Rules: api/store/paper.ts (and the OpenAPI text).
 */
import { z } from 'zod';
import { missing, SHARE_DECIMALS, TICKER_CHARACTERS, withinDecimals } from './common.ts';
import { newest, type DataThrough } from './provenance.ts';

/** Virtual cash every paper account starts with (USD). */
export const PAPER_STARTING_CASH = 100_000;
/** Most open (unfilled limit) orders per paper account, counted under the account lock (issue 13.7). */
export const PAPER_MAX_OPEN_ORDERS = 100;
/**
 * Least an order may be worth (USD, at the close it fills at or its limit), as brokers set a
 * minimum for fractional orders; a sell of every unreserved share held is allowed below it. Each
 * fill moves cash by its value rounded to the cent: orders worth less than half a cent bought
 * shares for nothing, and a position of a billionth of a share could never be sold again.
 */
export const PAPER_MIN_ORDER_USD = 1;
/** Decimal places a quantity may have (shares are kept to 8). */
export const PAPER_QUANTITY_DECIMALS = SHARE_DECIMALS;

/** `n` USD in cents, or null when it is not a whole number of cents (float noise under 1e-6 cent tolerated). */
const wholeCents = (n: number): number | null => {
  const c = n * 100;
  return Math.abs(c - Math.round(c)) < 1e-6 ? Math.round(c) : null;
};

/**
 * What a buy of `quantity` at `price` takes from cash (and adds to the position's cost): its value
 * rounded up to the cent. Rounding is always against the trader, so no sequence of fills makes
 * cash (the reporter's 20 buys of 0.01257967 AAPL at 79.89, 1.0049898 USD each, were charged 1.00
 * and sold back for 20.10).
 *
 * @example
 * paperCost(0.01257967, 79.89); // 1.01
 */
export const paperCost = (quantity: number, price: number): number => (wholeCents(quantity * price) ?? Math.ceil(quantity * price * 100)) / 100;

/**
 * What a sale of `quantity` at `price` adds to cash: its value rounded down to the cent.
 *
 * @example
 * paperProceeds(0.2515934, 79.89); // 20.09
 */
export const paperProceeds = (quantity: number, price: number): number => (wholeCents(quantity * price) ?? Math.floor(quantity * price * 100)) / 100;

/**
 * A paper order's quantity and limit price, as REST's body and the MCP tool both take them (one
 * rule, two doors: the tool took any positive number, so the decimal-place rule did not hold
 * there). Messages name no field: each door says where (`invalid body field 'quantity': ...`).
 */
export const PaperQuantity = z
  .number({ error: 'must be a number' })
  .finite()
  .positive('must be positive')
  .max(1e9, 'must be at most 1000000000')
  .refine((q) => withinDecimals(q, PAPER_QUANTITY_DECIMALS), `may have at most ${PAPER_QUANTITY_DECIMALS} decimal places`);
export const PaperLimitPrice = z.number({ error: 'must be a number' }).finite().positive('must be positive').max(1e7, 'must be at most 10000000');

const ticker = z
  .string({ error: missing("missing required body field 'ticker'") })
  .trim()
  .min(1)
  .max(12)
  .regex(TICKER_CHARACTERS, 'must be a ticker symbol')
  .toUpperCase();

export const PlaceOrderBody = z
  .object({
    ticker,
    side: z.enum(['buy', 'sell'], { error: "body field 'side' must be buy or sell" }),
    type: z.enum(['market', 'limit'], { error: "body field 'type' must be market or limit" }).default('market'),
    quantity: PaperQuantity,
    limitPrice: PaperLimitPrice.optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.type === 'limit' && b.limitPrice === undefined) ctx.addIssue({ code: 'custom', path: ['limitPrice'], message: "body field 'limitPrice' is required for a limit order" });
    if (b.type === 'market' && b.limitPrice !== undefined) ctx.addIssue({ code: 'custom', path: ['limitPrice'], message: "body field 'limitPrice' is only allowed on a limit order" });
  });

export const OrdersQuery = z.object({
  status: z.enum(['open', 'filled', 'cancelled', 'rejected']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const OrderIdParams = z.object({ id: z.string().max(64) });

export const PaperOrder = z.object({
  id: z.string(),
  ticker: z.string(),
  side: z.enum(['buy', 'sell']),
  type: z.enum(['market', 'limit']),
  quantity: z.number(),
  limitPrice: z.number().nullable(),
  status: z.enum(['open', 'filled', 'cancelled', 'rejected']),
  placedAt: z.string(),
  placedPriceDate: z.string().describe('latest trading day the service held for the ticker when the order was placed'),
  fillPrice: z.number().nullable(),
  fillDate: z.string().nullable().describe('trading day of the close the order filled at'),
  filledAt: z.string().nullable(),
  realizedPnl: z.number().nullable(),
  reason: z.string().nullable(),
  synthetic: z.boolean().describe('true when the order filled at a generated close (`fillPrice` is a sample price, not a real close); false for an order not filled'),
});
export const PaperOrderList = z.array(PaperOrder);

export const PaperPosition = z.object({
  ticker: z.string(),
  shares: z.number(),
  avgCost: z.number().describe('cash paid for the shares held, per share (each buy costs its value rounded up to the cent; sales leave it as it was)'),
  price: z.number().nullable(),
  priceDate: z.string().nullable(),
  marketValue: z.number().nullable(),
  unrealizedPnl: z.number().nullable(),
  synthetic: z.boolean().describe('true when `price` (the close valuing the position) or a fill its `avgCost` comes from was at a generated close'),
});

export const PaperAccount = z.object({
  startingCash: z.number(),
  cash: z.number(),
  reservedCash: z.number().describe('cash held back by open limit buys (quantity x limit)'),
  buyingPower: z.number().describe('cash - reservedCash: no margin'),
  marketValue: z.number(),
  equity: z.number().describe('cash + marketValue'),
  realizedPnl: z
    .number()
    .describe('what sales brought (value rounded down to the cent) less the cost of the shares sold: cash = startingCash + realizedPnl - the cost of the positions held'),
  unrealizedPnl: z.number(),
  totalPnl: z.number().describe('equity - startingCash'),
  positions: z.array(PaperPosition),
  openOrders: z.number().int(),
  createdAt: z.string(),
  resetAt: z.string().nullable(),
  disclaimer: z.string(),
  synthetic: z
    .boolean()
    .describe('true when any figure rests on a generated close: a position\'s `synthetic`, or any fill since the last reset (cash, realized P&L and equity carry its price)'),
});

/** `dataThrough` of a paper order: the close it filled at, else the latest close when it was placed. */
export const orderThrough: DataThrough<{ fillDate: string | null; placedPriceDate: string }> = (o) => o.fillDate ?? o.placedPriceDate;

/** `dataThrough` of a list of paper orders: the newest close among them. */
export const ordersThrough: DataThrough<readonly { fillDate: string | null; placedPriceDate: string }[]> = (rows) => newest(...rows.map((o) => orderThrough(o, null)));

/** `dataThrough` of the paper account: the newest close valuing a position. */
export const accountThrough: DataThrough<{ positions: readonly { priceDate: string | null }[] }> = (a) => newest(...a.positions.map((p) => p.priceDate));
