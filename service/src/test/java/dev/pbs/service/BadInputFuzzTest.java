package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import dev.pbs.formats.json.JsonMapping;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A storm of generated malformed requests against the whole application: every answer must be
 * below 500, and every 4xx must carry the JSON error body {@code {"code": status, "message": ...}}.
 * The generator is a fixed-seed {@link Random}, so a failure names a request that can be replayed.
 *
 * <p>Requests go through {@link HttpClient} (raw bytes, any header, any method) or, for path
 * trickery and request targets that {@link URI} refuses (such as {@code %ZZ} or a raw space),
 * through a fresh plain socket each. Some answers are given before the application sees the
 * request and are not JSON: Jetty's 400 for an ambiguous or undecodable URI (encoded slash,
 * backslash, percent or control character, invalid UTF-8) and its 414 for a huge one, and Jersey's
 * bodiless 400 for a Content-Type or Accept header it cannot parse (rendered by Jetty as an HTML
 * page for POST, empty otherwise). They are allowed only for requests marked with that reason, must be 4xx, and are
 * counted and printed separately.
 *
 * <p>The storm covers the consistency-level parameters too ({@code write_level}, {@code read_level},
 * {@code write_dc}, {@code read_dc}, and {@code levels} and {@code dc_matrix}) in predictions,
 * recommendations and the SLA window; a fixed list of bad level parameters (unknown levels and
 * datacenters, levels needing more replicas than there are, wrong types, empty and huge values) must
 * each be a 4xx whose message names the problem. The service runs with the shipped limit of 16
 * replicas, so that the built-in {@code ec2-three-regions} (9 replicas) is answered. The fault
 * fields of a prediction (pauses, outages, faulty replicas, the recovery curve) are mutated as
 * well, from a base that gives them all, and so is {@code coordinator_replica_share}, as a number and
 * as an object (in a request and in a profile).
 */
class BadInputFuzzTest {

    // the shipped limit, so that ec2-three-regions (9 replicas) is answered (the test configuration allows 8)
    @RegisterExtension
    static final TestService SERVICE = TestService.standard().with("limits.maxReplicas", "16");

    private static final long SEED = 0x5EED_F022L;
    private static final int GENERATED_REQUESTS = 1_500;
    private static final String TOKEN = "test-token";
    private static final ObjectMapper JSON = JsonMapping.mapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private static final String SIMPLE_PROFILE = "{\"name\": \"slow-write\", \"provenance\": \"fuzz\", \"default\": {"
            + "\"w\": {\"type\": \"exponential\", \"mean_ms\": 10}, \"a\": {\"type\": \"constant\", \"value_ms\": 0.5},"
            + "\"r\": {\"type\": \"constant\", \"value_ms\": 0.5}, "
            + "\"s\": {\"type\": \"constant\", \"value_ms\": 0.5}}}";
    private static final String RICH_PROFILE = "{\"name\": \"rich\", \"description\": \"every kind\", "
            + "\"provenance\": \"fuzz\", \"default\": {"
            + "\"w\": {\"type\": \"pareto\", \"xm_ms\": 1.5, \"alpha\": 3},"
            + "\"a\": {\"type\": \"lognormal\", \"mu\": -1, \"sigma\": 0.5},"
            + "\"r\": {\"type\": \"shifted\", \"offset_ms\": 0.2, \"distribution\": "
            + "{\"type\": \"exponential\", \"mean_ms\": 0.4}},"
            + "\"s\": {\"type\": \"mixture\", \"components\": ["
            + "{\"weight\": 0.9, \"distribution\": {\"type\": \"constant\", \"value_ms\": 0.3}},"
            + "{\"weight\": 0.1, \"distribution\": {\"type\": \"exponential\", \"mean_ms\": 5}}]}},"
            + "\"replicas\": [{\"w\": {\"type\": \"constant\", \"value_ms\": 2}}, {}, {\"s\": "
            + "{\"type\": \"exponential\", \"mean_ms\": 1}}],"
            + "\"datacenters\": {\"replica_dc\": [0, 0, 1], \"inter_dc_delay\": "
            + "{\"type\": \"lognormal\", \"mu\": 2, \"sigma\": 0.25}, \"coordinator\": \"dc:0\"},"
            + "\"coordinator_replica_share\": {\"writes\": 0.67, \"reads\": 0.67}}";

    /** Two replicas, one in each of two named datacenters: a level may need more replicas than there are. */
    private static final String TWO_DATACENTERS_PROFILE = "{\"name\": \"east-west\", \"provenance\": \"fuzz\", "
            + "\"default\": {\"w\": {\"type\": \"exponential\", \"mean_ms\": 2}, "
            + "\"a\": {\"type\": \"constant\", \"value_ms\": 0.5}, \"r\": {\"type\": \"constant\", \"value_ms\": 0.5}, "
            + "\"s\": {\"type\": \"constant\", \"value_ms\": 0.5}}, \"datacenters\": {\"replica_dc\": [\"east\", \"west\"], "
            + "\"inter_dc_delay\": {\"type\": \"constant\", \"value_ms\": 20}}}";
    /** One datacenter per replica: a topology that places no replica by name, so it has no levels. */
    private static final String PER_REPLICA_PROFILE = "{\"name\": \"per-replica\", \"provenance\": \"fuzz\", "
            + "\"default\": {\"w\": {\"type\": \"constant\", \"value_ms\": 1}, "
            + "\"a\": {\"type\": \"constant\", \"value_ms\": 1}, \"r\": {\"type\": \"constant\", \"value_ms\": 1}, "
            + "\"s\": {\"type\": \"constant\", \"value_ms\": 1}}, \"datacenters\": {\"replica_dc\": \"per_replica\", "
            + "\"inter_dc_delay\": {\"type\": \"constant\", \"value_ms\": 20}}}";

    private static final List<JsonNode> PROFILE_BASES =
            List.of(tree(SIMPLE_PROFILE), tree(RICH_PROFILE), tree(empiricalProfile()), tree(TWO_DATACENTERS_PROFILE));
    private static final List<JsonNode> PREDICTION_BASES = List.of(
            tree("{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 1, \"t_ms\": [0, 5, 50], "
                    + "\"windows\": [0.99], \"percentiles\": [50, 99], \"k\": [1, 2], \"trials\": 1000, \"seed\": 7, "
                    + "\"read_fanout\": \"targeted\", \"coordinator_replica\": false, \"speculative_retry\": \"99p\", \"read_repair\": \"blocking\", "
                    + "\"replica_choice\": \"snitch\", \"snitch_badness_threshold\": 0.2, \"write_rate\": 50, "
                    + "\"read_interval_ms\": 5}"),
            tree("{\"profile\": \"ymmr\", \"n\": 2, \"trials\": 1000}"),
            tree(
                    "{\"profile_inline\": " + SIMPLE_PROFILE + ", \"n\": 3, \"r\": \"QUORUM\", \"w\": \"ONE\", "
                            + "\"trials\": 1000, \"seed\": 1, \"coordinator_replica_share\": {\"writes\": 0.67, \"reads\": 0.5}}"),
            tree("{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 1, \"trials\": 1000, "
                    + "\"read_fanout\": \"targeted\", \"coordinator_replica_share\": 0.67}"),
            tree("{\"profile_inline\": " + RICH_PROFILE + ", \"n\": 3, \"r\": 2, \"w\": 2, \"trials\": 1000, "
                    + "\"read_fanout\": \"all\", \"coordinator_replica\": true, \"t_ms\": [0, 1, 10, 100]}"),
            tree("{\"profile_inline\": " + empiricalProfile() + ", \"n\": 2, \"r\": 1, \"w\": 2, \"trials\": 1000}"),
            tree(
                    "{\"profile\": \"ec2-three-regions\", \"write_level\": \"LOCAL_QUORUM\", \"read_level\": [\"LOCAL_ONE\", "
                            + "\"EACH_QUORUM\"], \"write_dc\": \"us-east\", \"read_dc\": [\"us-west\", \"eu-west\"], \"trials\": 1000, "
                            + "\"seed\": 3}"),
            tree("{\"profile_inline\": " + TWO_DATACENTERS_PROFILE + ", \"levels\": \"all\", \"dc_matrix\": true, "
                    + "\"trials\": 1000}"),
            // a profile without datacenters is one datacenter, where LOCAL_QUORUM is QUORUM
            tree("{\"profile\": \"lnkd-disk\", \"n\": 3, \"write_level\": \"LOCAL_QUORUM\", \"read_level\": \"ONE\", "
                    + "\"trials\": 1000}"),
            // faulty replicas: pauses and outages of replicas 1 and 3, and the recovery after one outage
            tree("{\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 2, \"trials\": 1000, \"seed\": 9, "
                    + "\"pause_every_ms\": 2000, \"pause_for_ms\": 200, \"pause_timing\": \"random\", "
                    + "\"outage_every_ms\": 3600000, \"outage_for_ms\": 20000, \"hint_window_ms\": 10000, "
                    + "\"hint_replay_ms\": 5000, \"faulty_replicas\": [1, 3], \"recovery_outage_ms\": 20000, "
                    + "\"recovery_times_ms\": [0, 5000, 60000]}"));
    private static final List<JsonNode> RECOMMENDATION_BASES = List.of(
            tree(
                    "{\"profile\": \"ec2-three-regions\", \"write_level\": \"LOCAL_QUORUM\", \"read_level\": [\"LOCAL_ONE\", "
                            + "\"LOCAL_QUORUM\"], \"write_dc\": \"us-east\", \"read_dc\": [\"us-west\"], "
                            + "\"require\": [\"window@0.999<=250ms\"], \"trials\": 1000, \"seed\": 5}"),
            tree("{\"profile\": \"lnkd-disk\", \"n\": \"3..4\", \"require\": [\"w>=2\"], \"levels\": \"cassandra\", "
                    + "\"objective\": \"read\", \"trials\": 1000}"),
            tree("{\"profile\": \"lnkd-disk\", \"n\": 3, \"read_fanout\": \"targeted\", \"speculative_retry\": "
                    + "[\"NONE\", \"MIN(99p,20ms)\"], \"read_repair\": \"blocking\", \"replica_choice\": \"snitch\", "
                    + "\"snitch_badness_threshold\": 0.5, \"require\": [\"speculation<=0.05\", \"repair@10ms<=0.01\"], "
                    + "\"trials\": 1000}"));

