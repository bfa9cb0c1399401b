import { App, Button, Form, Typography } from 'antd';
import { useId, useState } from 'react';
import { PeoplePicker } from '../people/people-picker';
import type { RoomMember } from '../schemas/room';
import { useInviteMembers } from './api/owner-actions';
import type { RoomSettingsDeps } from './room-settings-deps';

export const NOBODY_TO_INVITE = 'Choose at least one person.';
/** How many people one 'Invite' takes. */
const INVITE_MAX = 20;

interface InvitePeopleSectionProps {
  deps: RoomSettingsDeps;
  roomId: number;
  ownId: number | null;
}

/** 'Invite people': choose people by username, and 'Invite' makes each a member at once. */
export function InvitePeopleSection({ deps, roomId, ownId }: InvitePeopleSectionProps) {
  const { message } = App.useApp();
  const inputId = useId();
  const [people, setPeople] = useState<RoomMember[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const invite = useInviteMembers(deps, roomId);

  const submit = () => {
    if (people.length === 0) {
      setProblem(NOBODY_TO_INVITE);
      return;
    }
    if (invite.isPending) return;
    invite.mutate(people, {
      onSuccess: (invited) => {
        setPeople([]);
        void message.success(
          invited.length === 1
            ? `${invited[0]?.username} is now a member.`
            : `${invited.length} people invited.`,
        );
      },
      onError: (error) => setProblem(error.message),
    });
  };

  return (
    <section aria-labelledby="invite-people-heading">
      <Typography.Title id="invite-people-heading" level={3} style={{ fontSize: 16 }}>
        Invite people
      </Typography.Title>
      <Form layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          label="Invite people"
          htmlFor={inputId}
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
        >
          <PeoplePicker
            http={deps.http}
            ownId={ownId}
            inputId={inputId}
            label="Invite people"
            value={people}
            max={INVITE_MAX}
            invalid={problem !== null}
            onChange={(next) => {
              setPeople(next);
              setProblem(null);
            }}
          />
        </Form.Item>
        <Button htmlType="submit" loading={invite.isPending}>
          Invite
        </Button>
      </Form>
    </section>
  );
}
