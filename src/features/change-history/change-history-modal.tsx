import type { HistorySubject } from '@contract/change-history';
import { Modal } from '@mantine/core';
import { ChangeHistory } from './change-history';
import { UI_CHANGE_HISTORY } from './copy';

interface ChangeHistoryModalProps {
  subject: HistorySubject;
  /** The record shown; null when closed. */
  record: { id: string; name: string } | null;
  onClose: () => void;
}

/** A record's change history over a list that has no detail page (GL accounts). */
export function ChangeHistoryModal({ subject, record, onClose }: ChangeHistoryModalProps) {
  return (
    <Modal
      opened={record !== null}
      onClose={onClose}
      title={record ? UI_CHANGE_HISTORY.historyOf(record.name) : ''}
      size="lg"
    >
      {record ? <ChangeHistory subject={subject} subjectId={record.id} /> : null}
    </Modal>
  );
}
