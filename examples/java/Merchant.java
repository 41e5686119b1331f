/*
 * A complete, minimal merchant integration of the UPI gateway in Java 17 (standard library only:
 * java.net.http, com.sun.net.httpserver, javax.crypto).
 *
 * Creates a collection and a payout, queries them, reads the balance, receives and verifies
 * callbacks, verifies the signed return to redirect_url, and handles every amount as a decimal.
 * Run by run.sh with SERVICE_URL, MERCHANT_UID, API_KEY and API_SECRET in the environment; exits 0
 * when every step worked. The service must be able to reach this machine's loopback address for
 * callbacks (a sandbox started with ALLOW_PRIVATE_CALLBACKS=true).
 */
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public final class Merchant {
  static final String SERVICE_URL = env("SERVICE_URL").replaceAll("/+$", "");
  static final String MERCHANT_UID = env("MERCHANT_UID");
  static final String API_KEY = env("API_KEY");
  static final String API_SECRET = env("API_SECRET");
  static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
  static final List<Map<String, String>> CALLBACKS = new CopyOnWriteArrayList<>();

  static String env(String name) {
    String value = System.getenv(name);
    if (value == null || value.isEmpty()) throw new IllegalStateException(name + " is not set");
    return value;
  }

  // --- Signing ---------------------------------------------------------------------------------

  /** name=value pairs sorted by name (byte order for these ASCII names), raw values, joined with '&'. */
  static String signedString(Map<String, String> fields, boolean skipEmpty) {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, String> field : new TreeMap<>(fields).entrySet()) {
      if (skipEmpty && field.getValue().isEmpty()) continue;
      if (out.length() > 0) out.append('&');
      out.append(field.getKey()).append('=').append(field.getValue());
    }
    return out.toString();
  }

  /** Lower-case hex HMAC-SHA256 of the signed string with the secret. */
  static String sign(Map<String, String> fields, boolean skipEmpty, String secret) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      byte[] digest = mac.doFinal(signedString(fields, skipEmpty).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** True if signature signs fields under either empty-value convention (constant time). */
  static boolean verify(Map<String, String> fields, String signature, String secret) {
    byte[] given = (signature == null ? "" : signature.trim().toLowerCase()).getBytes(StandardCharsets.UTF_8);
    boolean kept = MessageDigest.isEqual(sign(fields, false, secret).getBytes(StandardCharsets.UTF_8), given);
    boolean skipped = MessageDigest.isEqual(sign(fields, true, secret).getBytes(StandardCharsets.UTF_8), given);
    return kept || skipped;
  }

  // --- Money: decimal strings, never binary floats ---------------------------------------------

  /** "19.99" -> 1999. (long) (Double.parseDouble("19.99") * 100) is 1998: never do that. */
  static long toPaise(String amount) {
    if (!amount.matches("\\d{1,13}(\\.\\d{1,2})?")) throw new IllegalArgumentException("not an amount: " + amount);
    return new BigDecimal(amount).movePointRight(2).longValueExact();
  }

  // --- The signed API --------------------------------------------------------------------------

  @SuppressWarnings("unchecked")
  static Map<String, Object> send(HttpRequest request, String path) throws IOException, InterruptedException {
    HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    Map<String, Object> answer = (Map<String, Object>) Json.parse(response.body());
    Map<String, Object> data = (Map<String, Object>) answer.get("data");
    if (!"success".equals(answer.get("result"))) {
      throw new IllegalStateException(path + ": " + data.get("error") + ": " + data.get("details"));
    }
    return data;
  }

  static Map<String, Object> call(String path, Map<String, String> body) throws IOException, InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(URI.create(SERVICE_URL + path))
        .timeout(Duration.ofSeconds(30))
        .header("Content-Type", "application/json")
        .header("OC-Key", API_KEY)
        .header("OC-Signature", sign(body, false, API_SECRET))
        .POST(HttpRequest.BodyPublishers.ofString(Json.write(body)))
        .build();
    return send(request, path);
  }

  static Map<String, Object> unsigned(String method, String path, Map<String, String> body)
      throws IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(SERVICE_URL + path)).timeout(Duration.ofSeconds(30));
    if (body == null) request.method(method, HttpRequest.BodyPublishers.noBody());
    else request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(Json.write(body)));
    return send(request.build(), path);
  }

  @SuppressWarnings("unchecked")
  static Map<String, String> payment(Map<String, Object> created) {
    return strings((Map<String, Object>) created.get("payment"));
  }

  /** A flat JSON object's string values (the fields read here are all strings). */
  static Map<String, String> strings(Map<String, Object> object) {
    Map<String, String> out = new LinkedHashMap<>();
    object.forEach((name, value) -> {
      if (value instanceof String text) out.put(name, text);
    });
    return out;
  }

  // --- The shop's own endpoints: callbacks and the payer's return ------------------------------

  @SuppressWarnings("unchecked")
  static void handleCallback(HttpExchange exchange) throws IOException {
    if (!"POST".equals(exchange.getRequestMethod())) {
      answer(exchange, 405, "POST only");
      return;
    }
    String raw = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    Map<String, String> fields;
    try {
      fields = strings((Map<String, Object>) Json.parse(raw));
    } catch (RuntimeException e) {
      answer(exchange, 400, "not JSON");
      return;
    }
    String key = exchange.getRequestHeaders().getFirst("OC-Key");
    if (!API_KEY.equals(key) || !verify(fields, exchange.getRequestHeaders().getFirst("OC-Signature"), API_SECRET)) {
      answer(exchange, 401, "bad signature");
      return;
    }
    // Record first (idempotently, by payment_uid and status_seq), then acknowledge.
    CALLBACKS.add(fields);
    answer(exchange, 200, "SUCCESS");
  }

  static void handleReturn(HttpExchange exchange) throws IOException {
    Map<String, String> query = new TreeMap<>();
    String raw = exchange.getRequestURI().getRawQuery();
    for (String pair : raw == null ? new String[0] : raw.split("&")) {
      int eq = pair.indexOf('=');
      if (eq < 0) continue;
      query.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
          URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
    }
    Map<String, String> signed = new TreeMap<>();
    for (String name : List.of("merchant_order_id", "payment_status", "payment_uid")) {
      signed.put(name, query.getOrDefault(name, ""));
    }
    if (!verify(signed, query.get("signature"), API_SECRET)) {
      answer(exchange, 400, "bad signature");
      return;
    }
    // A verified return says which order the payer comes back from; the order's outcome is still
    // taken from the callback or a query, not from the browser.
    answer(exchange, 200, "verified " + signed.get("payment_status"));
  }

  static void answer(HttpExchange exchange, int status, String text) throws IOException {
    byte[] body = text.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "text/plain");
    exchange.sendResponseHeaders(status, body.length);
    exchange.getResponseBody().write(body);
    exchange.close();
  }

  static Map<String, String> waitForCallback(String paymentUid, String status) throws InterruptedException {
    String wait = System.getenv("WAIT_SECONDS");
    long deadline = System.nanoTime() + Duration.ofSeconds(wait == null ? 120 : Long.parseLong(wait)).toNanos();
    while (System.nanoTime() < deadline) {
      for (Map<String, String> fields : CALLBACKS) {
        if (paymentUid.equals(fields.get("payment_uid")) && status.equals(fields.get("payment_status"))) return fields;
      }
      Thread.sleep(200);
    }
    throw new IllegalStateException("no " + status + " callback for " + paymentUid);
  }

  /** Follows the signed return to redirect_url as the payer's browser would. */
  static void returnCheck(Map<String, String> order) throws IOException, InterruptedException {
    Map<String, Object> view = unsigned("GET", "/checkout/api/orders/" + order.get("payment_uid"), null);
    // Where the checkout page sends the payer: redirect_url with merchant_order_id, payment_uid,
    // payment_status and signature added.
    check(view.get("return_url") instanceof String, "the payer view has no return_url");
    String returnUrl = (String) view.get("return_url");
    HttpResponse<String> followed = HTTP.send(HttpRequest.newBuilder(URI.create(returnUrl)).build(), HttpResponse.BodyHandlers.ofString());
    check(followed.statusCode() == 200 && followed.body().equals("verified " + order.get("payment_status")),
        "the return was not verified: " + followed.body());
    String tampered = returnUrl.replace("payment_status=completed", "payment_status=failed");
    check(!tampered.equals(returnUrl), "the return URL carries no payment_status=completed");
    HttpResponse<String> refused = HTTP.send(HttpRequest.newBuilder(URI.create(tampered)).build(), HttpResponse.BodyHandlers.ofString());
    check(refused.statusCode() == 400, "a tampered return was accepted");
  }

  static void check(boolean condition, String what) {
    if (!condition) throw new IllegalStateException(what);
  }

  static void step(String name) {
    System.out.println("ok - " + name);
  }

  static String randomId(String prefix) {
    byte[] bytes = new byte[8];
    new SecureRandom().nextBytes(bytes);
    return prefix + HexFormat.of().formatHex(bytes);
  }

  // --- The run ---------------------------------------------------------------------------------

  static void run() throws Exception {
    // The signer against the documented example with an empty field (docs/merchant-api.md, Signing).
    Map<String, String> documented = Map.of(
        "transaction_type", "income", "amount", "20", "merchant_order_id", "ORD-20261123-0002",
        "merchant_uid", "M5F3A9C1E7B2D4086", "from_name", "",
        "order_uid", "7d0b6c1e-4a55-4f0e-9d8e-2a6f3c1b9e40", "response_type", "json");
    String exampleSecret = "9c4f1e8a2b7d3c6f0e5a1b9d8c7f2e4a6b3d0c9e8f7a1b2c3d4e5f60718293a4";
    check(sign(documented, false, exampleSecret).equals("bfcf59d9a7f42a669318ee2a93b4a524546f7359532f3d7a7629c53b2e7f71f2"),
        "signing with empty values kept differs from the documented example");
    check(sign(documented, true, exampleSecret).equals("043caf6879f5f477111e2c687a0d6084d3f1eab559a79cb6e31b968e4f4073ca"),
        "signing with empty values left out differs from the documented example");
    check(verify(documented, " 043CAF6879F5F477111E2C687A0D6084D3F1EAB559A79CB6E31B968E4F4073CA ", exampleSecret),
        "an upper-case signature with spaces around it was not accepted");
    check(toPaise("19.99") == 1999 && toPaise("0.10") == 10 && toPaise("100") == 10000, "toPaise is wrong");
    step("signing matches the documented examples, both empty-value conventions");

    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/callback", Merchant::handleCallback);
    server.createContext("/return", Merchant::handleReturn);
    server.start();
    String shopUrl = "http://127.0.0.1:" + server.getAddress().getPort();

    String orderId = randomId("JAVA-");
    Map<String, String> collection = Map.of(
        "transaction_type", "income", "amount", "19.99", "merchant_order_id", orderId,
        "merchant_uid", MERCHANT_UID, "notify_url", shopUrl + "/callback",
        "redirect_url", shopUrl + "/return?shop_ref=1", "response_type", "json", "from_name", "");
    Map<String, String> created = payment(call("/gateway/api/order/new", collection));
    check(toPaise(created.get("final_amount")) == 1999, "final_amount " + created.get("final_amount"));
    // A retry of the same request (after a timeout, say) answers the same order: keep the
    // merchant_order_id for a retry, never make a new one.
    Map<String, String> again = payment(call("/gateway/api/order/new", collection));
    check(again.get("payment_uid").equals(created.get("payment_uid")), "a retry created another order");
    step("created collection " + orderId + " for 19.99 (" + created.get("payment_uid") + "); a retry answered the same order");

    Map<String, String> queried = strings(call("/gateway/api/order/get", Map.of("merchant_order_id", orderId)));
    check(queried.get("payment_status").equals("pending"), "status " + queried.get("payment_status"));
    step("queried it: pending");

    // Sandbox only: the payer pays (a made-up bank credit) and gives the UTR back.
    Map<String, Object> paid = unsigned("POST", "/checkout/api/orders/" + created.get("payment_uid") + "/simulate", null);
    unsigned("POST", "/Payments/india_match",
        Map.of("payment_uid", created.get("payment_uid"), "serial_number", (String) paid.get("serial_number")));
    Map<String, String> callback = waitForCallback(created.get("payment_uid"), "completed");
    check(toPaise(callback.get("amount")) == 1999 && orderId.equals(callback.get("merchant_order_id")), "callback fields");
    step("received a verified completed callback (status_seq " + callback.get("status_seq") + ")");

    queried = strings(call("/gateway/api/order/get", Map.of("merchant_order_id", orderId)));
    check(queried.get("payment_status").equals("completed"), "status " + queried.get("payment_status"));
    check(toPaise(queried.get("final_amount")) == 1999, "final_amount " + queried.get("final_amount"));
    step("queried it: completed, 19.99");

    returnCheck(queried);
    step("verified the signed return to redirect_url, and refused a tampered one");

    Map<String, String> balance = strings(call("/gateway/api/ledger/get_merchant_ledger", Map.of("merchant_uid", MERCHANT_UID)));
    long before = toPaise(balance.get("inr"));
    check(before >= 1999, "balance " + balance.get("inr"));
    step("balance: " + balance.get("inr") + " available, " + balance.get("inr_held") + " held");

    String payoutId = randomId("JAVA-PO-");
    Map<String, String> payoutBody = new TreeMap<>(Map.of(
        "transaction_type", "expense", "amount", "5.00", "merchant_order_id", payoutId,
        "merchant_uid", MERCHANT_UID, "to", "50100123456789", "to_name", "Asha Verma",
        "to_bank_name", "HDFC0001234", "notify_url", shopUrl + "/callback", "response_type", "json"));
    Map<String, String> payout = payment(call("/gateway/api/order/new", payoutBody));
    step("created payout " + payoutId + " for 5.00");
    waitForCallback(payout.get("payment_uid"), "completed");
    queried = strings(call("/gateway/api/order/get", Map.of("merchant_order_id", payoutId)));
    check(queried.get("payment_status").equals("completed"), "payout status " + queried.get("payment_status"));
    long after = toPaise(strings(call("/gateway/api/ledger/get_merchant_ledger", Map.of("merchant_uid", MERCHANT_UID))).get("inr"));
    check(after == before - 500, "balance went from " + before + " to " + after + " paise");
    step("payout completed (verified callback), balance down by exactly 5.00");
    server.stop(0);
  }

  public static void main(String[] args) {
    try {
      run();
    } catch (Exception e) {
      System.err.println("not ok - " + e.getMessage());
      System.exit(1);
    }
  }

  /**
   * Just enough JSON for this example: the JDK has no JSON parser. Objects become maps, arrays
   * lists, strings strings, numbers BigDecimal (never double), true/false/null themselves. A
   * shop with a JSON library (Jackson, Gson) uses that instead: read amounts as strings either way.
   */
  static final class Json {
    private final String text;
    private int at;

    private Json(String text) {
      this.text = text;
    }

    static Object parse(String text) {
      Json json = new Json(text);
      Object value = json.value();
      json.space();
      if (json.at != text.length()) throw json.error("trailing text");
      return value;
    }

    static String write(Map<String, String> object) {
      StringBuilder out = new StringBuilder("{");
      object.forEach((name, value) -> {
        if (out.length() > 1) out.append(',');
        out.append(quote(name)).append(':').append(quote(value));
      });
      return out.append('}').toString();
    }

    private static String quote(String text) {
      StringBuilder out = new StringBuilder("\"");
      for (char c : text.toCharArray()) {
        switch (c) {
          case '"' -> out.append("\\\"");
          case '\\' -> out.append("\\\\");
          default -> {
            if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
            else out.append(c);
          }
        }
      }
      return out.append('"').toString();
    }

    private Object value() {
      space();
      if (at >= text.length()) throw error("unexpected end");
      char c = text.charAt(at);
      if (c == '{') return object();
      if (c == '[') return array();
      if (c == '"') return string();
      if (text.startsWith("true", at)) return literal("true", Boolean.TRUE);
      if (text.startsWith("false", at)) return literal("false", Boolean.FALSE);
      if (text.startsWith("null", at)) return literal("null", null);
      return number();
    }

    private Map<String, Object> object() {
      Map<String, Object> out = new LinkedHashMap<>();
      at++;
      space();
      if (peek('}')) return out;
      do {
        space();
        String name = string();
        space();
        expect(':');
        out.put(name, value());
        space();
      } while (next(','));
      expect('}');
      return out;
    }

    private List<Object> array() {
      List<Object> out = new ArrayList<>();
      at++;
      space();
      if (peek(']')) return out;
      do {
        out.add(value());
        space();
      } while (next(','));
      expect(']');
      return out;
    }

    private String string() {
      expect('"');
      StringBuilder out = new StringBuilder();
      while (at < text.length()) {
        char c = text.charAt(at++);
        if (c == '"') return out.toString();
        if (c != '\\') {
          out.append(c);
          continue;
        }
        char e = text.charAt(at++);
        switch (e) {
          case 'n' -> out.append('\n');
          case 't' -> out.append('\t');
          case 'r' -> out.append('\r');
          case 'b' -> out.append('\b');
          case 'f' -> out.append('\f');
          case 'u' -> {
            out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
            at += 4;
          }
          default -> out.append(e);
        }
      }
      throw error("unterminated string");
    }

    private BigDecimal number() {
      int start = at;
      while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
      if (start == at) throw error("unexpected character");
      return new BigDecimal(text.substring(start, at));
    }

    private Object literal(String word, Object value) {
      at += word.length();
      return value;
    }

    private void space() {
      while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
    }

    private boolean peek(char c) {
      if (at < text.length() && text.charAt(at) == c) {
        at++;
        return true;
      }
      return false;
    }

    private boolean next(char c) {
      space();
      return peek(c);
    }

    private void expect(char c) {
      if (!peek(c)) throw error("expected " + c);
    }

    private IllegalArgumentException error(String what) {
      return new IllegalArgumentException("JSON: " + what + " at " + at);
    }
  }
}
