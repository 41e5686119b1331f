<?php
/**
 * A complete, minimal merchant integration of the UPI gateway in PHP (standard library only).
 *
 * Creates a collection and a payout, queries them, reads the balance, receives and verifies
 * callbacks (shop.php, under PHP's built-in server started by run.sh), verifies the signed return
 * to redirect_url, and handles every amount as a decimal. Run by run.sh with SERVICE_URL,
 * MERCHANT_UID, API_KEY and API_SECRET in the environment; exits 0 when every step worked. The
 * service must be able to reach this machine's loopback address for callbacks (a sandbox started
 * with ALLOW_PRIVATE_CALLBACKS=true).
 */

declare(strict_types=1);

require __DIR__ . '/gateway.php';

function check(bool $condition, string $what): void
{
    if (!$condition) {
        throw new RuntimeException($what);
    }
}

function step(string $name): void
{
    echo "ok - $name\n";
}

/** Waits for a verified callback that shop.php recorded. */
function wait_for_callback(string $paymentUid, string $status): array
{
    $deadline = microtime(true) + (float) (getenv('WAIT_SECONDS') ?: 120);
    while (microtime(true) < $deadline) {
        foreach (glob(env('SHOP_DATA') . '/callback-*.json') as $file) {
            $fields = json_decode((string) file_get_contents($file), true);
            if (($fields['payment_uid'] ?? '') === $paymentUid && ($fields['payment_status'] ?? '') === $status) {
                return $fields;
            }
        }
        usleep(200000);
    }
    throw new RuntimeException("no $status callback for $paymentUid");
}

/** GET as the payer's browser would; answers [status, body]. */
function browse(string $url): array
{
    $body = file_get_contents($url, false, stream_context_create(['http' => ['ignore_errors' => true, 'timeout' => 30]]));
    preg_match('{^HTTP/\S+ (\d{3})}', $http_response_header[0] ?? '', $match);
    return [intval($match[1] ?? 0), (string) $body];
}

/** Follows the signed return to redirect_url as the payer's browser would. */
function return_check(array $order): void
{
    $view = request('GET', '/checkout/api/orders/' . $order['payment_uid'], null);
    // Where the checkout page sends the payer: redirect_url with merchant_order_id, payment_uid,
    // payment_status and signature added.
    $returnUrl = $view['return_url'] ?? null;
    check(is_string($returnUrl), 'the payer view has no return_url');
    [$status, $text] = browse($returnUrl);
    check($status === 200 && $text === 'verified ' . $order['payment_status'], "the return was not verified: $text");
    $tampered = str_replace('payment_status=completed', 'payment_status=failed', $returnUrl);
    check($tampered !== $returnUrl, 'the return URL carries no payment_status=completed');
    check(browse($tampered)[0] === 400, 'a tampered return was accepted');
}

