package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.service.RawHttp.Answer;
import dev.pbs.service.RawHttp.Request;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A storm of generated malformed requests against the whole application: every answer must be
 * below 500, and every 4xx must carry the JSON error body {@code {"code": status, "message": ...}},
 * including those Jetty and Jersey give before the application sees the request (a malformed path
 * or header). The generator is a fixed-seed {@link Random}, so a failure names a request that can
 * be replayed; the fixed bad requests, each with its status and message, are {@link BadInputTest}'s.
 *
 * <p>Requests are valid ones ({@code src/test/resources/bad-input/storm.json}) damaged in one to
 * three places, junk bodies, profile uploads under odd names and tokens, and SLA window queries
 * (in (N, R, W) and in consistency levels), with odd content types and Accept headers. The values
 * picked from are in that file too, by position: with the lists unchanged, the same seed gives the
 * same requests. The service runs with the shipped limit of 16 replicas, so that the built-in
 * {@code ec2-three-regions} (9 replicas) is answered.
 */
class BadInputFuzzTest {

    @RegisterExtension
    static final TestService SERVICE = TestService.standard().with("limits.maxReplicas", "16");

    private static final long SEED = 0x5EED_F022L;
    private static final int GENERATED_REQUESTS = 1_500;
    private static final String TOKEN = "test-token";
    private static final ObjectMapper JSON = JsonMapping.mapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** What the requests are made from: bad-input/storm.json. */
    private static final JsonNode STORM = storm();

    private static final List<JsonNode> PROFILE_BASES = bases("profile_bases");
    private static final List<JsonNode> PREDICTION_BASES = bases("prediction_bases");
    private static final List<JsonNode> RECOMMENDATION_BASES = bases("recommendation_bases");
    private static final List<String> CONTENT_TYPES = strings("content_types");
    private static final List<String> ACCEPTS = strings("accepts");
    private static final List<String> BAD_AUTHORIZATIONS = strings("bad_authorizations");
    /** Path-like and odd profile names that reach the application. */
    private static final List<String> TRICKY_NAMES = strings("tricky_names");
    /** Names Jetty refuses before the application (encoded slash, control character, bad UTF-8, ...). */
    private static final List<String> NAMES_JETTY_REFUSES = strings("names_jetty_refuses");

    private static final List<String> VALID_NAMES = strings("valid_names");
    private static final List<String> BUILT_IN_NAMES = strings("built_in_names");
    private static final List<String> SLA_PROFILES = strings("sla_profiles");
    private static final List<String> SLA_N = strings("sla_n");
    private static final List<String> SLA_QUORUMS = strings("sla_quorums");
    private static final List<String> SLA_LEVELS = strings("sla_levels");
    private static final List<String> SLA_DATACENTERS = strings("sla_datacenters");
    private static final List<String> SLA_P = strings("sla_p");
    private static final List<String> SLA_TRIALS = strings("sla_trials");
    private static final List<String> SLA_SEEDS = strings("sla_seeds");
    private static final List<String> FIELD_NAMES = strings("field_names");
    /** Number-like JSON tokens, sent as they are. */
    private static final List<String> RAW_NUMBERS = strings("raw_numbers");
    /** Tokens that are not JSON, or strings with bad escapes, sent as they are. */
    private static final List<String> RAW_TOKENS = strings("raw_tokens");

    private static final List<String> TEXTS = strings("texts");
    private static final List<String> TREES = strings("trees");
    private static final List<String> JUNK_TOKENS = strings("junk_tokens");
    private static final List<String> JUNK_BODIES = strings("junk_bodies");