    private static final String[] CONTENT_TYPES = {
        null,
        "text/plain",
        "application/xml",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=zzz",
        "multipart/form-data",
        "application/octet-stream",
        "garbage",
        "application/",
        "/json",
        "application/json; charset=utf-16",
        "application/json; charset=nonsense",
        "application/json;;;",
        "*/*",
        "text/html; q=0.1",
        "application/json, text/plain",
        "application/json; charset=\"unterminated",
        "",
        "a/b/c",
        ";"
    };
    private static final String[] ACCEPTS = {
        "application/json",
        "*/*",
        "text/*",
        "text/html",
        "application/xml",
        "application/json;q=0",
        "",
        "///;;;q=x",
        "application/json;q=nonsense"
    };
    /**
     * Content-Type and Accept values Jersey cannot parse: it answers 400 without a body before any
     * resource or exception mapper runs (Jetty then renders its HTML error page for POST, nothing
     * for PUT and GET). Remove a value here once the service answers it with the JSON error body.
     */
    private static final java.util.Set<String> UNPARSEABLE_MEDIA_TYPES = java.util.Set.of(
            "garbage",
            "application/",
            "/json",
            "application/json, text/plain",
            "application/json; charset=\"unterminated",
            "a/b/c",
            ";",
            "///;;;q=x",
            "application/json;q=nonsense",
            "");

    private static final String PATH = "path rejected by Jetty";
    private static final String MEDIA_TYPE = "media type rejected by Jersey";
    private static final String[] BAD_AUTHORIZATIONS = {
        null,
        "Bearer wrong",
        "Bearer ",
        "Bearer",
        "Basic dGVzdA==",
        "Bearertest-token",
        "Bearer test-token-and-more",
        "Token test-token",
        "Bearer  test-tokeN",
        "x"
    };
    /** Path-like and odd profile names that reach the application, which must answer them with JSON. */
    private static final String[] TRICKY_NAMES = {
        "../etc",
        "..",
        ".",
        "a/b",
        "%20",
        "a%20b",
        ".hidden",
        "-dash",
        "name.json",
        "NAME.JSON",
        "name.tmp",
        "CON",
        "nul",
        "a..b",
        "~",
        "a;b",
        "%3B",
        "a%3Fb",
        "a%23b",
        "%C3%A9t%C3%A9",
        "%E2%80%AE",
        "%F0%9F%98%80",
        "x".repeat(64),
        "x".repeat(65),
        "y".repeat(5_000),
        "lnkd-disk/../x",
        "valid-name/",
        "valid-name;jsessionid=1",
        "valid-name?x=1"
    };
    /**
     * Names Jetty refuses before the application: encoded slash, backslash, percent, NUL or control
     * character, encoded dot segments, invalid UTF-8 or escapes, characters not allowed in a
     * request target, an empty segment, a fragment, and a request line over 8 KiB (414).
     */
    private static final String[] NAMES_JETTY_REFUSES = {
        "%2e%2e",
        "%2E%2E%2Fetc",
        "..%2Fetc",
        "a%2Fb",
        "a%5Cb",
        "%5C..%5Cetc",
        "%00",
        "a%00b",
        "%0d%0aX-Injected:%201",
        "%252e%252e",
        "%FF",
        "z".repeat(20_000),
        "%ZZ",
        "%",
        "a b",
        "a\tb",
        "a\"b",
        "a<b>",
        "a|b",
        "a\\b",
        "%u002e",
        "/valid-name",
        "valid-name#frag"
    };

    private static final String[] VALID_NAMES = {
        "fuzz-0", "fuzz-1", "fuzz-2", "fuzz-3", "Fuzz.4", "f_5", "6", "a".repeat(64), "slow-write", "rich"
    };
    private static final String[] BUILT_IN_NAMES = {"lnkd-disk", "lnkd-ssd", "ymmr", "wan", "ec2-three-regions"};

    private static final String[] SLA_PROFILES = {
        "lnkd-disk",
        "ymmr",
        "wan",
        "lnkd-ssd",
        "ec2-three-regions",
        "",
        " ",
        "../x",
        "no-such",
        "LNKD-DISK",
        "lnkd-disk ",
        "é",
        "\u0000",
        "x".repeat(3_000),
        "%2e%2e",
        "a/b"
    };
    private static final String[] SLA_N = {
        "0",
        "1",
        "2",
        "3",
        "8",
        "9",
        "-1",
        "-0",
        "+3",
        " 3 ",
        "3.0",
        "1e3",
        "2147483647",
        "2147483648",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775808",
        "NaN",
        "0x10",
        "",
        "abc",
        "٣",
        "1".repeat(500)
    };
    private static final String[] SLA_QUORUMS = {
        "1",
        "2",
        "3",
        "ONE",
        "TWO",
        "THREE",
        "QUORUM",
        "ALL",
        "quorum",
        "LOCAL_QUORUM",
        "ANY",
        "0",
        "-1",
        "9",
        "",
        "1.5",
        "2147483648",
        "9223372036854775808",
        "NaN",
        "null"
    };
    private static final String[] SLA_LEVELS = {
        "ONE",
        "TWO",
        "THREE",
        "QUORUM",
        "ALL",
        "LOCAL_ONE",
        "LOCAL_QUORUM",
        "EACH_QUORUM",
        "local_quorum",
        " LOCAL_ONE ",
        "ANY",
        "SERIAL",
        "LOCAL_SERIAL",
        "LOCAL_TWO",
        "1",
        "0",
        "",
        " ",
        "ONE,TWO",
        "null",
        "LOCAL\u0000ONE",
        "\u00e9",
        "L".repeat(2_000)
    };
    private static final String[] SLA_DATACENTERS = {
        "us-east",
        "us-west",
        "eu-west",
        "dc1",
        "US-EAST",
        " us-west ",
        "ap-south",
        "",
        "us-east,us-west",
        "0",
        "-1",
        "null",
        "\u0000",
        "\u00e9",
        "D".repeat(2_000)
    };
    private static final String[] SLA_P = {
        "0.5",
        "0.99",
        "0.999",
        "0.9999999999999999",
        "1e-300",
        "4.9e-324",
        "0",
        "-0",
        "1",
        "1.0000001",
        "-0.5",
        "NaN",
        "-NaN",
        "Infinity",
        "-Infinity",
        "1e400",
        "0x1p-3",
        "1d",
        "1f",
        "",
        "abc",
        ".5",
        "5.",
        "0,5",
        "1e-400"
    };
    private static final String[] SLA_TRIALS = {
        "1",
        "2",
        "1000",
        "200000",
        "200001",
        "0",
        "-1",
        "9223372036854775807",
        "9223372036854775808",
        "",
        "1e3",
        "1000.0"
    };
    private static final String[] SLA_SEEDS = {
        "0", "-1", "42", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "abc", "", "1.5"
    };

    /**
     * One generated request: exactly what is sent, and why it may be answered before the
     * application ({@link #PATH}, {@link #MEDIA_TYPE}), or null when the application must answer.
     */
    private record Probe(
            String label, String method, String target, List<String[]> headers, byte[] body, String beforeApplication) {

        Probe {
            if (beforeApplication == null) {
                for (String[] header : headers) {
                    if ((header[0].equals("Content-Type") || header[0].equals("Accept"))
                            && UNPARSEABLE_MEDIA_TYPES.contains(header[1])) {
                        beforeApplication = MEDIA_TYPE;
                    }
                }
            }
        }
    }

