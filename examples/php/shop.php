<?php
/**
 * The shop's own endpoints, served by PHP's built-in server (`php -S 127.0.0.1:PORT shop.php`; in
 * production, your web server): POST /callback takes the gateway's callbacks, GET /return is
 * where the payer comes back to. Verified callbacks are kept as files under SHOP_DATA.
 */

declare(strict_types=1);

require __DIR__ . '/gateway.php';

function answer(int $status, string $text): void
{
    http_response_code($status);
    header('Content-Type: text/plain');
    echo $text;
}

$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);

if ($_SERVER['REQUEST_METHOD'] === 'POST' && $path === '/callback') {
    $fields = json_decode((string) file_get_contents('php://input'), true);
    if (!is_array($fields)) {
        answer(400, 'not JSON');
        return;
    }
    $key = $_SERVER['HTTP_OC_KEY'] ?? '';
    if (!hash_equals(env('API_KEY'), $key) || !verify($fields, $_SERVER['HTTP_OC_SIGNATURE'] ?? null)) {
        answer(401, 'bad signature');
        return;
    }
    // Record first (idempotently: one file per payment_uid and status_seq), then acknowledge.
    $name = preg_replace('/[^A-Za-z0-9-]/', '', $fields['payment_uid'] . '-' . $fields['status_seq']);
    file_put_contents(env('SHOP_DATA') . "/callback-$name.json", json_encode($fields));
    answer(200, 'SUCCESS');
    return;
}

if ($_SERVER['REQUEST_METHOD'] === 'GET' && $path === '/return') {
    $signed = [];
    foreach (['merchant_order_id', 'payment_status', 'payment_uid'] as $name) {
        $signed[$name] = (string) ($_GET[$name] ?? '');
    }
    if (!verify($signed, $_GET['signature'] ?? null)) {
        answer(400, 'bad signature');
        return;
    }
    // A verified return says which order the payer comes back from; the order's outcome is still
    // taken from the callback or a query, not from the browser.
    answer(200, 'verified ' . $signed['payment_status']);
    return;
}

answer(404, 'not found');
