import { type CreateRoomPayload, fieldErrors, MAX_MEMBERS_DEFAULT, useSubmitValidation } from '@chat/shared';
import { RoomFields } from '@chat/shared/room-fields';
import { Form, Modal } from 'antd';

import { useCreateRoom } from './api/create-room';
import { PrivateSwitch } from './private-switch';

interface CreateRoomModalProps {
  open: boolean;
  onClose: () => void;
}

const FIELDS = ['name', 'description', 'max_members'] as const satisfies (keyof CreateRoomPayload)[];
const initialValues: Partial<CreateRoomPayload> = { max_members: MAX_MEMBERS_DEFAULT };

export function CreateRoomModal({ open, onClose }: CreateRoomModalProps) {
  const [form] = Form.useForm<CreateRoomPayload>();
  const createRoom = useCreateRoom();
  const { validateTrigger, markAttempted, reset } = useSubmitValidation();

  const save = ({ private: isPrivate, ...values }: CreateRoomPayload) => {
    markAttempted();
    if (createRoom.isPending) return;
    createRoom.mutate(
      // `private` only when on: an API from before private rooms never sees a field it does not know.
      {
        ...values,
        name: values.name.trim(),
        description: values.description.trim(),
        ...(isPrivate ? { private: true } : {}),
      },
      { onSuccess: onClose, onError: (error) => form.setFields(fieldErrors(error, FIELDS)) },
    );
  };

  return (
    <Modal
      title="Create Room"
      open={open}
      okText="Save"
      cancelText="Cancel"
      okButtonProps={{ htmlType: 'submit' }}
      confirmLoading={createRoom.isPending}
      onCancel={onClose}
      afterClose={() => {
        // Each opening starts blank with the default Max Members. (Not `clearOnDestroy`: StrictMode's
        // mount, unmount, mount cleared the default too, leaving Max Members empty in development.)
        form.resetFields();
        reset();
        createRoom.reset();
      }}
      destroyOnHidden
      // The form wraps the footer too, so Save is its submit button and Enter in a field submits.
      modalRender={(dialog) => (
        <Form<CreateRoomPayload>
          form={form}
          name="create-room"
          layout="vertical"
          requiredMark={false}
          initialValues={initialValues}
          validateTrigger={validateTrigger}
          onFinish={save}
          onFinishFailed={markAttempted}
        >
          {dialog}
        </Form>
      )}
    >
      <RoomFields autoFocus />
      <Form.Item name="private" valuePropName="checked">
        <PrivateSwitch />
      </Form.Item>
    </Modal>
  );
}