function main(): void
{
    // The signer against the documented example with an empty field (docs/merchant-api.md, Signing).
    $documented = [
        'transaction_type' => 'income', 'amount' => '20', 'merchant_order_id' => 'ORD-20261123-0002',
        'merchant_uid' => 'M5F3A9C1E7B2D4086', 'from_name' => '',
        'order_uid' => '7d0b6c1e-4a55-4f0e-9d8e-2a6f3c1b9e40', 'response_type' => 'json',
    ];
    $exampleSecret = '9c4f1e8a2b7d3c6f0e5a1b9d8c7f2e4a6b3d0c9e8f7a1b2c3d4e5f60718293a4';
    check(sign($documented, false, $exampleSecret) === 'bfcf59d9a7f42a669318ee2a93b4a524546f7359532f3d7a7629c53b2e7f71f2',
        'signing with empty values kept differs from the documented example');
    check(sign($documented, true, $exampleSecret) === '043caf6879f5f477111e2c687a0d6084d3f1eab559a79cb6e31b968e4f4073ca',
        'signing with empty values left out differs from the documented example');
    check(verify($documented, ' 043CAF6879F5F477111E2C687A0D6084D3F1EAB559A79CB6E31B968E4F4073CA ', $exampleSecret),
        'an upper-case signature with spaces around it was not accepted');
    check(to_paise('19.99') === 1999 && to_paise('0.10') === 10 && to_paise('100') === 10000, 'to_paise is wrong');
    step('signing matches the documented examples, both empty-value conventions');

    $shopUrl = env('SHOP_URL');
    $merchantUid = env('MERCHANT_UID');
    $orderId = 'PHP-' . bin2hex(random_bytes(8));
    $collection = [
        'transaction_type' => 'income', 'amount' => '19.99', 'merchant_order_id' => $orderId,
        'merchant_uid' => $merchantUid, 'notify_url' => "$shopUrl/callback",
        'redirect_url' => "$shopUrl/return?shop_ref=1", 'response_type' => 'json', 'from_name' => '',
    ];
    $created = call('/gateway/api/order/new', $collection)['payment'];
    check(to_paise($created['final_amount']) === 1999, 'final_amount ' . $created['final_amount']);
    // A retry of the same request (after a timeout, say) answers the same order: keep the
    // merchant_order_id for a retry, never make a new one.
    $again = call('/gateway/api/order/new', $collection)['payment'];
    check($again['payment_uid'] === $created['payment_uid'], 'a retry created another order');
    step("created collection $orderId for 19.99 ({$created['payment_uid']}); a retry answered the same order");

    $queried = call('/gateway/api/order/get', ['merchant_order_id' => $orderId]);
    check($queried['payment_status'] === 'pending', 'status ' . $queried['payment_status']);
    step('queried it: pending');

    // Sandbox only: the payer pays (a made-up bank credit) and gives the UTR back.
    $paid = request('POST', '/checkout/api/orders/' . $created['payment_uid'] . '/simulate', null);
    request('POST', '/Payments/india_match', [
        'payment_uid' => $created['payment_uid'],
        'serial_number' => $paid['serial_number'],
    ]);
    $callback = wait_for_callback($created['payment_uid'], 'completed');
    check(to_paise($callback['amount']) === 1999 && $callback['merchant_order_id'] === $orderId, 'callback fields');
    step("received a verified completed callback (status_seq {$callback['status_seq']})");

    $queried = call('/gateway/api/order/get', ['merchant_order_id' => $orderId]);
    check($queried['payment_status'] === 'completed', 'status ' . $queried['payment_status']);
    check(to_paise($queried['final_amount']) === 1999, 'final_amount ' . $queried['final_amount']);
    step('queried it: completed, 19.99');

    return_check($queried);
    step('verified the signed return to redirect_url, and refused a tampered one');

    $balance = call('/gateway/api/ledger/get_merchant_ledger', ['merchant_uid' => $merchantUid]);
    $before = to_paise($balance['inr']);
    check($before >= 1999, 'balance ' . $balance['inr']);
    step("balance: {$balance['inr']} available, {$balance['inr_held']} held");

    $payoutId = 'PHP-PO-' . bin2hex(random_bytes(8));
    $payout = call('/gateway/api/order/new', [
        'transaction_type' => 'expense', 'amount' => '5.00', 'merchant_order_id' => $payoutId,
        'merchant_uid' => $merchantUid, 'to' => '50100123456789', 'to_name' => 'Asha Verma',
        'to_bank_name' => 'HDFC0001234', 'notify_url' => "$shopUrl/callback", 'response_type' => 'json',
    ])['payment'];
    step("created payout $payoutId for 5.00");
    wait_for_callback($payout['payment_uid'], 'completed');
    $queried = call('/gateway/api/order/get', ['merchant_order_id' => $payoutId]);
    check($queried['payment_status'] === 'completed', 'payout status ' . $queried['payment_status']);
    $after = to_paise(call('/gateway/api/ledger/get_merchant_ledger', ['merchant_uid' => $merchantUid])['inr']);
    check($after === $before - 500, "balance went from $before to $after paise");
    step('payout completed (verified callback), balance down by exactly 5.00');
}

try {
    main();
} catch (Throwable $error) {
    fwrite(STDERR, 'not ok - ' . $error->getMessage() . "\n");
    exit(1);
}
