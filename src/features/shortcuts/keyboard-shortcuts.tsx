import { Kbd, Modal, Table, Text } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { Fragment } from 'react';
import { UI_KIT } from '@/components/copy';
import { UI_SHORTCUTS } from './copy';
import { focusListSearch, moveRowFocus } from './list-navigation';
import { ignoresShortcut } from './shortcut-guard';

const T = UI_SHORTCUTS;

/**
 * The console's single-key shortcuts (issue 24, decision 046): `/` focuses the list's search box,
 * `j` and `k` move through the list's rows (Enter opens one, as a click does: the table's own key
 * handling), `?` lists every shortcut. Ctrl+K belongs to the command palette.
 */
/** Runs the shortcut of a key; false when the key has none here (or nothing to act on). */
function runShortcut(key: string, openDialog: () => void): boolean {
  switch (key) {
    case '/':
      return focusListSearch();
    case 'j':
      return moveRowFocus(1);
    case 'k':
      return moveRowFocus(-1);
    case '?':
      openDialog();
      return true;
    default:
      return false;
  }
}

export function KeyboardShortcuts() {
  const [opened, dialog] = useDisclosure(false);

  useWindowEvent('keydown', (event) => {
    if (ignoresShortcut(event)) return;
    const handled = runShortcut(event.key, dialog.open);
    // Only a key that did something is kept from the page ('/' would start Firefox's find).
    if (handled) event.preventDefault();
  });

  return (
    <Modal
      opened={opened}
      onClose={dialog.close}
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
