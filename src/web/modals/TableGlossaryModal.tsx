// TABLE_GLOSSARY: what each column of a table means, looked up by the table's store name.
import { Modal, Table, Text } from '@mantine/core';
import { GLOSSARIES } from './glossaries';
import { useModalSlot } from './use-modal-slot';

export function TableGlossaryModal() {
  const { opened, data, close } = useModalSlot('TABLE_GLOSSARY');
  const glossary = data ? GLOSSARIES[data.storeName] : undefined;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={glossary ? `${glossary.title}: columns` : 'Columns'}
      centered
      size="lg"
    >
      {glossary ? (
        <Table verticalSpacing="xs" withRowBorders>
          <Table.Tbody>
            {glossary.entries.map((e) => (
              <Table.Tr key={e.term}>
                <Table.Th scope="row" w={150} style={{ verticalAlign: 'top' }}>
                  {e.term}
                </Table.Th>
                <Table.Td>
                  <Text size="sm">{e.definition}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm">This table has no glossary.</Text>
      )}
    </Modal>
  );
}
