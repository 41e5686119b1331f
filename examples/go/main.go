// A complete, minimal merchant integration of the UPI gateway in Go (standard library only).
//
// Creates a collection and a payout, queries them, reads the balance, receives and verifies
// callbacks, verifies the signed return to redirect_url, and handles every amount as a decimal.
// Run by run.sh with SERVICE_URL, MERCHANT_UID, API_KEY and API_SECRET in the environment; exits 0
// when every step worked. The service must be able to reach this machine's loopback address for
// callbacks (a sandbox started with ALLOW_PRIVATE_CALLBACKS=true).
package main

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

var (
	serviceURL  = strings.TrimRight(mustEnv("SERVICE_URL"), "/")
	merchantUID = mustEnv("MERCHANT_UID")
	apiKey      = mustEnv("API_KEY")
	apiSecret   = mustEnv("API_SECRET")
	client      = &http.Client{Timeout: 30 * time.Second}
)

func mustEnv(name string) string {
	value := os.Getenv(name)
	if value == "" {
		fail(fmt.Errorf("%s is not set", name))
	}
	return value
}

// --- Signing -----------------------------------------------------------------------------------

// signedString writes name=value pairs sorted by name (byte order), raw values, joined with '&'.
func signedString(fields map[string]string, skipEmpty bool) string {
	names := make([]string, 0, len(fields))
	for name, value := range fields {
		if skipEmpty && value == "" {
			continue
		}
		names = append(names, name)
	}
	sort.Strings(names)
	pairs := make([]string, len(names))
	for i, name := range names {
		pairs[i] = name + "=" + fields[name]
	}
	return strings.Join(pairs, "&")
}

// sign is the lower-case hex HMAC-SHA256 of the signed string with the secret.
func sign(fields map[string]string, skipEmpty bool, secret string) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(signedString(fields, skipEmpty)))
	return hex.EncodeToString(mac.Sum(nil))
}

// verify reports whether signature signs fields under either empty-value convention, in constant time.
func verify(fields map[string]string, signature string, secret string) bool {
	given := []byte(strings.ToLower(strings.TrimSpace(signature)))
	ok := false
	for _, skipEmpty := range []bool{false, true} {
		if hmac.Equal([]byte(sign(fields, skipEmpty, secret)), given) {
			ok = true
		}
	}
	return ok
}

// --- Money: decimal strings, never binary floats ------------------------------------------------

var amountPattern = regexp.MustCompile(`^(\d{1,13})(?:\.(\d{1,2}))?$`)

// toPaise turns "19.99" into 1999. strconv.ParseFloat("19.99") * 100 is 1998.9999999999998: never do that.
func toPaise(amount string) (int64, error) {
	match := amountPattern.FindStringSubmatch(amount)
	if match == nil {
		return 0, fmt.Errorf("not an amount: %q", amount)
	}
	rupees, _ := strconv.ParseInt(match[1], 10, 64)
	paise, _ := strconv.ParseInt((match[2] + "00")[:2], 10, 64)
	return rupees*100 + paise, nil
}

func mustPaise(amount string) int64 {
	paise, err := toPaise(amount)
	if err != nil {
		fail(err)
	}
	return paise
}

// --- The signed API -----------------------------------------------------------------------------

type envelope struct {
	Result string          `json:"result"`
	Data   json.RawMessage `json:"data"`
}

type apiError struct {
	Error   string `json:"error"`
	Details string `json:"details"`
}

// Payment is the payment object of a creation answer (the fields used here).
type Payment struct {
	PaymentUID    string `json:"payment_uid"`
	PaymentStatus string `json:"payment_status"`
	FinalAmount   string `json:"final_amount"`
}

// Order is the answer of a query (the fields used here).
type Order struct {
	MerchantOrderID string `json:"merchant_order_id"`
	PaymentUID      string `json:"payment_uid"`
	PaymentStatus   string `json:"payment_status"`
	FinalAmount     string `json:"final_amount"`
	RedirectURL     string `json:"redirect_url"`
}

// Balance is the answer of the balance endpoint.
type Balance struct {
	Inr     string `json:"inr"`
	InrHeld string `json:"inr_held"`
}

func do(request *http.Request, path string, into any) {
	response, err := client.Do(request)
	if err != nil {
		fail(err)
	}
	defer response.Body.Close()
	var answer envelope
	if err := json.NewDecoder(response.Body).Decode(&answer); err != nil {
		fail(fmt.Errorf("%s: %w", path, err))
	}
	if answer.Result != "success" {
		var problem apiError
		_ = json.Unmarshal(answer.Data, &problem)
		fail(fmt.Errorf("%s: %s: %s", path, problem.Error, problem.Details))
	}
	if err := json.Unmarshal(answer.Data, into); err != nil {
		fail(fmt.Errorf("%s: %w", path, err))
	}
}