    @Test
    @Timeout(value = 55, unit = TimeUnit.SECONDS)
    void malformedRequests_neverAnswer5xx_andEveryErrorIsJson() throws Exception {
        long start = System.nanoTime();
        // The bases are valid, so every failure below comes from the mutation.
        for (JsonNode base : PREDICTION_BASES) {
            Answer answer = send(post("/predictions", bytes(base), "application/json", "base"));
            assertThat(answer.status())
                    .as("base prediction %s: %s", base, answer.text())
                    .isEqualTo(200);
        }
        for (JsonNode base : RECOMMENDATION_BASES) {
            Answer answer = send(post("/recommendations", bytes(base), "application/json", "base"));
            assertThat(answer.status())
                    .as("base recommendation %s: %s", base, answer.text())
                    .isEqualTo(200);
        }
        for (JsonNode base : PROFILE_BASES) {
            Answer answer =
                    send(put("/profiles/base-profile", bytes(base), "application/json", "Bearer " + TOKEN, "base"));
            assertThat(answer.status())
                    .as("base profile %s: %s", base, answer.text())
                    .isBetween(200, 201);
        }

        Random random = new Random(SEED);
        Map<Integer, Integer> statusCounts = new TreeMap<>();
        Map<String, List<String>> failures = new TreeMap<>();
        for (int i = 0; i < GENERATED_REQUESTS; i++) {
            Request probe = generate(random, i);
            Answer answer;
            try {
                answer = send(probe);
            } catch (IOException noAnswer) {
                failures.computeIfAbsent("no answer: " + noAnswer.getMessage(), k -> new ArrayList<>())
                        .add(RawHttp.describe(probe));
                continue;
            }
            statusCounts.merge(answer.status(), 1, Integer::sum);
            String problem = RawHttp.problemWith(answer);
            if (problem != null) {
                String route = probe.target().replaceAll("[?].*", "").replaceAll("/profiles/.*", "/profiles/{name}");
                failures.computeIfAbsent(
                                answer.status() + " " + answer.contentType() + ": " + problem + " from "
                                        + probe.method() + " " + route,
                                k -> new ArrayList<>())
                        .add("body=" + RawHttp.shorten(answer.text(), 300) + " to " + RawHttp.describe(probe));
            }
        }

        Answer after = send(post("/predictions", bytes(PREDICTION_BASES.get(0)), "application/json", "after"));
        System.out.printf(
                Locale.ROOT,
                "BadInputFuzzTest: %d requests (seed %d) in %.1f s, status counts %s, %d failures%n",
                GENERATED_REQUESTS,
                SEED,
                (System.nanoTime() - start) / 1e9,
                statusCounts,
                failures.values().stream().mapToInt(List::size).sum());
        failures.forEach((kind, requests) -> {
            System.out.println("  FAILURE: " + kind + " x" + requests.size());
            requests.stream().limit(3).forEach(request -> System.out.println("    " + request));
        });

        assertThat(failures.keySet())
                .as("kinds of answer with 5xx, or 4xx without the JSON error body (the requests are printed above)")
                .isEmpty();
        assertThat(after.status())
                .as("a valid prediction after the storm: %s", after.text())
                .isEqualTo(200);
        assertRequestMetricsStayBounded();
    }

