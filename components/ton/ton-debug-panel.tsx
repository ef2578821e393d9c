"use client";

import {
  CHAIN,
  TonConnectButton,
  UserRejectsError,
  toUserFriendlyAddress,
  useIsConnectionRestored,
  useTonConnectUI,
  useTonWallet,
  type Feature,
} from "@tonconnect/ui-react";
import { useAllStrings } from "@/lib/client/feature-strings";
import { actionsConfiguration, telegramBotLink } from "@/lib/client/ton/config";
import { TonConnectProvider } from "./ton-connect-provider";
import styles from "./ton.module.css";

/** How long a wallet may take to confirm the test transfer (the protocol's message TTL). */
const VALID_FOR_SECONDS = 5 * 60;

function featureLabel(feature: Feature): string {
  if (typeof feature === "string") return feature;
  const { name, ...params } = feature;
  return Object.keys(params).length ? `${name} ${JSON.stringify(params)}` : name;
}

function Fields({ rows }: { rows: [string, string][] }) {
  return (
    <dl className={styles.fields}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: "contents" }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ConnectedWallet() {
  const t = useAllStrings();
  const ton = t.debug.ton;
  const wallet = useTonWallet();
  const [ui] = useTonConnectUI();
  if (!wallet) return null;
  const { account, device } = wallet;
  const testnet = account.chain === CHAIN.TESTNET;
  const friendly = toUserFriendlyAddress(account.address, testnet);

  // A zero-value transfer to the wallet's own address: harmless, and it drives the widget's
  // confirm / sent / cancelled notices. The options are passed explicitly (see OptionsSync).
  const sendTest = async () => {
    try {
      await ui?.sendTransaction(
        {
          validUntil: Math.floor(Date.now() / 1000) + VALID_FOR_SECONDS,
          messages: [{ address: friendly, amount: "0" }],
        },
        actionsConfiguration(telegramBotLink()),
      );
    } catch (error) {
      // The widget already shows 'Transaction cancelled'; anything else is worth a warning.
      if (!(error instanceof UserRejectsError)) console.warn("TON Connect test transaction failed", error);
    }
  };

  return (
    <>
      {"name" in wallet && (
        <section className={styles.section} aria-label={ton.wallet}>
          <div className={styles.walletHead}>
            {/* eslint-disable-next-line @next/next/no-img-element -- remote wallet icons, not optimisable */}
            <img className={styles.walletIcon} src={wallet.imageUrl} alt="" />
            <strong>{wallet.name}</strong>
          </div>
        </section>
      )}
      <section className={styles.section}>
        <h2>{ton.account}</h2>
        <Fields
          rows={[
            [ton.address, friendly],
            [ton.rawAddress, account.address],
            [ton.chain, `${account.chain} (${testnet ? ton.testnet : ton.mainnet})`],
            [ton.publicKey, account.publicKey ?? t.debug.empty],
          ]}
        />
      </section>
      <section className={styles.section}>
        <h2>{ton.device}</h2>
        <Fields
          rows={[
            [ton.appName, device.appName],
            [ton.appVersion, device.appVersion],
            [ton.maxProtocolVersion, String(device.maxProtocolVersion)],
            [ton.platform, device.platform],
            [ton.features, device.features.map(featureLabel).join(", ")],
          ]}
        />
      </section>
      <p className={styles.hint}>{ton.sendTestHint}</p>
      <button type="button" className={styles.action} onClick={sendTest}>
        {ton.sendTest}
      </button>
    </>
  );
}

function PanelBody() {
  const t = useAllStrings();
  const ton = t.debug.ton;
  const restored = useIsConnectionRestored();
  const wallet = useTonWallet();
  return (
    <div className={styles.panel}>
      <TonConnectButton />
      {!restored ? (
        <p className={styles.hint}>{t.common.loading}</p>
      ) : wallet ? (
        <ConnectedWallet />
      ) : (
        <p className={styles.hint}>{ton.disconnected}</p>
      )}
    </div>
  );
}

/** The /ton-connect page body: the button, then the connected wallet, account and device. */
export function TonDebugPanel() {
  return (
    <TonConnectProvider>
      <PanelBody />
    </TonConnectProvider>
  );
}
