import { isbot } from 'isbot';

/** User agents already tested, with their answer: a shop's visitors share a few hundred of them. */
const known = new Map<string, boolean>();
const KNOWN_AT_MOST = 4096;

/**
 * The traffic a request counts as: what it claims, except that a claimed shopper whose user agent
 * the maintained bot list (isbot) names is a bot. Testing one takes microseconds, so answers are
 * remembered; the search log decides this when it writes, off the request's path.
 */
export function trafficOf(claimed: string, userAgent: string | undefined): string {
  if (claimed !== 'shopper' || userAgent === undefined || userAgent === '') return claimed;
  let bot = known.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    if (known.size >= KNOWN_AT_MOST) known.clear();
    known.set(userAgent, bot);
  }
  return bot ? 'bot' : claimed;
}