func call(path string, body map[string]string, into any) {
	data, _ := json.Marshal(body)
	request, _ := http.NewRequest(http.MethodPost, serviceURL+path, bytes.NewReader(data))
	request.Header.Set("Content-Type", "application/json")
	request.Header.Set("OC-Key", apiKey)
	request.Header.Set("OC-Signature", sign(body, false, apiSecret))
	do(request, path, into)
}

func unsigned(method, path string, body map[string]string, into any) {
	var reader io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		reader = bytes.NewReader(data)
	}
	request, _ := http.NewRequest(method, serviceURL+path, reader)
	if body != nil {
		request.Header.Set("Content-Type", "application/json")
	}
	do(request, path, into)
}

// --- The shop's own endpoints: callbacks and the payer's return ---------------------------------

type shop struct {
	mu        sync.Mutex
	callbacks []map[string]string
}

func (s *shop) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/callback":
		var fields map[string]string
		if err := json.NewDecoder(io.LimitReader(r.Body, 64<<10)).Decode(&fields); err != nil {
			http.Error(w, "not JSON", http.StatusBadRequest)
			return
		}
		if r.Header.Get("OC-Key") != apiKey || !verify(fields, r.Header.Get("OC-Signature"), apiSecret) {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		// Record first (idempotently, by payment_uid and status_seq), then acknowledge.
		s.mu.Lock()
		s.callbacks = append(s.callbacks, fields)
		s.mu.Unlock()
		io.WriteString(w, "SUCCESS")
	case r.Method == http.MethodGet && r.URL.Path == "/return":
		query := r.URL.Query()
		signed := map[string]string{
			"merchant_order_id": query.Get("merchant_order_id"),
			"payment_status":    query.Get("payment_status"),
			"payment_uid":       query.Get("payment_uid"),
		}
		if !verify(signed, query.Get("signature"), apiSecret) {
			http.Error(w, "bad signature", http.StatusBadRequest)
			return
		}
		// A verified return says which order the payer comes back from; the order's outcome is
		// still taken from the callback or a query, not from the browser.
		io.WriteString(w, "verified "+signed["payment_status"])
	default:
		http.NotFound(w, r)
	}
}

func (s *shop) waitFor(paymentUID, status string) map[string]string {
	deadline := time.Now().Add(waitTime())
	for time.Now().Before(deadline) {
		s.mu.Lock()
		for _, fields := range s.callbacks {
			if fields["payment_uid"] == paymentUID && fields["payment_status"] == status {
				s.mu.Unlock()
				return fields
			}
		}
		s.mu.Unlock()
		time.Sleep(200 * time.Millisecond)
	}
	fail(fmt.Errorf("no %s callback for %s within %s", status, paymentUID, waitTime()))
	return nil
}

func waitTime() time.Duration {
	seconds, err := strconv.Atoi(os.Getenv("WAIT_SECONDS"))
	if err != nil || seconds <= 0 {
		seconds = 120
	}
	return time.Duration(seconds) * time.Second
}

// returnCheck follows the signed return to redirect_url as the payer's browser would.
func returnCheck(order Order) {
	var view struct {
		ReturnURL *string `json:"return_url"`
	}
	unsigned(http.MethodGet, "/checkout/api/orders/"+order.PaymentUID, nil, &view)
	// Where the checkout page sends the payer: redirect_url with merchant_order_id, payment_uid,
	// payment_status and signature added.
	check(view.ReturnURL != nil, "the payer view has no return_url")
	returnURL := *view.ReturnURL
	status, text := get(returnURL)
	check(status == 200 && text == "verified "+order.PaymentStatus, "the return was not verified: "+text)
	tampered := strings.Replace(returnURL, "payment_status=completed", "payment_status=failed", 1)
	check(tampered != returnURL, "the return URL carries no payment_status=completed")
	status, _ = get(tampered)
	check(status == 400, "a tampered return was accepted")
}

func get(address string) (int, string) {
	response, err := client.Get(address)
	if err != nil {
		fail(err)
	}
	defer response.Body.Close()
	text, _ := io.ReadAll(response.Body)
	return response.StatusCode, string(text)
}

func check(condition bool, what string) {
	if !condition {
		fail(fmt.Errorf("%s", what))
	}
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "not ok - %v\n", err)
	os.Exit(1)
}

func step(format string, args ...any) {
	fmt.Printf("ok - "+format+"\n", args...)
}

func randomID(prefix string) string {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		fail(err)
	}
	return prefix + hex.EncodeToString(b)
}

// --- The run ------------------------------------------------------------------------------------

