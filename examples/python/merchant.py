#!/usr/bin/env python3
"""A complete, minimal merchant integration of the UPI gateway in Python (standard library only).

Creates a collection and a payout, queries them, reads the balance, receives and verifies
callbacks, verifies the signed return to redirect_url, and handles every amount as a decimal.
Run by run.sh with SERVICE_URL, MERCHANT_UID, API_KEY and API_SECRET in the environment; exits 0
when every step worked. The service must be able to reach this machine's loopback address for
callbacks (a sandbox started with ALLOW_PRIVATE_CALLBACKS=true).
"""
import hashlib
import hmac
import json
import os
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from decimal import Decimal, InvalidOperation
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SERVICE_URL = os.environ["SERVICE_URL"].rstrip("/")
MERCHANT_UID = os.environ["MERCHANT_UID"]
API_KEY = os.environ["API_KEY"]
API_SECRET = os.environ["API_SECRET"]
WAIT_SECONDS = float(os.environ.get("WAIT_SECONDS", "120"))


# --- Signing -----------------------------------------------------------------------------------

def signed_string(fields, skip_empty=False):
    """name=value pairs sorted by name (byte order), raw values, joined with '&'."""
    names = sorted(fields, key=lambda name: name.encode("utf-8"))
    return "&".join(f"{name}={fields[name]}" for name in names if not (skip_empty and fields[name] == ""))


def sign(fields, skip_empty=False, secret=None):
    """Lower-case hex HMAC-SHA256 of the signed string with the API secret."""
    text = signed_string(fields, skip_empty).encode("utf-8")
    return hmac.new((secret or API_SECRET).encode("utf-8"), text, hashlib.sha256).hexdigest()


def verify(fields, signature, secret=None):
    """True if `signature` signs `fields` under either empty-value convention (constant time)."""
    given = (signature or "").strip().lower()
    return any(hmac.compare_digest(sign(fields, skip, secret), given) for skip in (False, True))


# --- Money: decimal strings, never binary floats -----------------------------------------------

def to_paise(amount):
    """'19.99' -> 1999. float('19.99') * 100 is 1998.9999999999998: never do that."""
    try:
        value = Decimal(amount)
    except InvalidOperation:
        raise ValueError(f"not an amount: {amount!r}")
    if value != value.quantize(Decimal("0.01")):
        raise ValueError(f"more than two decimals: {amount!r}")
    return int(value * 100)


# --- The signed API ----------------------------------------------------------------------------

def call(path, body):
    data = json.dumps(body, separators=(",", ":")).encode("utf-8")
    request = urllib.request.Request(
        SERVICE_URL + path,
        data=data,
        method="POST",
        headers={"Content-Type": "application/json", "OC-Key": API_KEY, "OC-Signature": sign(body)},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            answer = json.load(response)
    except urllib.error.HTTPError as error:
        answer = json.load(error)
    if answer.get("result") != "success":
        raise RuntimeError(f"{path}: {answer['data']['error']}: {answer['data']['details']}")
    return answer["data"]


def public(method, path):
    request = urllib.request.Request(SERVICE_URL + path, method=method, data=b"" if method == "POST" else None)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)["data"]


# --- The shop's own endpoints: callbacks and the payer's return ---------------------------------

callbacks = []  # verified callback bodies, in arrival order
callbacks_lock = threading.Lock()


class ShopHandler(BaseHTTPRequestHandler):
    def do_POST(self):
        if self.path != "/callback":
            return self.answer(404, "not found")
        raw = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        try:
            fields = json.loads(raw)
        except ValueError:
            return self.answer(400, "not JSON")
        if self.headers.get("OC-Key") != API_KEY or not verify(fields, self.headers.get("OC-Signature")):
            return self.answer(401, "bad signature")
        # Record first (idempotently, by payment_uid and status_seq), then acknowledge.
        with callbacks_lock:
            callbacks.append(fields)
        # SUCCESS, or JSON: {"status":"success"} is an acknowledgement too.
        return self.answer(200, '{"status":"success","message":"OK"}', "application/json")

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path != "/return":
            return self.answer(404, "not found")
        query = dict(urllib.parse.parse_qsl(url.query, keep_blank_values=True))
        signed = {name: query.get(name, "") for name in ("merchant_order_id", "payment_status", "payment_uid")}
        if not verify(signed, query.get("signature")):
            return self.answer(400, "bad signature")
        # A verified return tells the shop which order the payer comes back from; the order's
        # outcome is still taken from the callback or a query, not from the browser.
        return self.answer(200, f"verified {signed['payment_status']}")

    def answer(self, status, text, content_type="text/plain"):
        body = text.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def wait_for_callback(payment_uid, status):
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        with callbacks_lock:
            for fields in callbacks:
                if fields.get("payment_uid") == payment_uid and fields.get("payment_status") == status:
                    return fields
        time.sleep(0.2)
    raise RuntimeError(f"no {status} callback for {payment_uid} within {WAIT_SECONDS} s")


def return_check(order):
    """Follows the signed return to redirect_url as the payer's browser would."""
    view = public("GET", f"/checkout/api/orders/{order['payment_uid']}")
    # Where the checkout page sends the payer: redirect_url with merchant_order_id, payment_uid,
    # payment_status and signature added.
    return_url = view.get("return_url")
    check(return_url is not None, "the payer view has no return_url")
    with urllib.request.urlopen(return_url, timeout=30) as response:
        check(response.read().decode() == f"verified {order['payment_status']}", "the return was not verified")
    tampered = return_url.replace("payment_status=completed", "payment_status=failed")
    check(tampered != return_url, "the return URL carries no payment_status=completed")
    try:
        urllib.request.urlopen(tampered, timeout=30)
        check(False, "a tampered return was accepted")
    except urllib.error.HTTPError as error:
        check(error.code == 400, f"a tampered return answered {error.code}")


