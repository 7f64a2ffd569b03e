import { describe, expect, it } from 'vitest';
import { fashionShop, violationsOf } from './fashion-shop.fixture.js';

describe('channels.json', () => {
  it('refuses a channel id two channels share', () => {
    const files = fashionShop();
    files['channels.json'].channels.push({ id: 'web', locales: ['fr'], currency: 'EUR' });
    expect(violationsOf(files)).toEqual([
      {
        file: 'channels.json',
        pointer: '/channels/2/id',
        message: 'The channel id "web" names an earlier channel too: give each channel its own id.',
      },
    ]);
  });

  it('refuses a locale a channel lists twice', () => {
    const files = fashionShop();
    files['channels.json'].channels[0]!.locales.push('de');
    expect(violationsOf(files)).toEqual([
      {
        file: 'channels.json',
        pointer: '/channels/0/locales/2',
        message: 'The locale "de" is listed twice for channel "web": list it once.',
      },
    ]);
  });

  it('lets two channels serve one locale', () => {
    const files = fashionShop();
    files['channels.json'].channels[1]!.locales.push('en');
    expect(violationsOf(files)).toEqual([]);
  });
});

describe('channels.json context', () => {
  it('refuses a context key declared twice', () => {
    const files = fashionShop();
    files['channels.json'].context!.push({ key: 'device', values: ['tablet'] });
    expect(violationsOf(files)).toEqual([
      {
        file: 'channels.json',
        pointer: '/context/2/key',
        message: 'The context key "device" is declared before: declare each key once, with all its values.',
      },
    ]);
  });

  it('refuses a value a context key lists twice', () => {
    const files = fashionShop();
    files['channels.json'].context![0]!.values!.push('mobile');
    expect(violationsOf(files)).toEqual([
      {
        file: 'channels.json',
        pointer: '/context/0/values/2',
        message: 'The value "mobile" is listed twice for the context key "device": list it once.',
      },
    ]);
  });
});