    /** One answer: its status, content type and body. */
    private record Answer(int status, String contentType, byte[] body) {}

    private static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException invalid) {
            throw new UncheckedIOException(invalid);
        }
    }

    private static String empiricalProfile() {
        Histogram histogram = new Histogram(3);
        for (long value = 100_000; value <= 5_000_000; value += 7_919) {
            histogram.recordValue(value);
        }
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        String encoded = Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
        return "{\"name\": \"measured\", \"default\": {\"w\": {\"type\": \"empirical\", \"count\": "
                + histogram.getTotalCount() + ", \"histogram\": \"" + encoded + "\", \"unit\": \"ns\"}, "
                + "\"a\": {\"type\": \"constant\", \"value_ms\": 0.1}, \"r\": {\"type\": \"exponential\", "
                + "\"mean_ms\": 0.2}, \"s\": {\"type\": \"constant\", \"value_ms\": 0.1}}}";
    }

    @Test
    @Timeout(value = 55, unit = TimeUnit.SECONDS)
    void malformedRequests_neverAnswer5xx_andEveryErrorIsJson() throws Exception {
        long start = System.nanoTime();
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();

        // The bases are valid, so every failure below comes from the mutation.
        for (JsonNode base : PREDICTION_BASES) {
            Answer answer = send(client, post("/predictions", bytes(base), "application/json", "base"));
            assertThat(answer.status())
                    .as("base prediction %s: %s", base, text(answer.body()))
                    .isEqualTo(200);
        }
        for (JsonNode base : RECOMMENDATION_BASES) {
            Answer answer = send(client, post("/recommendations", bytes(base), "application/json", "base"));
            assertThat(answer.status())
                    .as("base recommendation %s: %s", base, text(answer.body()))
                    .isEqualTo(200);
        }
        for (JsonNode base : PROFILE_BASES) {
            Answer answer = send(
                    client,
                    put("/profiles/base-profile", bytes(base), "application/json", "Bearer " + TOKEN, null, "base"));
            assertThat(answer.status())
                    .as("base profile %s: %s", base, text(answer.body()))
                    .isBetween(200, 201);
        }

        Random random = new Random(SEED);
        List<Probe> probes = new ArrayList<>(fixedProbes());
        for (int i = 0; i < GENERATED_REQUESTS; i++) {
            probes.add(generate(random, i));
        }

        Map<Integer, Integer> statusCounts = new TreeMap<>();
        Map<String, List<String>> failures = new TreeMap<>();
        Map<String, List<String>> earlyAnswers = new TreeMap<>();
        int retries = 0;
        for (Probe probe : probes) {
            Answer answer;
            try {
                answer = send(client, probe);
            } catch (IOException firstTry) {
                // Jetty closes a connection after some rejections; HttpClient may have reused it already.
                // Retry on a new client, whose pool holds no such connection.
                retries++;
                try {
                    answer = send(
                            HttpClient.newBuilder()
                                    .version(HttpClient.Version.HTTP_1_1)
                                    .connectTimeout(Duration.ofSeconds(5))
                                    .build(),
                            probe);
                } catch (IOException noAnswer) {
                    failures.computeIfAbsent("no answer: " + noAnswer.getMessage(), k -> new ArrayList<>())
                            .add(describe(probe));
                    continue;
                }
            }
            statusCounts.merge(answer.status(), 1, Integer::sum);
            String problem = problemWith(answer);
            if (problem == null) {
                continue;
            }
            // Every error answer, including those Jetty and Jersey make before the application (a
            // malformed path or header), must carry the JSON body: no tolerance for early answers.
            {
                failures.computeIfAbsent(
                                answer.status() + " " + answer.contentType() + ": " + problem + " from "
                                        + probe.method() + " "
                                        + probe.target()
                                                .replaceAll("[?].*", "")
                                                .replaceAll("/profiles/.*", "/profiles/{name}"),
                                k -> new ArrayList<>())
                        .add("body=" + shorten(text(answer.body()), 300) + " to " + describe(probe));
            }
        }

        Answer after = send(
                client, post("/predictions", bytes(PREDICTION_BASES.get(0)), "application/json", "after the storm"));
        double seconds = (System.nanoTime() - start) / 1e9;
        int early = earlyAnswers.values().stream().mapToInt(List::size).sum();
        int failed = failures.values().stream().mapToInt(List::size).sum();
        System.out.printf(
                Locale.ROOT,
                "BadInputFuzzTest: %d requests (seed %d) in %.1f s, status counts %s, "
                        + "%d answered before the application, %d failures, %d retried%n",
                probes.size(),
                SEED,
                seconds,
                statusCounts,
                early,
                failed,
                retries);
        earlyAnswers.forEach((kind, requests) -> System.out.println("  before the application: " + kind + " x"
                + requests.size() + ", e.g. "
                + String.join(" | ", requests.stream().distinct().limit(4).toList())));
        failures.forEach((kind, requests) -> {
            System.out.println("  FAILURE: " + kind + " x" + requests.size());
            requests.stream().limit(3).forEach(request -> System.out.println("    " + request));
        });

        assertThat(failures.keySet())
                .as("kinds of answer with 5xx, or 4xx without the JSON error body (the "
                        + "requests are printed above)")
                .isEmpty();
        assertThat(after.status())
                .as("a valid prediction after the storm: %s", text(after.body()))
                .isEqualTo(200);
        assertThat(probes).hasSizeGreaterThanOrEqualTo(1_000);
        assertRequestMetricsStayBounded(client);
    }

    /** After the storm the request histogram's labels hold the API's route templates and methods only. */
    private static void assertRequestMetricsStayBounded(HttpClient client) throws Exception {
        HttpResponse<String> scrape = client.send(
                HttpRequest.newBuilder(URI.create(SERVICE.admin("/metrics"))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(scrape.statusCode()).isEqualTo(200);
        java.util.Set<String> routes = new java.util.TreeSet<>();
        java.util.Set<String> methods = new java.util.TreeSet<>();
        java.util.regex.Pattern labels = java.util.regex.Pattern.compile(
                "^pbs_http_server_requests_seconds_count\\{method=\"([^\"]*)\",route=\"([^\"]*)\",");
        scrape.body()
                .lines()
                .map(labels::matcher)
                .filter(java.util.regex.Matcher::find)
                .forEach(series -> {
                    methods.add(series.group(1));
                    routes.add(series.group(2));
                });
        assertThat(routes)
                .contains("unmatched", "/v1/predictions")
                .isSubsetOf(
                        "/v1/predictions",
                        "/v1/recommendations",
                        "/v1/sla/window",
                        "/v1/profiles",
                        "/v1/profiles/{name}",
                        "/v1/probes",
                        "/openapi.{type:json|yaml}",
                        "unmatched");
        assertThat(methods).isSubsetOf("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "other");
    }

    /**
     * One request with a bad consistency-level parameter, and a piece of the message that must name
     * its problem.
     */
    private record LevelCase(Probe probe, String named) {}

    @Test
    @Timeout(value = 55, unit = TimeUnit.SECONDS)
    void badLevelParameters_answer4xxWithAJsonErrorNamingTheProblem() throws Exception {
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        Answer stored = send(
                client,
                put(
                        "/profiles/east-west",
                        TWO_DATACENTERS_PROFILE.getBytes(StandardCharsets.UTF_8),
                        "application/json",
                        "Bearer " + TOKEN,
                        null,
                        "a stored two-datacenter profile"));
        assertThat(stored.status()).as("%s", text(stored.body())).isBetween(200, 201);

        List<String> failures = new ArrayList<>();
        for (LevelCase levelCase : levelCases()) {
            Answer answer = send(client, levelCase.probe());
            String problem = problemWith(answer);
            String message = problem == null && answer.status() >= 400
                    ? JSON.readTree(answer.body()).get("message").textValue()
                    : "";
            if (answer.status() < 400 || answer.status() >= 500 || problem != null) {
                failures.add(answer.status() + " (" + (problem == null ? "not an error" : problem) + ") to "
                        + describe(levelCase.probe()) + ": " + shorten(text(answer.body()), 300));
            } else if (!message.toLowerCase(Locale.ROOT)
                    .contains(levelCase.named().toLowerCase(Locale.ROOT))) {
                failures.add(answer.status() + " whose message does not name '" + levelCase.named() + "' to "
                        + describe(levelCase.probe()) + ": " + shorten(message, 300));
            }
        }
        failures.forEach(failure -> System.out.println("  LEVEL CASE FAILURE: " + failure));
        assertThat(failures)
                .as("bad level parameters answered otherwise than with a 4xx naming the problem")
                .isEmpty();
    }

    /** Bad consistency-level parameters for the prediction, the recommendation and the SLA window. */
    private static List<LevelCase> levelCases() {
        String huge = "L".repeat(100_000);
        String threeRegions = "\"profile\": \"ec2-three-regions\", \"trials\": 1000";
        String twoDatacenters = "\"profile_inline\": " + TWO_DATACENTERS_PROFILE + ", \"trials\": 1000";
        List<LevelCase> cases = new ArrayList<>();
        for (String endpoint : List.of("/predictions", "/recommendations")) {
            // unknown level names
            cases.add(levelCase(endpoint, threeRegions + ", \"write_level\": \"SOMETIMES\"", "SOMETIMES"));
            cases.add(levelCase(
                    endpoint, threeRegions + ", \"read_level\": [\"LOCAL_ONE\", \"LOCAL_TWO\"]", "LOCAL_TWO"));
            cases.add(levelCase(endpoint, threeRegions + ", \"write_level\": \"ANY\"", "ANY"));
            cases.add(levelCase(endpoint, threeRegions + ", \"read_level\": \"SERIAL\"", "SERIAL"));
            cases.add(levelCase(endpoint, threeRegions + ", \"write_level\": \"LOCAL\\u0000QUORUM\"", "write_level"));
            // unknown datacenters
            cases.add(levelCase(endpoint, threeRegions + ", \"write_dc\": \"ap-south\"", "ap-south"));
            cases.add(levelCase(endpoint, threeRegions + ", \"read_dc\": [\"us-east\", \"mars\"]", "mars"));
            cases.add(levelCase(endpoint, threeRegions + ", \"read_dc\": \"US-EAST \"", "read_dc"));
            cases.add(levelCase(endpoint, twoDatacenters + ", \"write_dc\": \"us-east\"", "us-east"));
            cases.add(levelCase(
                    endpoint,
                    "\"profile\": \"lnkd-disk\", \"n\": 3, \"trials\": 1000, \"read_dc\": \"us-east\"",
                    "us-east"));
            // a level that needs more replicas than the key has, or than its datacenter has
            cases.add(levelCase(endpoint, twoDatacenters + ", \"write_level\": \"THREE\"", "THREE"));
            cases.add(levelCase(
                    endpoint, twoDatacenters + ", \"read_level\": \"TWO\", \"write_level\": \"THREE\"", "THREE"));
            cases.add(levelCase(
                    endpoint,
                    "\"profile\": \"lnkd-disk\", \"n\": 2, \"trials\": 1000, \"write_level\": \"LOCAL_QUORUM\", "
                            + "\"read_level\": \"THREE\"",
                    "THREE"));
            // a topology of one datacenter per replica names none
            cases.add(levelCase(
                    endpoint,
                    "\"profile_inline\": " + PER_REPLICA_PROFILE + ", \"n\": 3, \"trials\": 1000, "
                            + "\"write_level\": \"LOCAL_QUORUM\"",
                    "per-replica"));
            // wrong types
            cases.add(levelCase(endpoint, threeRegions + ", \"write_level\": 3", "write_level"));
            cases.add(levelCase(endpoint, threeRegions + ", \"read_level\": {\"level\": \"ONE\"}", "read_level"));
            cases.add(levelCase(endpoint, threeRegions + ", \"write_level\": [null]", "write_level"));
            cases.add(levelCase(endpoint, threeRegions + ", \"write_level\": [[\"ONE\"]]", "write_level"));
            cases.add(levelCase(endpoint, threeRegions + ", \"write_dc\": true", "write_dc"));
            cases.add(levelCase(endpoint, threeRegions + ", \"read_dc\": [0, 1]", "read_dc"));
            cases.add(levelCase(endpoint, threeRegions + ", \"read_dc\": 1.5", "read_dc"));
            // empty strings and lists
            cases.add(levelCase(endpoint, threeRegions + ", \"write_level\": \"\"", "write_level"));
            cases.add(levelCase(endpoint, threeRegions + ", \"read_level\": \" \"", "read_level"));
            cases.add(levelCase(endpoint, threeRegions + ", \"read_level\": []", "read_level"));
            cases.add(levelCase(endpoint, threeRegions + ", \"write_dc\": \"\"", "write_dc"));
            cases.add(levelCase(endpoint, threeRegions + ", \"read_dc\": []", "read_dc"));
            cases.add(levelCase(endpoint, threeRegions + ", \"read_dc\": [\"\"]", "read_dc"));
            // huge strings and lists
            cases.add(levelCase(endpoint, threeRegions + ", \"write_level\": \"" + huge + "\"", "write_level"));
            cases.add(levelCase(endpoint, threeRegions + ", \"write_dc\": \"" + huge + "\"", "write_dc"));
            cases.add(levelCase(endpoint, threeRegions + ", \"read_dc\": [\"" + huge + "\"]", "read_dc"));
            cases.add(levelCase(
                    endpoint,
                    threeRegions + ", \"read_level\": [" + "\"ONE\", ".repeat(10_000) + "\"ONE\"]",
                    "read_level"));
            cases.add(levelCase(
                    endpoint,
                    threeRegions + ", \"read_dc\": [" + "\"us-east\", ".repeat(10_000) + "\"us-east\"]",
                    "read_dc"));
        }
        // the prediction's level-mode fields
        cases.add(levelCase("/predictions", threeRegions + ", \"levels\": \"some\"", "levels"));
        cases.add(levelCase("/predictions", threeRegions + ", \"levels\": true", "levels"));
        cases.add(levelCase("/predictions", threeRegions + ", \"levels\": \"\"", "levels"));
        cases.add(levelCase("/predictions", threeRegions + ", \"levels\": \"" + huge + "\"", "levels"));
        cases.add(
                levelCase("/predictions", threeRegions + ", \"levels\": \"all\", \"write_level\": \"ONE\"", "levels"));
        cases.add(levelCase("/predictions", threeRegions + ", \"dc_matrix\": \"yes\"", "dc_matrix"));
        cases.add(levelCase("/predictions", threeRegions + ", \"dc_matrix\": 1", "dc_matrix"));
        cases.add(levelCase(
                "/predictions", threeRegions + ", \"dc_matrix\": true, \"read_dc\": \"us-west\"", "dc_matrix"));
        cases.add(levelCase(
                "/predictions",
                "\"profile\": \"lnkd-disk\", \"n\": 3, \"r\": 1, \"w\": 1, \"write_level\": \"ONE\"",
                "'r'"));
        // the recommendation's level-mode fields
        cases.add(
                levelCase("/recommendations", threeRegions + ", \"write_dc\": [\"us-east\", \"us-west\"]", "write_dc"));
        cases.add(levelCase("/recommendations", threeRegions + ", \"levels\": \"cassandra\"", "levels"));
        cases.add(levelCase(
                "/recommendations",
                "\"profile\": \"lnkd-disk\", \"n\": 3, \"trials\": 1000, \"levels\": \"numeric\", "
                        + "\"write_level\": \"ONE\"",
                "levels"));
        cases.add(levelCase("/recommendations", threeRegions + ", \"levels\": \"all\"", "levels"));
        cases.add(levelCase("/recommendations", threeRegions + ", \"n\": \"3..5\"", "'n'"));
        cases.add(levelCase(
                "/recommendations",
                "\"profile\": \"lnkd-disk\", \"n\": \"3..5\", \"trials\": 1000, \"write_level\": \"LOCAL_QUORUM\"",
                "'n'"));
        // the SLA window's query parameters
        String sla = "/sla/window?profile=ec2-three-regions&trials=1000";
        cases.add(slaCase(sla + "&write_level=SOMETIMES", "SOMETIMES"));
        cases.add(slaCase(sla + "&read_level=LOCAL_TWO", "LOCAL_TWO"));
        cases.add(slaCase(sla + "&write_level=ONE,TWO", "ONE,TWO"));
        cases.add(slaCase(sla + "&write_level=", "write_level"));
        cases.add(slaCase(sla + "&read_level=%20", "read_level"));
        cases.add(slaCase(sla + "&write_level=LOCAL%00QUORUM", "write_level"));
        cases.add(slaCase(sla + "&write_dc=ap-south", "ap-south"));
        cases.add(slaCase(sla + "&read_dc=mars", "mars"));
        cases.add(slaCase(sla + "&read_dc=", "read_dc"));
        cases.add(slaCase(sla + "&write_dc=us-east,us-west", "write_dc"));
        cases.add(slaCase(sla + "&write_level=" + "L".repeat(6_000), "write_level"));
        cases.add(slaCase(sla + "&read_dc=" + "D".repeat(6_000), "read_dc"));
        cases.add(slaCase(sla + "&n=3&write_level=ONE", "'n'"));
        cases.add(slaCase("/sla/window?profile=east-west&trials=1000&write_level=THREE", "THREE"));
        cases.add(slaCase("/sla/window?profile=east-west&trials=1000&read_dc=us-east", "us-east"));
        cases.add(slaCase("/sla/window?profile=lnkd-disk&n=3&trials=1000&write_dc=us-east", "us-east"));
        cases.add(slaCase("/sla/window?profile=lnkd-disk&n=2&trials=1000&read_level=THREE", "THREE"));
        cases.add(slaCase("/sla/window?profile=lnkd-disk&n=3&r=1&w=1&trials=1000&write_level=ONE", "write_level"));
        return cases;
    }

    private static LevelCase levelCase(String endpoint, String fields, String named) {
        return new LevelCase(
                post(endpoint, ("{" + fields + "}").getBytes(StandardCharsets.UTF_8), "application/json", "level case"),
                named);
    }

    private static LevelCase slaCase(String pathAndQuery, String named) {
        return new LevelCase(new Probe("level case", "GET", "/api/v1" + pathAndQuery, List.of(), null, null), named);
    }

    /** Null when the answer is acceptable, else what is wrong with it. */
    private static String problemWith(Answer answer) {
        if (answer.status() >= 500) {
            return "server error";
        }
        if (answer.status() < 400) {
            return null;
        }
        JsonNode error;
        try {
            error = JSON.readTree(answer.body());
        } catch (IOException notJson) {
            return "the error body is not JSON";
        }
        if (error == null || !error.isObject()) {
            return "the error body is not a JSON object";
        }
        JsonNode code = error.get("code");
        if (code == null || !code.isIntegralNumber() || code.intValue() != answer.status()) {
            return "the error body's code is not the status";
        }
        JsonNode message = error.get("message");
        if (message == null || !message.isTextual() || message.textValue().isBlank()) {
            return "the error body has no message";
        }
        return null;
    }

    // ---------------------------------------------------------------- generation

    private static Probe generate(Random random, int index) {
        return maybeAccept(random, generateWithoutAccept(random, index));
    }

    private static Probe generateWithoutAccept(Random random, int index) {
        int kind = random.nextInt(100);
        if (kind < 31) {
            return post(
                    "/predictions",
                    mutatedBody(random, pick(random, PREDICTION_BASES)),
                    contentType(random),
                    "prediction mutation #" + index);
        }
        if (kind < 38) {
            return post(
                    "/recommendations",
                    mutatedBody(random, pick(random, RECOMMENDATION_BASES)),
                    contentType(random),
                    "recommendation mutation #" + index);
        }
        if (kind < 48) {
            return post("/predictions", junkBody(random), contentType(random), "prediction junk #" + index);
        }
        if (kind < 72) {
            return profilePut(random, mutatedBody(random, pick(random, PROFILE_BASES)), "profile mutation #" + index);
        }
        if (kind < 78) {
            return profilePut(random, junkBody(random), "profile junk #" + index);
        }
        return slaProbe(random, "sla #" + index);
    }

    private static Probe profilePut(Random random, byte[] body, String label) {
        int which = random.nextInt(100);
        String name;
        String trickery = null;
        if (which < 78) {
            name = pick(random, VALID_NAMES);
        } else if (which < 84) {
            name = pick(random, BUILT_IN_NAMES);
        } else if (which < 88) {
            String decoded = randomUnicode(random, 1 + random.nextInt(12));
            name = percentEncode(decoded);
            // Jetty refuses encoded controls, slashes, backslashes and percents in a path
            if (decoded.chars().anyMatch(c -> c < 0x20 || c == 0x7f || c == '/' || c == '\\' || c == '%')) {
                trickery = PATH;
            }
        } else if (which < 95) {
            name = pick(random, TRICKY_NAMES);
        } else {
            name = pick(random, NAMES_JETTY_REFUSES);
            trickery = PATH;
        }
        String authorization = random.nextInt(100) < 80 ? "Bearer " + TOKEN : pick(random, BAD_AUTHORIZATIONS);
        if (authorization != null && random.nextInt(20) == 0) {
            authorization = authorization.toLowerCase(Locale.ROOT);
        }
        return put("/profiles/" + name, body, contentType(random), authorization, trickery, label);
    }

    private static Probe slaProbe(Random random, String label) {
        List<String[]> parameters = random.nextInt(3) == 0 ? slaLevelParameters(random) : slaQuorumParameters(random);
        if (random.nextBoolean()) {
            parameters.add(new String[] {"p", pick(random, SLA_P)});
        }
        parameters.add(new String[] {"trials", random.nextInt(3) > 0 ? "1000" : pick(random, SLA_TRIALS)});
        if (random.nextInt(3) == 0) {
            parameters.add(new String[] {"seed", pick(random, SLA_SEEDS)});
        }
        int extra = random.nextInt(10);
        if (extra == 0 && !parameters.isEmpty()) {
            parameters.remove(random.nextInt(parameters.size()));
        } else if (extra == 1) {
            parameters.add(parameters.get(random.nextInt(parameters.size())).clone());
            parameters.get(parameters.size() - 1)[1] = pick(random, SLA_N);
        } else if (extra == 2) {
            parameters.add(new String[] {"unknown", randomUnicode(random, 5)});
        } else if (extra == 3) {
            parameters.add(new String[] {randomUnicode(random, 3), randomUnicode(random, 3)});
        }
        StringBuilder query = new StringBuilder();
        for (String[] parameter : parameters) {
            query.append(query.length() == 0 ? "" : "&")
                    .append(URLEncoder.encode(parameter[0], StandardCharsets.UTF_8))
                    .append('=')
                    .append(URLEncoder.encode(parameter[1], StandardCharsets.UTF_8));
        }
        int shape = random.nextInt(25);
        String text = switch (shape) {
            case 0 -> "";
            case 1 -> query + "&&&=&n&=3";
            case 2 -> query.toString().replace("=", "");
            case 3 -> query + "&n=%ZZ";
            case 4 -> query + "&profile=%E0%A4";
            case 5 -> query + "&x=" + "q".repeat(6_000);
            default -> query.toString();
        };
        List<String[]> headers = new ArrayList<>();
        if (random.nextInt(10) == 0) {
            headers.add(new String[] {"Accept", pick(random, ACCEPTS)});
        }
        // Jetty refuses a request line over its 8 KiB header buffer with 414
        String target = "/api/v1/sla/window" + (text.isEmpty() && random.nextBoolean() ? "" : "?" + text);
        return new Probe(label, "GET", target, headers, null, text.length() > 6_000 ? PATH : null);
    }

    /** The SLA window's question in (N, R, W). */
    private static List<String[]> slaQuorumParameters(Random random) {
        List<String[]> parameters = new ArrayList<>();
        parameters.add(new String[] {"profile", random.nextInt(4) > 0 ? "lnkd-disk" : pick(random, SLA_PROFILES)});
        parameters.add(new String[] {"n", random.nextInt(3) > 0 ? "3" : pick(random, SLA_N)});
        parameters.add(new String[] {"r", random.nextInt(3) > 0 ? "1" : pick(random, SLA_QUORUMS)});
        parameters.add(new String[] {"w", random.nextInt(3) > 0 ? "1" : pick(random, SLA_QUORUMS)});
        return parameters;
    }

    /** The SLA window's question in consistency levels, sometimes mixed with (N, R, W). */
    private static List<String[]> slaLevelParameters(Random random) {
        List<String[]> parameters = new ArrayList<>();
        parameters.add(
                new String[] {"profile", random.nextInt(4) > 0 ? "ec2-three-regions" : pick(random, SLA_PROFILES)});
        if (random.nextInt(4) == 0) {
            parameters.add(new String[] {"n", pick(random, SLA_N)});
        }
        for (String level : List.of("write_level", "read_level")) {
            if (random.nextBoolean()) {
                parameters.add(new String[] {level, pick(random, SLA_LEVELS)});
            }
        }
        for (String datacenter : List.of("write_dc", "read_dc")) {
            if (random.nextInt(3) == 0) {
                parameters.add(new String[] {datacenter, pick(random, SLA_DATACENTERS)});
            }
        }
        if (random.nextInt(8) == 0) {
            parameters.add(new String[] {random.nextBoolean() ? "r" : "w", pick(random, SLA_QUORUMS)});
        }
        return parameters;
    }

    /** Sometimes an Accept header, for the probe of a body request. */
    private static Probe maybeAccept(Random random, Probe probe) {
        if (random.nextInt(20) != 0) {
            return probe;
        }
        List<String[]> headers = new ArrayList<>(probe.headers());
        headers.add(new String[] {"Accept", pick(random, ACCEPTS)});
        return new Probe(
                probe.label(),
                probe.method(),
                probe.target(),
                headers,
                probe.body(),
                MEDIA_TYPE.equals(probe.beforeApplication()) ? null : probe.beforeApplication());
    }

    private static String mediaTypesOf(Probe probe) {
        return probe.headers().stream()
                .filter(header -> header[0].equals("Content-Type") || header[0].equals("Accept"))
                .map(header -> "[" + header[0] + ": " + header[1] + "]")
                .collect(java.util.stream.Collectors.joining(" "));
    }

    private static String contentType(Random random) {
        return random.nextInt(100) < 65 ? "application/json" : pick(random, CONTENT_TYPES);
    }

    /** A valid base body, changed in one to three places, then perhaps damaged as text. */
    private static byte[] mutatedBody(Random random, JsonNode base) {
        JsonNode body = base.deepCopy();
        int changes = 1 + random.nextInt(3);
        for (int i = 0; i < changes; i++) {
            body = mutateTree(random, body);
        }
        byte[] bytes = bytes(body);
        if (random.nextInt(100) < 35) {
            bytes = mutateText(random, bytes, body);
        }
        return bytes;
    }

    private static JsonNode mutateTree(Random random, JsonNode root) {
        List<JsonNode> containers = new ArrayList<>();
        collectContainers(root, containers);
        JsonNode container = pick(random, containers);
        int operation = random.nextInt(100);
        if (container instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            if (names.isEmpty() || operation < 10) {
                object.set(randomFieldName(random), badValue(random, root));
                return root;
            }
            String name = pick(random, names);
            if (operation < 30) {
                object.remove(name);
            } else if (operation < 38) {
                JsonNode value = object.remove(name);
                object.set(renamed(random, name), value);
            } else {
                object.set(name, badValue(random, root));
            }
        } else if (container instanceof ArrayNode array) {
            if (array.isEmpty() || operation < 15) {
                array.insert(array.isEmpty() ? 0 : random.nextInt(array.size() + 1), badValue(random, root));
            } else if (operation < 40) {
                array.remove(random.nextInt(array.size()));
            } else {
                array.set(random.nextInt(array.size()), badValue(random, root));
            }
        }
        return root;
    }

    private static void collectContainers(JsonNode node, List<JsonNode> containers) {
        if (node.isContainerNode()) {
            containers.add(node);
            node.elements().forEachRemaining(child -> collectContainers(child, containers));
        }
    }

    private static String randomFieldName(Random random) {
        return switch (random.nextInt(5)) {
            case 0 -> "unknown";
            case 1 -> "";
            case 2 -> randomUnicode(random, 1 + random.nextInt(8));
            case 3 -> "x".repeat(10_000);
            default ->
                pick(
                        random,
                        List.of(
                                "profile",
                                "n",
                                "r",
                                "w",
                                "trials",
                                "seed",
                                "t_ms",
                                "name",
                                "default",
                                "type",
                                "replicas",
                                "datacenters",
                                "weight",
                                "distribution",
                                "histogram",
                                "write_level",
                                "read_level",
                                "write_dc",
                                "read_dc",
                                "levels",
                                "dc_matrix",
                                "require",
                                "pause_every_ms",
                                "faulty_replicas",
                                "healthy",
                                "recovery_outage_ms"));
        };
    }

    private static String renamed(Random random, String name) {
        return switch (random.nextInt(4)) {
            case 0 -> name.toUpperCase(Locale.ROOT);
            case 1 -> name + " ";
            case 2 -> " " + name;
            default -> name + "\u0000";
        };
    }

    /** A value of the wrong type, out of range, null, huge, NaN-like, deeply nested or otherwise odd. */
    private static JsonNode badValue(Random random, JsonNode root) {
        switch (random.nextInt(9)) {
            case 0:
                return NODES.nullNode();
            case 1:
                return raw(pick(
                        random,
                        List.of(
                                "-0",
                                "-0.0",
                                "0",
                                "-1",
                                "1",
                                "0.5",
                                "3.0",
                                "1e400",
                                "-1e400",
                                "1e-400",
                                "1E+308",
                                "4.9e-324",
                                "1.7976931348623157e308",
                                "9223372036854775807",
                                "9223372036854775808",
                                "-9223372036854775809",
                                "2147483647",
                                "2147483648",
                                "-2147483649",
                                "123456789012345678901234567890",
                                "0.1e1",
                                "1".repeat(1_200),
                                "0." + "0".repeat(2_000) + "1",
                                "1e2147483648",
                                "200000",
                                "200001",
                                "8",
                                "9",
                                "256")));
            case 2:
                return raw(pick(
                        random,
                        List.of(
                                "NaN",
                                "-NaN",
                                "Infinity",
                                "-Infinity",
                                "+1",
                                "01",
                                ".5",
                                "1.",
                                "0x10",
                                "undefined",
                                "'single'",
                                "True",
                                "nul",
                                "1e",
                                "--1",
                                "\"unterminated",
                                "\"\\ud800\"",
                                "\"\\udfff lone\"",
                                "\"a\\u0000b\"",
                                "\"bad \\x escape\"",
                                "\"\\u12\"")));
            case 3:
                return NODES.textNode(pick(
                        random,
                        List.of(
                                "",
                                " ",
                                "NaN",
                                "Infinity",
                                "-Infinity",
                                "1e400",
                                "-0",
                                "9223372036854775808",
                                "3",
                                "true",
                                "null",
                                "QUORUM",
                                "ALL",
                                "all",
                                "targeted",
                                "dc:0",
                                "dc:99",
                                "dc:-1",
                                "random",
                                "per_replica",
                                "exponential",
                                "empirical",
                                "ns",
                                "ms",
                                "hours",
                                "lnkd-disk",
                                "LOCAL_QUORUM",
                                "EACH_QUORUM",
                                "LOCAL_ONE",
                                "LOCAL_TWO",
                                "SERIAL",
                                "us-east",
                                "eu-west",
                                "mars",
                                "../etc/passwd",
                                "AAAA",
                                "!!!!",
                                "x".repeat(100_000))));
            case 4:
                return NODES.textNode(randomUnicode(random, 1 + random.nextInt(random.nextBoolean() ? 20 : 2_000)));
            case 5:
                return deep(random);
            case 6:
                return tree(pick(
                        random,
                        List.of(
                                "{}",
                                "[]",
                                "{\"a\": 1}",
                                "[1, 2]",
                                "[null]",
                                "[\"a\"]",
                                "{\"x\": {\"y\": {\"z\": [1, {}]}}}",
                                "[[0.5]]",
                                "{\"type\": \"constant\"}",
                                "{\"type\": \"constant\", \"value_ms\": -1}",
                                "{\"type\": \"pareto\", \"xm_ms\": 1, \"alpha\": 0}",
                                "{\"type\": \"mixture\", \"components\": []}",
                                "[0, 0.5, 1, 1.5]",
                                "[-1]",
                                "[1e308]")));
            case 7:
                return hugeArray(random);
            default:
                // a piece of the body itself, moved somewhere else
                List<JsonNode> containers = new ArrayList<>();
                collectContainers(root, containers);
                return pick(random, containers).deepCopy();
        }
    }

    private static JsonNode raw(String token) {
        return NODES.rawValueNode(new RawValue(token));
    }

    private static JsonNode deep(Random random) {
        int depth = pick(random, List.of(10, 999, 1_000, 1_001, 10_000));
        boolean objects = random.nextBoolean();
        String open = objects ? "{\"a\":" : "[";
        String close = objects ? "}" : "]";
        return raw(open.repeat(depth) + "1" + close.repeat(depth));
    }

    private static JsonNode hugeArray(Random random) {
        int size = pick(random, List.of(1_000, 1_001, 10_000, 10_001, 50_000));
        String element = pick(random, List.of("0", "0.5", "1", "null", "\"a\""));
        StringBuilder text = new StringBuilder("[");
        for (int i = 0; i < size; i++) {
            text.append(i == 0 ? "" : ",").append(element);
        }
        return raw(text.append(']').toString());
    }

    /** Damages serialized JSON: truncation, random bytes, duplicate keys, nesting, encodings, trailing junk. */
    private static byte[] mutateText(Random random, byte[] json, JsonNode body) {
        int at = json.length == 0 ? 0 : random.nextInt(json.length);
        switch (random.nextInt(12)) {
            case 0:
                return java.util.Arrays.copyOf(json, at);
            case 1: {
                byte[] noise = new byte[1 + random.nextInt(8)];
                random.nextBytes(noise);
                return splice(json, at, 0, noise);
            }
            case 2: {
                byte[] copy = json.clone();
                if (copy.length > 0) {
                    copy[at] = (byte) random.nextInt(256);
                }
                return copy;
            }
            case 3:
                return splice(json, at, Math.min(json.length - at, 1 + random.nextInt(20)), new byte[0]);
            case 4: {
                List<String> names = new ArrayList<>();
                body.fieldNames().forEachRemaining(names::add);
                String name = names.isEmpty() ? "n" : pick(random, names);
                String duplicate = "\"" + name + "\": " + pick(random, List.of("3", "null", "\"x\"", "{}", "[]"))
                        + (names.isEmpty() ? "" : ",");
                return splice(json, 1, 0, duplicate.getBytes(StandardCharsets.UTF_8));
            }
            case 5: {
                int depth = pick(random, List.of(1, 999, 1_000, 10_000));
                return concat(
                        "[".repeat(depth).getBytes(StandardCharsets.US_ASCII),
                        json,
                        "]".repeat(depth).getBytes(StandardCharsets.US_ASCII));
            }
            case 6:
                return concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, json, new byte[0]);
            case 7:
                return new String(json, StandardCharsets.UTF_8)
                        .getBytes(random.nextBoolean() ? StandardCharsets.UTF_16 : StandardCharsets.UTF_16LE);
            case 8:
                return concat(
                        json,
                        pick(random, List.of(" x", "}", "{}", "\u0000", "// comment", ",", "\n\n[]"))
                                .getBytes(StandardCharsets.UTF_8),
                        new byte[0]);
            case 9:
                return splice(
                        json,
                        at,
                        0,
                        pick(
                                random,
                                List.of(
                                        new byte[] {(byte) 0xC3, 0x28},
                                        new byte[] {(byte) 0xFF},
                                        new byte[] {(byte) 0xC0, (byte) 0xAF},
                                        new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
                                        new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
                                        new byte[] {0})));
            case 10:
                return concat("/* comment */ ".getBytes(StandardCharsets.US_ASCII), json, new byte[0]);
            default:
                return splice(
                        json,
                        at,
                        0,
                        randomUnicode(random, 1 + random.nextInt(10)).getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Bodies that are not a damaged request at all. */
    private static byte[] junkBody(Random random) {
        switch (random.nextInt(10)) {
            case 0:
                return new byte[0];
            case 1: {
                byte[] noise = new byte[random.nextInt(4_096)];
                random.nextBytes(noise);
                return noise;
            }
            case 2: {
                StringBuilder text = new StringBuilder();
                int length = random.nextInt(500);
                for (int i = 0; i < length; i++) {
                    text.append((char) (0x20 + random.nextInt(0x5f)));
                }
                return text.toString().getBytes(StandardCharsets.US_ASCII);
            }
            case 3: {
                StringBuilder text = new StringBuilder();
                int tokens = random.nextInt(60);
                for (int i = 0; i < tokens; i++) {
                    text.append(pick(
                            random,
                            List.of(
                                    "{",
                                    "}",
                                    "[",
                                    "]",
                                    ":",
                                    ",",
                                    "\"n\"",
                                    "\"profile\"",
                                    "3",
                                    "-0",
                                    "1e400",
                                    "null",
                                    "true",
                                    "\"lnkd-disk\"",
                                    " ",
                                    "\"",
                                    "\\")));
                }
                return text.toString().getBytes(StandardCharsets.UTF_8);
            }
            case 4:
                return pick(
                                random,
                                List.of(
                                        " ",
                                        "\n\t ",
                                        "null",
                                        "[]",
                                        "{}",
                                        "\"s\"",
                                        "42",
                                        "true",
                                        "-0",
                                        "1e400",
                                        "[{}]",
                                        "{\"\": null}",
                                        "\uFEFF{}",
                                        "\u0000"))
                        .getBytes(StandardCharsets.UTF_8);
            case 5:
                return randomUnicode(random, random.nextInt(300)).getBytes(StandardCharsets.UTF_8);
            case 6: {
                int depth = pick(random, List.of(999, 1_000, 1_001, 10_000, 100_000));
                return ("[".repeat(depth) + "]".repeat(depth)).getBytes(StandardCharsets.US_ASCII);
            }
            case 7: {
                // just under and just over the 1 MiB limit
                int size = random.nextBoolean() ? (1 << 20) - 2 : (1 << 20) + 1 + random.nextInt(1_000);
                byte[] spaces = new byte[size];
                java.util.Arrays.fill(spaces, (byte) ' ');
                spaces[size - 2] = '{';
                spaces[size - 1] = '}';
                return spaces;
            }
            case 8:
                return ("{\"n\": 3, \"profile\": \"" + "x".repeat(random.nextInt(200_000)) + "\"}")
                        .getBytes(StandardCharsets.UTF_8);
            default:
                return "n=3&profile=lnkd-disk&r=1&w=1".getBytes(StandardCharsets.US_ASCII);
        }
    }

    private static String randomUnicode(Random random, int length) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            int codePoint = switch (random.nextInt(6)) {
                case 0 -> random.nextInt(0x20);
                case 1 -> 0x20 + random.nextInt(0x5f);
                case 2 -> 0x80 + random.nextInt(0x780);
                case 3 -> pick(random, List.of(0x202E, 0x200B, 0xFEFF, 0xFFFD, 0xFFFF, 0x2028, 0x0301));
                case 4 -> 0x10000 + random.nextInt(0x10FFFF - 0x10000);
                default -> {
                    int candidate = 0x800 + random.nextInt(0xF800);
                    yield candidate >= 0xD800 && candidate <= 0xDFFF ? 0x4E00 : candidate;
                }
            };
            text.appendCodePoint(codePoint);
        }
        return text.toString();
    }

    /** Requests that are the same every run: Jetty's own rejections, odd headers, compressed bodies. */
    private static List<Probe> fixedProbes() {
        List<Probe> probes = new ArrayList<>();
        byte[] valid = bytes(PROFILE_BASES.get(0));
        for (String name : TRICKY_NAMES) {
            probes.add(put("/profiles/" + name, valid, "application/json", "Bearer " + TOKEN, null, "tricky name"));
            probes.add(put("/profiles/" + name, valid, "application/json", null, null, "tricky name, no token"));
        }
        for (String name : NAMES_JETTY_REFUSES) {
            probes.add(put("/profiles/" + name, valid, "application/json", "Bearer " + TOKEN, PATH, "refused name"));
        }
        probes.add(new Probe(
                "predictions with a chunked body",
                "POST",
                "/api/v1/predictions",
                headers("Content-Type", "application/json"),
                bytes(PREDICTION_BASES.get(1)),
                null));
        probes.add(new Probe(
                "gzip header, plain body",
                "POST",
                "/api/v1/predictions",
                headers("Content-Type", "application/json", "Content-Encoding", "gzip"),
                bytes(PREDICTION_BASES.get(1)),
                null));
        probes.add(new Probe(
                "gzip header, truncated gzip body",
                "POST",
                "/api/v1/predictions",
                headers("Content-Type", "application/json", "Content-Encoding", "gzip"),
                new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3},
                null));
        probes.add(new Probe(
                "unknown content encoding",
                "POST",
                "/api/v1/predictions",
                headers("Content-Type", "application/json", "Content-Encoding", "br, zstd, nonsense"),
                bytes(PREDICTION_BASES.get(1)),
                null));
        probes.add(new Probe(
                "Accept text/html",
                "POST",
                "/api/v1/predictions",
                headers("Content-Type", "application/json", "Accept", "text/html"),
                "{".getBytes(),
                null));
        probes.add(new Probe(
                "malformed Accept",
                "POST",
                "/api/v1/predictions",
                headers("Content-Type", "application/json", "Accept", "///;;;q=x"),
                "{".getBytes(),
                MEDIA_TYPE));
        probes.add(new Probe(
                "non-ASCII token (raw)",
                "PUT",
                "/api/v1/profiles/fuzz-9",
                headers("Content-Type", "application/json", "Authorization", "Bearer t\u00e9st-token"),
                valid,
                null));
        probes.add(new Probe(
                "raw space in query",
                "GET",
                "/api/v1/sla/window?profile=lnkd disk&n=3&r=1&w=1",
                List.of(),
                null,
                PATH));
        probes.add(new Probe(
                "invalid escape in query",
                "GET",
                "/api/v1/sla/window?profile=lnkd-disk&n=%ZZ&r=1&w=1",
                List.of(),
                null,
                null));
        probes.add(new Probe(
                "truncated escape in query",
                "GET",
                "/api/v1/sla/window?profile=lnkd-disk%&n=3&r=1&w=1",
                List.of(),
                null,
                null));
        probes.add(new Probe(
                "invalid UTF-8 in query",
                "GET",
                "/api/v1/sla/window?profile=%C3%28&n=3&r=1&w=1",
                List.of(),
                null,
                null));
        probes.add(new Probe(
                "NUL in query", "GET", "/api/v1/sla/window?profile=lnkd-disk%00&n=3&r=1&w=1", List.of(), null, null));
        probes.add(new Probe(
                "encoded slash in sla path",
                "GET",
                "/api/v1/sla%2Fwindow?profile=lnkd-disk&n=3&r=1&w=1",
                List.of(),
                null,
                PATH));
        probes.add(new Probe(
                "dot segments to predictions",
                "POST",
                "/api/v1/profiles/../predictions",
                headers("Content-Type", "application/json"),
                bytes(PREDICTION_BASES.get(1)),
                null));
        probes.add(new Probe(
                "encoded dot segments to predictions",
                "POST",
                "/api/v1/profiles/%2e%2e/predictions",
                headers("Content-Type", "application/json"),
                bytes(PREDICTION_BASES.get(1)),
                PATH));
        return probes;
    }

    private static List<String[]> headers(String... namesAndValues) {
        List<String[]> headers = new ArrayList<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            headers.add(new String[] {namesAndValues[i], namesAndValues[i + 1]});
        }
        return headers;
    }

    private static Probe post(String path, byte[] body, String contentType, String label) {
        List<String[]> headers = new ArrayList<>();
        if (contentType != null) {
            headers.add(new String[] {"Content-Type", contentType});
        }
        return new Probe(label, "POST", "/api/v1" + path, headers, body, null);
    }

    private static Probe put(
            String path, byte[] body, String contentType, String authorization, String trickery, String label) {
        List<String[]> headers = new ArrayList<>();
        if (contentType != null) {
            headers.add(new String[] {"Content-Type", contentType});
        }
        if (authorization != null) {
            headers.add(new String[] {"Authorization", authorization});
        }
        return new Probe(label, "PUT", "/api/v1" + path, headers, body, trickery);
    }

    // ---------------------------------------------------------------- sending

    /** Through HttpClient when the target is a valid URI and the headers are ASCII, else over a plain socket. */
    private static Answer send(HttpClient client, Probe probe) throws IOException, InterruptedException {
        URI uri = null;
        try {
            uri = new URI(SERVICE.url(probe.target()));
        } catch (java.net.URISyntaxException notAUri) {
            // sent raw below
        }
        boolean asciiHeaders =
                probe.headers().stream().allMatch(header -> header[1].chars().allMatch(c -> c < 0x7f));
        boolean chunked = probe.label().contains("chunked");
        if (uri == null || !asciiHeaders || chunked || PATH.equals(probe.beforeApplication())) {
            return sendRaw(probe, chunked);
        }
        HttpRequest.BodyPublisher publisher = probe.body() == null
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofByteArray(probe.body());
        HttpRequest.Builder request =
                HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).method(probe.method(), publisher);
        for (String[] header : probe.headers()) {
            request.header(header[0], header[1]);
        }
        HttpResponse<byte[]> response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        return new Answer(
                response.statusCode(),
                response.headers().firstValue("Content-Type").orElse("-"),
                response.body());
    }

    private static Answer sendRaw(Probe probe, boolean chunked) throws IOException {
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        StringBuilder head = new StringBuilder(probe.method())
                .append(' ')
                .append(probe.target())
                .append(" HTTP/1.1\r\nHost: 127.0.0.1:")
                .append(SERVICE.port())
                .append("\r\nConnection: close\r\n");
        for (String[] header : probe.headers()) {
            head.append(header[0]).append(": ").append(header[1]).append("\r\n");
        }
        byte[] body = probe.body() == null ? new byte[0] : probe.body();
        if (chunked) {
            head.append("Transfer-Encoding: chunked\r\n\r\n");
            request.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            request.write((Integer.toHexString(body.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            request.write(body);
            request.write("\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        } else {
            if (probe.body() != null) {
                head.append("Content-Length: ").append(body.length).append("\r\n");
            }
            head.append("\r\n");
            // UTF-8 for the request line (a raw é in a path), ISO-8859-1 would lose nothing either way for ASCII
            request.write(head.toString().getBytes(StandardCharsets.UTF_8));
            request.write(body);
        }
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", SERVICE.port()), 5_000);
            socket.setSoTimeout(10_000);
            IOException writeFailed = null;
            try {
                OutputStream out = socket.getOutputStream();
                out.write(request.toByteArray());
                out.flush();
            } catch (IOException refused) {
                // Jetty may answer a bad request line and close before reading the body: read the answer anyway
                writeFailed = refused;
            }
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            try {
                socket.getInputStream().transferTo(answer);
            } catch (IOException reset) {
                if (answer.size() == 0) {
                    throw writeFailed != null ? writeFailed : reset;
                }
            }
            return parseRawAnswer(answer.toByteArray());
        }
    }

    private static Answer parseRawAnswer(byte[] answer) throws IOException {
        String all = new String(answer, StandardCharsets.ISO_8859_1);
        int headEnd = all.indexOf("\r\n\r\n");
        if (!all.startsWith("HTTP/1.1 ") || headEnd < 0) {
            throw new IOException("not an HTTP answer: " + shorten(all, 200));
        }
        String[] lines = all.substring(0, headEnd).split("\r\n");
        int status = Integer.parseInt(lines[0].substring(9, 12));
        String contentType = "-";
        boolean chunked = false;
        for (String line : lines) {
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-type:")) {
                contentType = line.substring(13).trim();
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            }
        }
        byte[] body = java.util.Arrays.copyOfRange(answer, headEnd + 4, answer.length);
        if (chunked) {
            body = unchunk(body);
        }
        return new Answer(status, contentType, body);
    }

    private static byte[] unchunk(byte[] chunked) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        String text = new String(chunked, StandardCharsets.ISO_8859_1);
        int at = 0;
        while (at < text.length()) {
            int lineEnd = text.indexOf("\r\n", at);
            if (lineEnd < 0) {
                break;
            }
            int size =
                    Integer.parseInt(text.substring(at, lineEnd).split(";")[0].trim(), 16);
            if (size == 0) {
                break;
            }
            body.write(chunked, lineEnd + 2, size);
            at = lineEnd + 2 + size + 2;
        }
        return body.toByteArray();
    }

    // ---------------------------------------------------------------- small helpers

    private static byte[] bytes(JsonNode node) {
        try {
            return JSON.writeValueAsBytes(node);
        } catch (IOException impossible) {
            throw new UncheckedIOException(impossible);
        }
    }

    private static byte[] splice(byte[] bytes, int at, int removed, byte[] inserted) {
        byte[] result = new byte[bytes.length - removed + inserted.length];
        System.arraycopy(bytes, 0, result, 0, at);
        System.arraycopy(inserted, 0, result, at, inserted.length);
        System.arraycopy(bytes, at + removed, result, at + inserted.length, bytes.length - at - removed);
        return result;
    }

    private static byte[] concat(byte[] first, byte[] second, byte[] third) {
        byte[] result = java.util.Arrays.copyOf(first, first.length + second.length + third.length);
        System.arraycopy(second, 0, result, first.length, second.length);
        System.arraycopy(third, 0, result, first.length + second.length, third.length);
        return result;
    }

    private static <T> T pick(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private static <T> T pick(Random random, T[] values) {
        return values[random.nextInt(values.length)];
    }

    private static String percentEncode(String text) {
        StringBuilder encoded = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (Character.isLetterOrDigit(c) && c < 0x80 || c == '-' || c == '_' || c == '.') {
                encoded.append((char) c);
            } else {
                encoded.append('%').append(String.format(Locale.ROOT, "%02X", c));
            }
        }
        return encoded.toString();
    }

    private static String text(byte[] bytes) {
        return bytes == null ? "" : new String(bytes, StandardCharsets.UTF_8);
    }

    /** Printable, with non-printable characters escaped, cut to a length. */
    private static String shorten(String text, int length) {
        StringBuilder shown = new StringBuilder();
        for (int i = 0; i < text.length() && shown.length() < length; i++) {
            char c = text.charAt(i);
            shown.append(c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format(Locale.ROOT, "\\u%04x", (int) c));
        }
        return text.length() > length ? shown + "... (" + text.length() + " chars)" : shown.toString();
    }

    private static String describe(Probe probe) {
        StringBuilder description = new StringBuilder(probe.label())
                .append(": ")
                .append(probe.method())
                .append(' ')
                .append(shorten(probe.target(), 300));
        for (String[] header : probe.headers()) {
            description
                    .append(" [")
                    .append(header[0])
                    .append(": ")
                    .append(shorten(header[1], 100))
                    .append(']');
        }
        if (probe.body() != null) {
            description
                    .append(" body(")
                    .append(probe.body().length)
                    .append(" bytes)=")
                    .append(shorten(new String(probe.body(), StandardCharsets.ISO_8859_1), 1_500));
        }
        return description.toString();
    }
}
