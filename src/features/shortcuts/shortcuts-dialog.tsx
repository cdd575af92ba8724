import { Kbd, Modal, Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import { UI_KIT } from '@/components/copy';
import { UI_SHORTCUTS } from './copy';

const T = UI_SHORTCUTS;

/** The list of every shortcut, opened by `?` (keyboard-shortcuts.tsx, which loads it on first use). */
export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={T.title}
      size="lg"
      closeButtonProps={{ 'aria-label': UI_KIT.dialog.close }}
    >
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{T.keys}</Table.Th>
            <Table.Th scope="col">{T.action}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {T.list.map((shortcut) => (
            <Table.Tr key={shortcut.action}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {shortcut.keys.map((key, index) => (
                  <Fragment key={key}>
                    {index > 0 ? ' + ' : null}
                    <Kbd>{key}</Kbd>
                  </Fragment>
                ))}
              </Table.Td>
              <Table.Td>{shortcut.action}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" mt="sm">
        {T.note}
      </Text>
    </Modal>
  );
}
