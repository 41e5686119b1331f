<?php
/**
 * What a PHP shop needs to talk to the UPI gateway (standard library only): signing and
 * verifying, amounts as integer paise, and the signed API. Used by shop.php (the shop's callback
 * and return endpoints, served by `php -S`) and merchant.php (the run).
 */

declare(strict_types=1);

function env(string $name): string
{
    $value = getenv($name);
    if ($value === false || $value === '') {
        throw new RuntimeException("$name is not set");
    }
    return $value;
}

// --- Signing -----------------------------------------------------------------------------------

/** name=value pairs sorted by name (byte order), raw values, joined with '&'. */
function signed_string(array $fields, bool $skipEmpty = false): string
{
    ksort($fields, SORT_STRING);
    $pairs = [];
    foreach ($fields as $name => $value) {
        if ($skipEmpty && (string) $value === '') {
            continue;
        }
        $pairs[] = $name . '=' . $value;
    }
    return implode('&', $pairs);
}

/** Lower-case hex HMAC-SHA256 of the signed string with the API secret. */
function sign(array $fields, bool $skipEmpty = false, ?string $secret = null): string
{
    return hash_hmac('sha256', signed_string($fields, $skipEmpty), $secret ?? env('API_SECRET'));
}

/** True if $signature signs $fields under either empty-value convention (constant time). */
function verify(array $fields, ?string $signature, ?string $secret = null): bool
{
    $given = strtolower(trim((string) $signature));
    $kept = hash_equals(sign($fields, false, $secret), $given);
    $skipped = hash_equals(sign($fields, true, $secret), $given);
    return $kept || $skipped;
}

// --- Money: decimal strings, never binary floats ------------------------------------------------

/** '19.99' -> 1999. (int) ((float) '19.99' * 100) is 1998: never do that. */
function to_paise(string $amount): int
{
    if (!preg_match('/^(\d{1,13})(?:\.(\d{1,2}))?$/', $amount, $match)) {
        throw new InvalidArgumentException("not an amount: $amount");
    }
    return intval($match[1]) * 100 + intval(str_pad($match[2] ?? '', 2, '0'));
}

// --- The signed API -----------------------------------------------------------------------------

/** One request; answers `data` of a success, throws with the error code and details otherwise. */
function request(string $method, string $path, ?array $body, array $headers = []): array
{
    $content = $body === null ? '' : json_encode($body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
    if ($body !== null) {
        $headers[] = 'Content-Type: application/json';
    }
    $context = stream_context_create(['http' => [
        'method' => $method,
        'header' => implode("\r\n", $headers),
        'content' => $content,
        'ignore_errors' => true, // read the error envelope of a 4xx answer too
        'timeout' => 30,
    ]]);
    $text = file_get_contents(rtrim(env('SERVICE_URL'), '/') . $path, false, $context);
    $answer = json_decode((string) $text, true);
    if (!is_array($answer) || ($answer['result'] ?? '') !== 'success') {
        $data = $answer['data'] ?? [];
        throw new RuntimeException("$path: " . ($data['error'] ?? 'no answer') . ': ' . ($data['details'] ?? $text));
    }
    return $answer['data'];
}

/** A signed POST to the merchant API. */
function call(string $path, array $body): array
{
    return request('POST', $path, $body, ['OC-Key: ' . env('API_KEY'), 'OC-Signature: ' . sign($body)]);
}
