package dev.pbs.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.service.RawHttp.Answer;
import dev.pbs.service.RawHttp.Request;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad requests, one a line in {@code src/test/resources/bad-input/cases.txt} (its head says how
 * to read it), each answered with its status, the JSON error body naming the problem, and no stack
 * trace. Requests go over a plain socket, so that request targets {@link java.net.URI} refuses
 * (such as {@code %ZZ} or a raw space) and any header bytes are sent as written. The generated
 * storm is {@link BadInputFuzzTest}.
 */
class BadInputTest {

    @RegisterExtension
    static final TestService SERVICE = TestService.standard().with("limits.maxReplicas", "16");

    private static final String CASES = "/bad-input/cases.txt";
    private static final Pattern SUBSTITUTION = Pattern.compile("\\$\\{(?:(\\d+)\\*([^}]*)|([\\w-]+))}");
    private static final Pattern HEX = Pattern.compile("\\$\\{hex:([0-9a-f]+)}");
    private static final Pattern HEADER = Pattern.compile("\\s*\\[([^\\]:]+): ([^\\]]*)]$");
    /** A frame of a Java stack trace. */
    private static final Pattern STACK_TRACE =
            Pattern.compile("\\bat [\\w$.<>]+\\(([\\w$]+\\.java:\\d+|Native Method|Unknown Source)\\)");

    /** One line of the table: the request sent, and the status and piece of message expected. */
    record Case(Request request, int status, String message) {}

    @BeforeAll
    static void storeTheTwoDatacenterProfile() throws IOException {
        Answer stored = RawHttp.send(
                SERVICE.port(),
                new Request(
                        "the profile east-west, which the SLA cases name",
                        "PUT",
                        "/api/v1/profiles/east-west",
                        List.of(
                                new String[] {"Content-Type", "application/json"},
                                new String[] {"Authorization", "Bearer test-token"}),
                        expand("${east-west}", definitions())));
        assertThat(stored.status()).as(stored.text()).isEqualTo(201);
    }

    @ParameterizedTest(name = "line {0}")
    @MethodSource("cases")
    void badRequest_isAnsweredWithItsStatusAndAJsonErrorNamingTheProblem(Case expected) throws IOException {
        Answer answer = RawHttp.send(SERVICE.port(), expected.request());
        String shown = RawHttp.shorten(answer.text(), 500);

        assertThat(answer.status()).as("status of the answer %s", shown).isEqualTo(expected.status());
        assertThat(RawHttp.problemWith(answer)).as("the answer %s", shown).isNull();
        assertThat(STACK_TRACE.matcher(answer.text()).find())
                .as("a stack trace in %s", shown)
                .isFalse();
        if (expected.status() >= 400) {
            JsonNode error = JsonMapping.mapper().readTree(answer.body());
            assertThat(error.get("message").textValue().toLowerCase(Locale.ROOT))
                    .as("the message of %s", shown)
                    .contains(expected.message().toLowerCase(Locale.ROOT));
        }
    }

    /** The table's cases, each named by its line number and its line. */
    static List<Arguments> cases() {
        Map<String, String> definitions = definitions();
        List<Arguments> cases = new ArrayList<>();
        List<String> lines = lines();
        for (int number = 1; number <= lines.size(); number++) {
            String line = lines.get(number - 1);
            if (line.isBlank() || line.startsWith("#") || line.startsWith("@")) {
                continue;
            }
            String[] cells = line.split("(?<=\\s)\\|(?=\\s|$)", -1);
            if (cells.length != 4) {
                throw new IllegalArgumentException(CASES + ":" + number + ": not request | body | status | message");
            }
            String shownLine = number + ": " + RawHttp.shorten(line, 160);
            cases.add(Arguments.of(Named.of(
                    shownLine,
                    new Case(
                            request(shownLine, cells[0].strip(), expand(cells[1].strip(), definitions)),
                            Integer.parseInt(cells[2].strip()),
                            cells[3].strip()))));
        }
        return cases;
    }

    private static Request request(String label, String cell, byte[] body) {
        List<String[]> headers = new ArrayList<>();
        String rest = cell;
        for (Matcher header = HEADER.matcher(rest); header.find(); header = HEADER.matcher(rest)) {
            headers.add(0, new String[] {header.group(1), expand(header.group(2))});
            rest = rest.substring(0, header.start());
        }
        if (body.length > 0 && headers.stream().noneMatch(header -> header[0].equals("Content-Type"))) {
            headers.add(0, new String[] {"Content-Type", "application/json"});
        }
        int space = rest.indexOf(' ');
        String target = expand(rest.substring(space + 1));
        return new Request(label, rest.substring(0, space), target, headers, body.length > 0 ? body : null);
    }

    /** The texts the table defines ({@code @name = text}). */
    private static Map<String, String> definitions() {
        Map<String, String> definitions = new LinkedHashMap<>();
        for (String line : lines()) {
            if (line.startsWith("@")) {
                int equals = line.indexOf(" = ");
                definitions.put(
                        line.substring(1, equals).strip(),
                        line.substring(equals + 3).strip());
            }
        }
        return definitions;
    }

    /** The bytes of a cell: {@code ${hex:...}} alone, or the text with its substitutions made. */
    private static byte[] expand(String cell, Map<String, String> definitions) {
        Matcher hex = HEX.matcher(cell);
        if (hex.matches()) {
            return HexFormat.of().parseHex(hex.group(1));
        }
        return expand(cell, definitions::get).getBytes(StandardCharsets.UTF_8);
    }

    /** A text with {@code ${N*text}} repeated ({@link BadInputFuzzTest}'s values use this too). */
    static String expand(String text) {
        return expand(text, name -> null);
    }

    private static String expand(String text, Function<String, String> definitions) {
        StringBuilder expanded = new StringBuilder();
        Matcher substitution = SUBSTITUTION.matcher(text);
        while (substitution.find()) {
            String replacement;
            if (substitution.group(1) != null) {
                replacement = substitution.group(2).repeat(Integer.parseInt(substitution.group(1)));
            } else if (substitution.group(3).equals("tab")) {
                replacement = "\t";
            } else {
                replacement = definitions.apply(substitution.group(3));
                if (replacement == null) {
                    throw new IllegalArgumentException("no definition of " + substitution.group());
                }
            }
            substitution.appendReplacement(expanded, Matcher.quoteReplacement(replacement));
        }
        return substitution.appendTail(expanded).toString();
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static List<String> lines() {
        try (InputStream table = BadInputTest.class.getResourceAsStream(CASES)) {
            return new String(table.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList();
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }
}
