import { type ApiError, type Room, type RoomMember, routes, useServices, useSession } from '@chat/shared';
import { SWITCHED_ROOM } from '@chat/shared/constants';
import { directMessageKeys, startDirectMessage } from '@chat/shared/direct-messages';
import { PeoplePicker } from '@chat/shared/people-picker';
import { DIRECT_MESSAGE_OTHERS_MAX } from '@chat/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { Form, Modal } from 'antd';
import { useId, useState } from 'react';

export const NOBODY_CHOSEN = 'Choose at least one person.';

interface NewDirectMessageDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 'New direct message': choose 1 to 8 people and 'Start' opens the conversation with exactly them, the one
 * that already exists if there is one (the API answers it again).
 */
export function NewDirectMessageDialog({ open, onClose }: NewDirectMessageDialogProps) {
  const { http, navigation, queryClient } = useServices();
  const ownId = useSession((state) => state.user?.id ?? null);
  const inputId = useId();
  const [people, setPeople] = useState<RoomMember[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const start = useMutation<Room, ApiError, string[]>({
    mutationFn: (usernames) => startDirectMessage(http, usernames),
    onSuccess: (room) => {
      void queryClient.invalidateQueries({ queryKey: directMessageKeys.all, exact: true });
      onClose();
      navigation.navigate(routes.directMessage(room.id), { state: SWITCHED_ROOM });
    },
    onError: (error) => setProblem(error.message),
  });
  const submit = () => {
    if (people.length === 0) {
      setProblem(NOBODY_CHOSEN);
      return;
    }
    if (!start.isPending) start.mutate(people.map((person) => person.username));
  };

  return (
    <Modal
      title="New direct message"
      open={open}
      okText="Start"
      cancelText="Cancel"
      onOk={submit}
      confirmLoading={start.isPending}
      onCancel={onClose}
      afterClose={() => {
        setPeople([]);
        setProblem(null);
        start.reset();
      }}
      destroyOnHidden
    >
      <Form layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          label="People"
          htmlFor={inputId}
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? `Up to ${DIRECT_MESSAGE_OTHERS_MAX} people`}
        >
          <PeoplePicker
            http={http}
            ownId={ownId}
            inputId={inputId}
            label="People"
            value={people}
            max={DIRECT_MESSAGE_OTHERS_MAX}
            invalid={problem !== null}
            onChange={(next) => {
              setPeople(next);
              setProblem(null);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
