import { type Static, Type } from '@sinclair/typebox';
import { ReleaseFile, Text } from './common.js';

export const Channel = Type.Object(
  {
    id: Type.String({
      pattern: '^[a-z0-9][a-z0-9_-]*$',
      maxLength: 64,
      description: 'Channel id, as requests name it.',
    }),
    label: Type.Optional(Text),
    locales: Type.Array(
      Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$', description: 'BCP 47 tag.' }),
      {
        minItems: 1,
        description: 'The locales the channel serves; the first is its default.',
      },
    ),
    currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code of its prices.' }),
  },
  { additionalProperties: false },
);
export type Channel = Static<typeof Channel>;

export const ContextKey = Type.Object(
  {
    key: Type.String({
      pattern: '^[a-z][a-z0-9_]*$',
      maxLength: 64,
      description: 'A key requests send in `context`.',
    }),
    values: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        minItems: 1,
        description: 'The values it takes; any when absent.',
      }),
    ),
    description: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type ContextKey = Static<typeof ContextKey>;

export const ChannelsFile = ReleaseFile('channels.json', 'Channels: the storefronts the shop sells through', {
  channels: Type.Array(Channel, {
    minItems: 1,
    description: 'The first channel is the default of every request.',
  }),
  context: Type.Optional(
    Type.Array(ContextKey, {
      description:
        'The context keys requests may send and rules may read; a key not declared here is refused.',
    }),
  ),
});
export type ChannelsFile = Static<typeof ChannelsFile>;
