import { useQuery } from '@tanstack/react-query';
import { unwrap } from 'aisle/client';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { type Schemas, useClient } from './api.ts';

/**
 * What the merchandising screens work on: the live release, or a draft (an import not yet
 * published, whose release files are read over the live ones). Kept for the tab, like the key.
 */
interface DraftChoice {
  draft: number | undefined;
  choose(draft: number | undefined): void;
}

const DRAFT_ITEM = 'aisle.draft';
const DraftContext = createContext<DraftChoice>({ draft: undefined, choose: () => undefined });

export function DraftProvider({ children }: { children: ReactNode }) {
  const [draft, setDraft] = useState<number | undefined>(() => {
    const kept = Number(sessionStorage.getItem(DRAFT_ITEM));
    return Number.isInteger(kept) && kept > 0 ? kept : undefined;
  });
  const choose = (next: number | undefined) => {
    if (next === undefined) sessionStorage.removeItem(DRAFT_ITEM);
    else sessionStorage.setItem(DRAFT_ITEM, String(next));
    setDraft(next);
  };
  return <DraftContext.Provider value={{ draft, choose }}>{children}</DraftContext.Provider>;
}

export function useDraft(): DraftChoice {
  return useContext(DraftContext);
}

/** Every import still a draft, newest first (a shop keeps a few at a time). */
export function useDrafts() {
  const client = useClient();
  return useQuery({
    queryKey: ['imports', 'drafts'],
    queryFn: async () => {
      const list = await unwrap(client.GET('/api/v1/imports', { params: { query: { per_page: 100 } } }));
      return list.data.filter((item: Schemas['ImportSummary']) => item.status === 'draft');
    },
  });
}

/** The draft chooser in the header: "Live" or one of the drafts. */
export function DraftPicker() {
  const { draft, choose } = useDraft();
  const drafts = useDrafts();
  const known = drafts.data ?? [];
  // A draft published or discarded elsewhere is no longer one to work on.
  useEffect(() => {
    if (draft !== undefined && drafts.isSuccess && !known.some((item) => item.id === draft))
      choose(undefined);
  });
  const items = [
    { id: 'live', name: 'Live release' },
    ...known.map((item) => ({
      id: String(item.id),
      name: `Draft ${item.id}: ${item.export.name ?? 'export'}`,
    })),
  ];
  return (
    <Select
      className="draft-picker"
      selectedKey={draft === undefined ? 'live' : String(draft)}
      onSelectionChange={(key) => choose(key === 'live' ? undefined : Number(key))}
    >
      <Label>Working on</Label>
      <Button>
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover>
        <ListBox items={items}>{(item) => <ListBoxItem id={item.id}>{item.name}</ListBoxItem>}</ListBox>
      </Popover>
    </Select>
  );
}
