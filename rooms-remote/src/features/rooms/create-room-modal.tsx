import {
  type CreateRoomPayload,
  fieldErrors,
  MAX_MEMBERS_DEFAULT,
  MAX_MEMBERS_MAX,
  MAX_MEMBERS_MIN,
  ROOM_DESCRIPTION_MAX,
  ROOM_NAME_MAX,
  useSubmitValidation,
} from '@chat/shared';
import { FIELD_LABELS, requiredMessage } from '@chat/shared/schemas';
import { Form, Input, InputNumber, Modal } from 'antd';

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
      <Form.Item
        label={FIELD_LABELS.name}
        name="name"
        rules={[{ required: true, whitespace: true, message: requiredMessage(FIELD_LABELS.name) }]}
      >
        <Input maxLength={ROOM_NAME_MAX} autoFocus />
      </Form.Item>
      <Form.Item
        label={FIELD_LABELS.description}
        name="description"
        rules={[{ required: true, whitespace: true, message: requiredMessage(FIELD_LABELS.description) }]}
      >
        {/* Fixed rows: autoSize measures with a style attribute, which the CSP refuses. */}
        <Input.TextArea maxLength={ROOM_DESCRIPTION_MAX} rows={3} />
      </Form.Item>
      <Form.Item
        label={FIELD_LABELS.max_members}
        name="max_members"
        extra={`Between ${MAX_MEMBERS_MIN} and ${MAX_MEMBERS_MAX}`}
        rules={[{ required: true, message: requiredMessage(FIELD_LABELS.max_members) }]}
      >
        {/* Out-of-range numbers are clamped to min/max on blur; precision 0 keeps whole members. */}
        <InputNumber
          controls={false}
          min={MAX_MEMBERS_MIN}
          max={MAX_MEMBERS_MAX}
          step={1}
          precision={0}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item name="private" valuePropName="checked">
        <PrivateSwitch />
      </Form.Item>
    </Modal>
  );
}
