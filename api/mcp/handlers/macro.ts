/** Handlers of the macro tools (schema/mcp/macro.ts). */
import type { MACRO_TOOLS } from '../../../schema/mcp/macro.ts';
import { listSeries, noCurveMessage, seriesObservations, yieldCurve } from '../../../warehouse/queries/macro.ts';
import { NotFoundError } from '../../errors.ts';
import type { HandlerMap } from '../context.ts';

export const macroHandlers: HandlerMap<typeof MACRO_TOOLS> = {
  get_yield_curve: async ({ date, asOf }, { services }) => {
    const curve = await yieldCurve(services.warehouse, date ?? null, asOf ?? null);
    if (!curve) throw new NotFoundError(noCurveMessage(date ?? null, asOf ?? null, 'asOf'));
    return curve;
  },
  get_macro_series: async ({ id, start, end, asOf }, { services }) => {
    const rows = await seriesObservations(services.warehouse, id, { start, end, asOf });
    if (rows.length === 0) {
      const known = (await listSeries(services.warehouse)).map((s) => s.id);
      if (!known.includes(id.toUpperCase())) throw new NotFoundError(`unknown series ${id}: one of ${known.join(', ')}`);
    }
    return rows;
  },
  list_macro_series: (_args, { services }) => listSeries(services.warehouse),
};