func main() {
	// The signer against the documented example with an empty field (docs/merchant-api.md, Signing).
	documented := map[string]string{
		"transaction_type": "income", "amount": "20", "merchant_order_id": "ORD-20261123-0002",
		"merchant_uid": "M5F3A9C1E7B2D4086", "from_name": "",
		"order_uid": "7d0b6c1e-4a55-4f0e-9d8e-2a6f3c1b9e40", "response_type": "json",
	}
	exampleSecret := "9c4f1e8a2b7d3c6f0e5a1b9d8c7f2e4a6b3d0c9e8f7a1b2c3d4e5f60718293a4"
	check(sign(documented, false, exampleSecret) == "bfcf59d9a7f42a669318ee2a93b4a524546f7359532f3d7a7629c53b2e7f71f2",
		"signing with empty values kept differs from the documented example")
	check(sign(documented, true, exampleSecret) == "043caf6879f5f477111e2c687a0d6084d3f1eab559a79cb6e31b968e4f4073ca",
		"signing with empty values left out differs from the documented example")
	check(verify(documented, " 043CAF6879F5F477111E2C687A0D6084D3F1EAB559A79CB6E31B968E4F4073CA ", exampleSecret),
		"an upper-case signature with spaces around it was not accepted")
	check(mustPaise("19.99") == 1999 && mustPaise("0.10") == 10 && mustPaise("100") == 10000, "toPaise is wrong")
	step("signing matches the documented examples, both empty-value conventions")

	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fail(err)
	}
	receiver := &shop{}
	go http.Serve(listener, receiver)
	shopURL := "http://" + listener.Addr().String()

	orderID := randomID("GO-")
	collection := map[string]string{
		"transaction_type": "income", "amount": "19.99", "merchant_order_id": orderID,
		"merchant_uid": merchantUID, "notify_url": shopURL + "/callback",
		"redirect_url": shopURL + "/return?shop_ref=1", "response_type": "json", "from_name": "",
	}
	var created, again struct{ Payment Payment }
	call("/gateway/api/order/new", collection, &created)
	check(mustPaise(created.Payment.FinalAmount) == 1999, "final_amount "+created.Payment.FinalAmount)
	// A retry of the same request (after a timeout, say) answers the same order: keep the
	// merchant_order_id for a retry, never make a new one.
	call("/gateway/api/order/new", collection, &again)
	check(again.Payment.PaymentUID == created.Payment.PaymentUID, "a retry created another order")
	step("created collection %s for 19.99 (%s); a retry answered the same order", orderID, created.Payment.PaymentUID)

	var queried Order
	call("/gateway/api/order/get", map[string]string{"merchant_order_id": orderID}, &queried)
	check(queried.PaymentStatus == "pending", "status "+queried.PaymentStatus)
	step("queried it: pending")

	// Sandbox only: the payer pays (a made-up bank credit) and gives the UTR back.
	var paid struct {
		SerialNumber string `json:"serial_number"`
	}
	unsigned(http.MethodPost, "/checkout/api/orders/"+created.Payment.PaymentUID+"/simulate", nil, &paid)
	var claimed map[string]any
	unsigned(http.MethodPost, "/Payments/india_match",
		map[string]string{"payment_uid": created.Payment.PaymentUID, "serial_number": paid.SerialNumber}, &claimed)
	callback := receiver.waitFor(created.Payment.PaymentUID, "completed")
	check(mustPaise(callback["amount"]) == 1999 && callback["merchant_order_id"] == orderID, "callback fields")
	step("received a verified completed callback (status_seq %s)", callback["status_seq"])

	call("/gateway/api/order/get", map[string]string{"merchant_order_id": orderID}, &queried)
	check(queried.PaymentStatus == "completed", "status "+queried.PaymentStatus)
	check(mustPaise(queried.FinalAmount) == 1999, "final_amount "+queried.FinalAmount)
	step("queried it: completed, 19.99")

	returnCheck(queried)
	step("verified the signed return to redirect_url, and refused a tampered one")

	var balance Balance
	call("/gateway/api/ledger/get_merchant_ledger", map[string]string{"merchant_uid": merchantUID}, &balance)
	before := mustPaise(balance.Inr)
	check(before >= 1999, "balance "+balance.Inr)
	step("balance: %s available, %s held", balance.Inr, balance.InrHeld)

	payoutID := randomID("GO-PO-")
	var payout struct{ Payment Payment }
	call("/gateway/api/order/new", map[string]string{
		"transaction_type": "expense", "amount": "5.00", "merchant_order_id": payoutID,
		"merchant_uid": merchantUID, "to": "50100123456789", "to_name": "Asha Verma",
		"to_bank_name": "HDFC0001234", "notify_url": shopURL + "/callback", "response_type": "json",
	}, &payout)
	step("created payout %s for 5.00", payoutID)
	receiver.waitFor(payout.Payment.PaymentUID, "completed")
	call("/gateway/api/order/get", map[string]string{"merchant_order_id": payoutID}, &queried)
	check(queried.PaymentStatus == "completed", "payout status "+queried.PaymentStatus)
	call("/gateway/api/ledger/get_merchant_ledger", map[string]string{"merchant_uid": merchantUID}, &balance)
	after := mustPaise(balance.Inr)
	check(after == before-500, fmt.Sprintf("balance went from %d to %d paise", before, after))
	step("payout completed (verified callback), balance down by exactly 5.00")
}
