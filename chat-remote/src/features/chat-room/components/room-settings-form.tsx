import {
  fieldErrors,
  MAX_MEMBERS_MAX,
  MAX_MEMBERS_MIN,
  ROOM_DESCRIPTION_MAX,
  ROOM_NAME_MAX,
  type Room,
  useSubmitValidation,
} from '@chat/shared';
import { FIELD_LABELS, requiredMessage } from '@chat/shared/schemas';
import { Button, Form, Input, InputNumber } from 'antd';
import { useUpdateRoom } from '../api/update-room';

interface Settings {
  name: string;
  description: string;
  max_members: number;
}

const FIELDS = ['name', 'description', 'max_members'] as const satisfies (keyof Settings)[];

/** The room's name, description and Max Members, checked as Create Room checks them; 'Save' sends them. */
export function RoomSettingsForm({ room }: { room: Room }) {
  const [form] = Form.useForm<Settings>();
  const update = useUpdateRoom(room.id);
  const { validateTrigger, markAttempted } = useSubmitValidation();

  const save = (values: Settings) => {
    markAttempted();
    if (update.isPending) return;
    update.mutate(
      { ...values, name: values.name.trim(), description: values.description.trim() },
      { onError: (error) => form.setFields(fieldErrors(error, FIELDS)) },
    );
  };

  return (
    <Form<Settings>
      form={form}
      name="room-settings"
      layout="vertical"
      requiredMark={false}
      initialValues={{ name: room.name, description: room.description, max_members: room.max_members }}
      validateTrigger={validateTrigger}
      onFinish={save}
      onFinishFailed={markAttempted}
    >
      <Form.Item
        label={FIELD_LABELS.name}
        name="name"
        rules={[{ required: true, whitespace: true, message: requiredMessage(FIELD_LABELS.name) }]}
      >
        <Input maxLength={ROOM_NAME_MAX} />
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
        <InputNumber
          controls={false}
          min={MAX_MEMBERS_MIN}
          max={MAX_MEMBERS_MAX}
          step={1}
          precision={0}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        Save
      </Button>
    </Form>
  );
}