def check(condition, what):
    if not condition:
        raise RuntimeError(what)


# --- The run -----------------------------------------------------------------------------------

def step(name):
    print(f"ok - {name}", flush=True)


def main():
    # The signer against the documented example with an empty field (docs/merchant-api.md, Signing).
    documented = {
        "transaction_type": "income", "amount": "20", "merchant_order_id": "ORD-20261123-0002",
        "merchant_uid": "M5F3A9C1E7B2D4086", "from_name": "",
        "order_uid": "7d0b6c1e-4a55-4f0e-9d8e-2a6f3c1b9e40", "response_type": "json",
    }
    example_secret = "9c4f1e8a2b7d3c6f0e5a1b9d8c7f2e4a6b3d0c9e8f7a1b2c3d4e5f60718293a4"
    check(sign(documented, secret=example_secret) == "bfcf59d9a7f42a669318ee2a93b4a524546f7359532f3d7a7629c53b2e7f71f2",
          "signing with empty values kept differs from the documented example")
    check(sign(documented, True, example_secret) == "043caf6879f5f477111e2c687a0d6084d3f1eab559a79cb6e31b968e4f4073ca",
          "signing with empty values left out differs from the documented example")
    check(verify(documented, " 043CAF6879F5F477111E2C687A0D6084D3F1EAB559A79CB6E31B968E4F4073CA ", example_secret),
          "an upper-case signature with spaces around it was not accepted")
    check(to_paise("19.99") == 1999 and to_paise("0.10") == 10 and to_paise("100") == 10000, "to_paise is wrong")
    step("signing matches the documented examples, both empty-value conventions")

    server = ThreadingHTTPServer(("127.0.0.1", 0), ShopHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    shop_url = f"http://127.0.0.1:{server.server_address[1]}"

    order_id = f"PY-{uuid.uuid4().hex[:16]}"
    collection = {
        "transaction_type": "income", "amount": "19.99", "merchant_order_id": order_id,
        "merchant_uid": MERCHANT_UID, "notify_url": f"{shop_url}/callback",
        "redirect_url": f"{shop_url}/return?shop_ref=1", "response_type": "json", "from_name": "",
    }
    created = call("/gateway/api/order/new", collection)["payment"]
    check(to_paise(created["final_amount"]) == 1999, f"final_amount {created['final_amount']}")
    # A retry of the same request (after a timeout, say) answers the same order: keep the
    # merchant_order_id for a retry, never make a new one.
    again = call("/gateway/api/order/new", collection)["payment"]
    check(again["payment_uid"] == created["payment_uid"], "a retry created another order")
    step(f"created collection {order_id} for 19.99 ({created['payment_uid']}); a retry answered the same order")

    queried = call("/gateway/api/order/get", {"merchant_order_id": order_id})
    check(queried["payment_status"] == "pending", f"status {queried['payment_status']}")
    step("queried it: pending")

    # Sandbox only: the payer pays (a made-up bank credit) and gives the UTR back.
    paid = public("POST", f"/checkout/api/orders/{created['payment_uid']}/simulate")
    request = urllib.request.Request(
        SERVICE_URL + "/Payments/india_match",
        data=json.dumps({"payment_uid": created["payment_uid"], "serial_number": paid["serial_number"]}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    urllib.request.urlopen(request, timeout=30).read()
    callback = wait_for_callback(created["payment_uid"], "completed")
    check(to_paise(callback["amount"]) == 1999 and callback["merchant_order_id"] == order_id, "callback fields")
    step(f"received a verified completed callback (status_seq {callback['status_seq']})")

    queried = call("/gateway/api/order/get", {"merchant_order_id": order_id})
    check(queried["payment_status"] == "completed", f"status {queried['payment_status']}")
    check(to_paise(queried["final_amount"]) == 1999, f"final_amount {queried['final_amount']}")
    step("queried it: completed, 19.99")

    return_check(queried)
    step("verified the signed return to redirect_url, and refused a tampered one")

    balance = call("/gateway/api/ledger/get_merchant_ledger", {"merchant_uid": MERCHANT_UID})
    before = to_paise(balance["inr"])
    check(before >= 1999, f"balance {balance['inr']}")
    step(f"balance: {balance['inr']} available, {balance['inr_held']} held")

    payout_id = f"PY-PO-{uuid.uuid4().hex[:16]}"
    payout = call("/gateway/api/order/new", {
        "transaction_type": "expense", "amount": "5.00", "merchant_order_id": payout_id,
        "merchant_uid": MERCHANT_UID, "to": "50100123456789", "to_name": "Asha Verma",
        "to_bank_name": "HDFC0001234", "notify_url": f"{shop_url}/callback", "response_type": "json",
    })["payment"]
    step(f"created payout {payout_id} for 5.00")
    wait_for_callback(payout["payment_uid"], "completed")
    queried = call("/gateway/api/order/get", {"merchant_order_id": payout_id})
    check(queried["payment_status"] == "completed", f"payout status {queried['payment_status']}")
    after = to_paise(call("/gateway/api/ledger/get_merchant_ledger", {"merchant_uid": MERCHANT_UID})["inr"])
    check(after == before - 500, f"balance went from {before} to {after} paise")
    step("payout completed (verified callback), balance down by exactly 5.00")
    server.shutdown()


if __name__ == "__main__":
    try:
        main()
    except Exception as error:  # noqa: BLE001 - a run script reports and fails
        print(f"not ok - {error!r}", file=sys.stderr)
        sys.exit(1)