    /** After the storm the request histogram's labels hold the API's route templates and methods only. */
    private static void assertRequestMetricsStayBounded() throws Exception {
        HttpResponse<String> scrape = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(SERVICE.admin("/metrics")))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(scrape.statusCode()).isEqualTo(200);
        Set<String> routes = new TreeSet<>();
        Set<String> methods = new TreeSet<>();
        Pattern labels =
                Pattern.compile("^pbs_http_server_requests_seconds_count\\{method=\"([^\"]*)\",route=\"([^\"]*)\",");
        scrape.body().lines().map(labels::matcher).filter(Matcher::find).forEach(series -> {
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

    // ---------------------------------------------------------------- generation

    private static Request generate(Random random, int index) {
        return maybeAccept(random, generateWithoutAccept(random, index));
    }

    private static Request generateWithoutAccept(Random random, int index) {
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

    private static Request profilePut(Random random, byte[] body, String label) {
        int which = random.nextInt(100);
        String name;
        if (which < 78) {
            name = pick(random, VALID_NAMES);
        } else if (which < 84) {
            name = pick(random, BUILT_IN_NAMES);
        } else if (which < 88) {
            String decoded = randomUnicode(random, 1 + random.nextInt(12));
            name = percentEncode(decoded);
        } else if (which < 95) {
            name = pick(random, TRICKY_NAMES);
        } else {
            name = pick(random, NAMES_JETTY_REFUSES);
        }
        String authorization = random.nextInt(100) < 80 ? "Bearer " + TOKEN : pick(random, BAD_AUTHORIZATIONS);
        if (authorization != null && random.nextInt(20) == 0) {
            authorization = authorization.toLowerCase(Locale.ROOT);
        }
        return put("/profiles/" + name, body, contentType(random), authorization, label);
    }

    private static Request slaProbe(Random random, String label) {
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
        String target = "/api/v1/sla/window" + (text.isEmpty() && random.nextBoolean() ? "" : "?" + text);
        return new Request(label, "GET", target, headers, null);
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
    private static Request maybeAccept(Random random, Request probe) {
        if (random.nextInt(20) != 0) {
            return probe;
        }
        List<String[]> headers = new ArrayList<>(probe.headers());
        headers.add(new String[] {"Accept", pick(random, ACCEPTS)});
        return new Request(probe.label(), probe.method(), probe.target(), headers, probe.body());
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
            default -> pick(random, FIELD_NAMES);
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
                return raw(pick(random, RAW_NUMBERS));
            case 2:
                return raw(pick(random, RAW_TOKENS));
            case 3:
                return NODES.textNode(pick(random, TEXTS));
            case 4:
                return NODES.textNode(randomUnicode(random, 1 + random.nextInt(random.nextBoolean() ? 20 : 2_000)));
            case 5:
                return deep(random);
            case 6:
                return tree(pick(random, TREES));
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
                    text.append(pick(random, JUNK_TOKENS));
                }
                return text.toString().getBytes(StandardCharsets.UTF_8);
            }
            case 4:
                return pick(random, JUNK_BODIES).getBytes(StandardCharsets.UTF_8);
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

    // ---------------------------------------------------------------- the requests' parts

    private static JsonNode storm() {
        try (InputStream file = BadInputFuzzTest.class.getResourceAsStream("/bad-input/storm.json")) {
            return JSON.readTree(file);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    /** A list of storm.json, its {@code ${N*text}} expanded. */
    private static List<String> strings(String name) {
        List<String> values = new ArrayList<>();
        STORM.get(name).forEach(value -> values.add(value.isNull() ? null : BadInputTest.expand(value.textValue())));
        return values;
    }

    /** Valid requests of storm.json, each {@code "@name"} replaced by the profile of that name. */
    private static List<JsonNode> bases(String name) {
        List<JsonNode> bases = new ArrayList<>();
        STORM.get(name).forEach(base -> bases.add(withProfiles(base.deepCopy())));
        return bases;
    }

    private static JsonNode withProfiles(JsonNode node) {
        if (node.isTextual() && node.textValue().startsWith("@")) {
            String name = node.textValue().substring(1);
            return name.equals("measured")
                    ? tree(empiricalProfile())
                    : STORM.get("profiles").get(name).deepCopy();
        }
        if (node instanceof ObjectNode object) {
            object.properties().forEach(field -> field.setValue(withProfiles(field.getValue())));
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                array.set(i, withProfiles(array.get(i)));
            }
        }
        return node;
    }

    private static String empiricalProfile() {
        Histogram histogram = new Histogram(3);
        for (long value = 100_000; value <= 5_000_000; value += 7_919) {
            histogram.recordValue(value);
        }
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        String encoded = Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
        return "{\"name\": \"measured\", \"default\": {\"w\": {\"type\": \"empirical\", \"count\": "
                + histogram.getTotalCount() + ", \"histogram\": \"" + encoded + "\", \"unit\": \"ns\"}, "
                + "\"a\": {\"type\": \"constant\", \"value_ms\": 0.1}, \"r\": {\"type\": \"exponential\", "
                + "\"mean_ms\": 0.2}, \"s\": {\"type\": \"constant\", \"value_ms\": 0.1}}}";
    }

    private static Request post(String path, byte[] body, String contentType, String label) {
        List<String[]> headers = new ArrayList<>();
        if (contentType != null) {
            headers.add(new String[] {"Content-Type", contentType});
        }
        return new Request(label, "POST", "/api/v1" + path, headers, body);
    }

    private static Request put(String path, byte[] body, String contentType, String authorization, String label) {
        List<String[]> headers = new ArrayList<>();
        if (contentType != null) {
            headers.add(new String[] {"Content-Type", contentType});
        }
        if (authorization != null) {
            headers.add(new String[] {"Authorization", authorization});
        }
        return new Request(label, "PUT", "/api/v1" + path, headers, body);
    }

    private static Answer send(Request request) throws IOException {
        return RawHttp.send(SERVICE.port(), request);
    }

    // ---------------------------------------------------------------- small helpers

    private static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException invalid) {
            throw new UncheckedIOException(invalid);
        }
    }

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
        byte[] result = Arrays.copyOf(first, first.length + second.length + third.length);
        System.arraycopy(second, 0, result, first.length, second.length);
        System.arraycopy(third, 0, result, first.length + second.length, third.length);
        return result;
    }

    private static <T> T pick(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
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
}
