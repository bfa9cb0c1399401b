import { useQuery } from '@tanstack/react-query';
import { Flex, Tag, theme } from 'antd';
import { useCombobox, useMultipleSelection } from 'downshift';
import { useDeferredValue, useState } from 'react';
import { searchUsers } from '../api/direct-messages';
import type { HttpClient } from '../http/create-http-client';
import type { RoomMember } from '../schemas/room';

interface PeoplePickerProps {
  /**
   * The app's HTTP client and signed-in user, passed in: this module is bundled into each remote, so a context
   * of its own would be a copy, not the one the shell provides.
   */
  http: HttpClient;
  ownId: number | null;
  inputId: string;
  /** The field's label, which names the list of matches too. */
  label: string;
  value: readonly RoomMember[];
  onChange: (people: RoomMember[]) => void;
  /** How many people may be chosen; the field stops offering more at that. */
  max: number;
  invalid?: boolean;
}

/**
 * The people picker of 'New direct message' and 'Invite people'. Bundled into each remote that imports it
 * (`@chat/shared/people-picker`), not shared through the shell: shells already deployed lack it.
 *
 * A field (role `combobox`) that offers matching usernames as options while one types, and holds the people
 * chosen as tags (Backspace removes the last). Downshift does the ARIA and keyboard work: antd's Select is not
 * in the antd that deployed shells share, so a remote using it would be refused by their deploy check.
 */
export function PeoplePicker({
  http,
  ownId,
  inputId,
  label,
  value,
  onChange,
  max,
  invalid,
}: PeoplePickerProps) {
  const { token } = theme.useToken();
  const [inputValue, setInputValue] = useState('');
  const q = useDeferredValue(inputValue.trim());
  const matches = useQuery({
    queryKey: ['users', q],
    queryFn: () => searchUsers(http, q),
    enabled: q.length > 0,
    staleTime: 30_000,
    // While the next letters' answer is on its way, the last answer narrowed to them stays offered: an Enter
    // pressed then picks what is shown, rather than meeting an empty list.
    placeholderData: (previous) => previous,
  });
  const chosen = new Set(value.map((person) => person.id));
  const full = value.length >= max;
  const items =
    q.length === 0 || full
      ? []
      : (matches.data ?? []).filter(
          (person) =>
            person.id !== ownId &&
            !chosen.has(person.id) &&
            person.username.toLowerCase().startsWith(q.toLowerCase()),
        );

  const { getSelectedItemProps, getDropdownProps, removeSelectedItem } = useMultipleSelection<RoomMember>({
    selectedItems: [...value],
    itemToKey: (person) => person?.id,
    onSelectedItemsChange: ({ selectedItems }) => onChange(selectedItems),
  });
  const { isOpen, getMenuProps, getInputProps, getItemProps, highlightedIndex } = useCombobox<RoomMember>({
    items,
    inputId,
    // The typed text is downshift's own state, not a prop fed back from React state: keys typed faster than
    // React renders would otherwise be drawn over with an older value and lost.
    onInputValueChange: ({ inputValue: typed }) => setInputValue(typed ?? ''),
    selectedItem: null,
    // Enter takes the first match without an arrow key first.
    defaultHighlightedIndex: 0,
    itemToString: (person) => person?.username ?? '',
    itemToKey: (person) => person?.id,
    stateReducer: (state, { changes, type }) => {
      switch (type) {
        case useCombobox.stateChangeTypes.InputKeyDownEnter:
        case useCombobox.stateChangeTypes.ItemClick:
          // Nothing chosen (no match offered yet): what was typed stays.
          if (!changes.selectedItem) return changes;
          return { ...changes, isOpen: true, highlightedIndex: state.highlightedIndex, inputValue: '' };
        default:
          return changes;
      }
    },
    onStateChange: ({ type, selectedItem }) => {
      switch (type) {
        case useCombobox.stateChangeTypes.InputKeyDownEnter:
        case useCombobox.stateChangeTypes.ItemClick:
        case useCombobox.stateChangeTypes.InputBlur:
          if (selectedItem) onChange([...value, selectedItem]);
          break;
      }
    },
  });

  return (
    <div style={{ position: 'relative' }}>
      <Flex
        wrap
        gap={4}
        align="center"
        className={`ant-input ant-input-outlined${invalid ? ' ant-input-status-error' : ''}`}
        style={{ padding: '3px 7px' }}
      >
        {value.map((person, index) => (
          <Tag
            key={person.id}
            closable
            onClose={(event) => {
              event.preventDefault();
              removeSelectedItem(person);
            }}
            closeIcon={
              <span role="img" aria-label={`Remove ${person.username}`}>
                ×
              </span>
            }
            {...getSelectedItemProps({ selectedItem: person, index })}
            style={{ margin: 0 }}
          >
            {person.username}
          </Tag>
        ))}
        <input
          {...getInputProps(getDropdownProps({ preventKeyAction: isOpen, 'aria-labelledby': undefined }))}
          placeholder={full ? undefined : 'Type a username'}
          // The dialog opens to type a name: the focus starts here, not on its close button.
          // biome-ignore lint/a11y/noAutofocus: the field is the dialog's one purpose, as Create Room's Name is
          autoFocus
          disabled={full && value.length === 0}
          style={{
            flex: 1,
            minWidth: 120,
            border: 0,
            outline: 'none',
            background: 'transparent',
            color: token.colorText,
            font: 'inherit',
            padding: '1px 0',
          }}
        />
      </Flex>
      <ul
        // Named by the field's own label (the form's), not by a label element downshift would expect.
        {...getMenuProps({ 'aria-labelledby': undefined, 'aria-label': label })}
        style={{
          display: isOpen && items.length > 0 ? 'block' : 'none',
          position: 'absolute',
          zIndex: token.zIndexPopupBase + 50,
          insetInline: 0,
          top: '100%',
          margin: '4px 0 0',
          padding: 4,
          listStyle: 'none',
          background: token.colorBgElevated,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowSecondary,
          maxHeight: 240,
          overflowY: 'auto',
        }}
      >
        {items.map((person, index) => (
          <li
            key={person.id}
            {...getItemProps({ item: person, index })}
            style={{
              padding: `${token.paddingXXS}px ${token.paddingXS}px`,
              borderRadius: token.borderRadiusSM,
              cursor: 'pointer',
              background: highlightedIndex === index ? token.controlItemBgActive : undefined,
            }}
          >
            {person.username}
          </li>
        ))}
      </ul>
    </div>
  );
}
