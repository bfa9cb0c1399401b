import { Button, Form } from 'antd';
import { RoomFields } from '../forms/room-fields';
import { useSubmitValidation } from '../forms/use-submit-validation';
import { fieldErrors } from '../http/api-error';
import type { Room } from '../schemas/room';
import { useUpdateRoom } from './api/update-room';
import type { RoomSettingsDeps } from './room-settings-deps';

interface Settings {
  name: string;
  description: string;
  max_members: number;
}

const FIELDS = ['name', 'description', 'max_members'] as const satisfies (keyof Settings)[];

/** The room's name, description and Max Members, checked as Create Room checks them; 'Save' sends them. */
export function RoomSettingsForm({ deps, room }: { deps: RoomSettingsDeps; room: Room }) {
  const [form] = Form.useForm<Settings>();
  const update = useUpdateRoom(deps, room.id);
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
      <RoomFields />
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        Save
      </Button>
    </Form>
  );
}
