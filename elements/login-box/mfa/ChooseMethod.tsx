import { css } from '@emotion/react';
import { kitDeviceType } from '../../../core/api/mfa';
import { activeStrategies } from '../../../core/flows/mfa';
import { Button } from '../../ui/Button';
import { mutedStyle } from '../../ui/styles';
import { en, Footer, type ScreenProps } from './mfaScreen';

const choiceList = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '8px',
  listStyle: 'none',
  padding: 0,
  margin: 0,
});

/** verify: the devices (enrolled) or the strategies (forced enrolment) to choose from. */
export function ChooseMethod(props: ScreenProps) {
  const { info, setView } = props;
  const choices: Array<{ key: string; label: string; go: () => void }> = [];
  if (info.enrolled) {
    for (const d of info.devices.authenticators)
      choices.push({
        key: d.id,
        label: en.mfa.authenticatorDevice,
        go: () => setView({ screen: 'authenticatorApp', deviceId: d.id }),
      });
    for (const d of info.devices.phones)
      choices.push({
        key: d.id,
        label: en.mfa.smsDevice(d.phoneNumber ?? ''),
        go: () => setView({ screen: 'smsVerifyCode', deviceId: d.id, phoneNumber: d.phoneNumber ?? '' }),
      });
    for (const d of info.devices.emails ?? [])
      choices.push({
        key: d.id,
        label: en.mfa.emailDevice(d.email ?? ''),
        go: () => setView({ screen: 'emailVerifyCode' }),
      });
    for (const d of info.devices.webauthn)
      choices.push({
        key: d.id,
        label: en.mfa.webauthnDevice(d.deviceType),
        go: () => setView({ screen: 'webauthn', deviceId: d.id, deviceType: kitDeviceType(d.deviceType) }),
      });
  } else {
    for (const strategy of activeStrategies(info.strategies)) {
      const label = en.mfa.strategies[strategy];
      if (!label) continue;
      const go =
        strategy === 'AuthenticatorApp'
          ? () => setView({ screen: 'authenticatorApp' })
          : strategy === 'SMS'
            ? () => setView({ screen: 'smsSetPhoneNumber' })
            : strategy === 'EmailCode'
              ? () => setView({ screen: 'emailVerifyCode' })
              : () =>
                  setView({
                    screen: 'webauthn',
                    deviceType: strategy === 'WebAuthnPlatform' ? 'platform' : 'cross-platform',
                  });
      choices.push({ key: strategy, label, go });
    }
  }
  return (
    <>
      <p css={mutedStyle}>{info.enrolled ? en.mfa.chooseDevice : en.mfa.chooseStrategy}</p>
      <ul css={choiceList} part="mfa-methods">
        {choices.map((c) => (
          <li key={c.key}>
            <Button variant="secondary" partName="mfa-method" onClick={c.go}>
              {c.label}
            </Button>
          </li>
        ))}
      </ul>
      <Footer {...props} />
    </>
  );
}
