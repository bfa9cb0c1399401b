import { Form, Input, InputNumber } from 'antd';
import { FIELD_LABELS } from '../schemas/field-labels';
import { MAX_MEMBERS_MAX, MAX_MEMBERS_MIN, ROOM_DESCRIPTION_MAX, ROOM_NAME_MAX } from '../schemas/limits';
import { requiredMessage } from '../schemas/validation-texts';

/**
 * A room's Name, Description and Max Members, checked alike wherever a room is made or changed (Create Room,
 * Room settings). Inside the caller's antd Form (antd is one shared singleton, so its form context is the
 * caller's). Bundled into each remote that imports it (`@chat/shared/room-fields`).
 */
export function RoomFields({ autoFocus = false }: { autoFocus?: boolean }) {
  return (
    <>
      <Form.Item
        label={FIELD_LABELS.name}
        name="name"
        rules={[{ required: true, whitespace: true, message: requiredMessage(FIELD_LABELS.name) }]}
      >
        <Input maxLength={ROOM_NAME_MAX} autoFocus={autoFocus} />
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
    </>
  );
}
