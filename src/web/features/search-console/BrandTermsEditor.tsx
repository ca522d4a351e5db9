// A site's brand terms on the CTR Models screen (issue 30 item 5): queries containing one are brand queries
// when a model is fitted for brand or non-brand queries only. Lists the stored terms and replaces them.
import { useState } from 'react';
import { Alert, Button, Group, TagsInput, Text } from '@mantine/core';
import { describeError } from '../../api/client';
import { useBrandTerms, useSetBrandTerms } from '../../api/use-ctr-models';

export function BrandTermsEditor({ site }: { site: string }) {
  const stored = useBrandTerms(site);
  const save = useSetBrandTerms();
  // The terms being edited; null shows the stored ones.
  const [draft, setDraft] = useState<string[] | null>(null);
  const terms = draft ?? stored.data?.terms ?? [];
  const changed = draft !== null && draft.join('\n') !== (stored.data?.terms ?? []).join('\n');
  return (
    <form
      aria-label={`Brand terms of ${site}`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ site, terms }, { onSuccess: () => setDraft(null) });
      }}
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TagsInput
          label={`Brand terms of ${site}`}
          description="A query containing one is a brand query. Enter or comma adds a term."
          placeholder={terms.length === 0 ? 'e.g. your brand, its product names' : undefined}
          value={terms}
          onChange={setDraft}
          disabled={stored.isPending}
          clearable
          style={{ flex: '1 1 260px', maxWidth: 520 }}
        />
        <Button type="submit" variant="light" disabled={!changed} loading={save.isPending}>
          Save brand terms
        </Button>
      </Group>
      {stored.isError && (
        <Text size="sm" c="red" mt={4}>
          The brand terms could not be loaded: {describeError(stored.error)}
        </Text>
      )}
      {save.isError && (
        <Alert color="red" mt="sm" title="The brand terms were not saved">
          {describeError(save.error)}
        </Alert>
      )}
    </form>
  );
}
