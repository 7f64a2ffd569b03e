import { Type } from '@sinclair/typebox';
import { CampaignInsights, Insights, InsightsQuery } from '../../contracts/insights.js';
import { Problem } from '../../contracts/problem.js';
import type { HttpServer } from '../../http/server.js';
import type { ControlDeps } from '../services/deps.js';
import { campaignInsights, searchInsights } from '../services/insights.js';

const PARAMETERS =
  'Parameters: `from` and `to` (UTC days, `YYYY-MM-DD`; default the last seven days up to today), `channel` and `locale` (default all), `traffic` (`shopper`, the only traffic reports count). 422 for a day that is no calendar day or lies ahead, a range backwards or longer than 366 days, or another traffic.';

/** The reports merchandisers read: searches, queries, filters, categories, and sponsored campaigns. */
export function insightRoutes(app: HttpServer, deps: ControlDeps): void {
  app.get(
    '/insights',
    {
      schema: {
        tags: ['management'],
        operationId: 'getInsights',
        summary: 'What shoppers searched and clicked, what found nothing, filters chosen',
        description: `Counted by the roll-up of the search log (it runs every minute); a query counts on a day once two page views typed it. ${PARAMETERS} \`limit\` caps each list (1 to 100, default 20).`,
        querystring: InsightsQuery,
        response: {
          200: Type.Ref(Insights),
          400: Type.Ref(Problem),
          401: Type.Ref(Problem),
          422: Type.Ref(Problem),
        },
      },
    },
    async (request) => searchInsights(deps, request.query),
  );

  app.get(
    '/insights/campaigns',
    {
      schema: {
        tags: ['management'],
        operationId: 'getCampaignInsights',
        summary: 'Views and clicks per sponsored campaign',
        description: `Views, clicks and click-through of sponsored hits per campaign and day, as their events name the campaign. ${PARAMETERS}`,
        querystring: Type.Omit(InsightsQuery, ['limit']),
        response: {
          200: Type.Ref(CampaignInsights),
          400: Type.Ref(Problem),
          401: Type.Ref(Problem),
          422: Type.Ref(Problem),
        },
      },
    },
    async (request) => campaignInsights(deps, request.query),
  );
}
