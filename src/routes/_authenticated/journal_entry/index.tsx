import { PERMISSIONS } from '@contract/permissions';
import { createFileRoute } from '@tanstack/react-router';
import { UnderConstructionPage } from '@/components/pages/under-construction';

export const Route = createFileRoute('/_authenticated/journal_entry/')({
  staticData: { permission: PERMISSIONS.viewJournalEntry },
  component: JournalEntryPage,
});

function JournalEntryPage() {
  return <UnderConstructionPage title="Journal Entry" />;
}
